// The icons a phone shows for the site on its home screen ("Add to Home Screen"), drawn from the brand mark
// (lib/brand/brand-mark.ts) by app/icons/[file]/route.ts and named by the web app manifest
// (app/manifest.webmanifest/route.ts), the pages' <head> (app/layout.tsx) and /favicon.ico (next.config.ts).
export const APP_ICONS = {
  /** /favicon.ico, for browsers and crawlers that ask for it without reading the page's icons. */
  "favicon-48.png": { size: 48, bleed: false },
  /** Android and Chrome: the rounded mark on transparent corners. */
  "icon-192.png": { size: 192, bleed: false },
  "icon-512.png": { size: 512, bleed: false },
  /** Android's adaptive icons cut their own shape: the mark filled to the edges, the razor in the safe zone. */
  "maskable-512.png": { size: 512, bleed: true },
  /** iOS rounds its corners itself and fills transparency with black. */
  "apple-touch-icon.png": { size: 180, bleed: true },
} as const;
export type AppIcon = keyof typeof APP_ICONS;

export const iconPath = (file: AppIcon) => `/icons/${file}`;
