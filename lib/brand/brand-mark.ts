// The brand mark (a straight razor in gold): drawn by the header's logo (components/logo.tsx) and by the app
// icons a phone puts on its home screen (app/icons/[file]/route.ts). One drawing for both, in a 32-unit box.
export const MARK = {
  gold: "#E5B817",
  ink: "#1a1502",
  /** The site's dark background (the theme colour the browser paints around the page). */
  background: "#0e0e10",
  blade: "M7 21.5 20.5 8a2.2 2.2 0 0 1 3.1 3.1L10.1 24.6Z",
  handle: "m10.1 24.6 2.6 2.6a1.5 1.5 0 0 0 2.1-2.1l-2.6-2.6",
} as const;

/**
 * The mark as an SVG document. `bleed`: a square filled to its edges with the razor drawn smaller, inside the
 * middle 80 % (the part of a "maskable" icon every phone's mask keeps, and iOS rounds its own corners);
 * otherwise the rounded square the header shows, on transparent corners.
 */
export function markSvg(size: number, { bleed = false }: { bleed?: boolean } = {}): string {
  const square = bleed ? `<rect width="32" height="32" fill="${MARK.gold}"/>` : `<rect width="32" height="32" rx="8" fill="${MARK.gold}"/>`;
  const razor =
    `<path d="${MARK.blade}" fill="${MARK.ink}"/>` + `<path d="${MARK.handle}" fill="none" stroke="${MARK.ink}" stroke-width="2" stroke-linecap="round"/>`;
  const drawn = bleed ? `<g transform="translate(16 16) scale(0.72) translate(-16 -17.6)">${razor}</g>` : razor;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${square}${drawn}</svg>`;
}
