import type { Metadata } from "next";

/** Canonical URL and hreflang alternates: pt-BR (the default) without ?lng=, the others with it. */
export function alternates(path: string): NonNullable<Metadata["alternates"]> {
  const sep = path.includes("?") ? "&" : "?";
  return {
    canonical: path,
    languages: { "pt-BR": path, en: `${path}${sep}lng=en`, es: `${path}${sep}lng=es`, "x-default": path },
  };
}

/**
 * JSON for a <script type="application/ld+json">: "<" is escaped so that a value such as
 * "</script>" cannot close the element (the JSON stays equivalent).
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function siteUrl(): string {
  return (process.env.PUBLIC_SITE_URL || "http://localhost:3000").replace(/\/$/, "");
}
