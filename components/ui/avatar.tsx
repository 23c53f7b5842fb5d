/**
 * A round photo, or the person's initials on gold when there is none. Loaded when it nears the screen unless
 * `loading="eager"`: an eager picture rendered on the server also gets React's `<link rel="preload">` in the
 * head, so a shop's team photos, far below the fold on a phone, were fetched before its style sheet.
 */
export function Avatar({ name, url, size = 40, loading = "lazy" }: { name: string; url?: string | null; size?: number; loading?: "lazy" | "eager" }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join("");
  if (url) {
    return (
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        loading={loading}
        decoding="async"
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-ink"
      style={{ width: size, height: size, fontSize: size * 0.38 }}
    >
      {initials || "?"}
    </span>
  );
}
