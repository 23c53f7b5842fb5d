// Where no page origin is known (server render), a reserved name stands in: only the comparison matters.
const FALLBACK_ORIGIN = "http://navalha.invalid";

/**
 * Only paths of this site are followed after sign-in (no open redirect). The value is resolved as the
 * browser would resolve it (which drops tabs and newlines and reads "\" as "/"), and kept only when it
 * stays on this origin; what is returned is the resolved path, so the browser cannot read it otherwise.
 */
export function safeNext(next: string | null | undefined, fallback = "/", origin = currentOrigin()): string {
  if (!next || !next.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" resolves to the path "//evil.example", which a second resolution reads as a host.
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}

function currentOrigin(): string {
  return typeof window === "undefined" ? FALLBACK_ORIGIN : window.location.origin;
}
