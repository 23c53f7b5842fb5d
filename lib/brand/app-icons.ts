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

/** A web app manifest's `icons`: the two sizes every install needs, and the maskable one for Android's shapes. */
export const manifestIcons = () =>
  (["icon-192.png", "icon-512.png", "maskable-512.png"] as AppIcon[]).map((file) => ({
    src: iconPath(file),
    sizes: `${APP_ICONS[file].size}x${APP_ICONS[file].size}`,
    type: "image/png",
    purpose: APP_ICONS[file].bleed ? "maskable" : "any",
  }));
