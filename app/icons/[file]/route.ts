import sharp from "sharp";
import { APP_ICONS, type AppIcon } from "@/lib/brand/app-icons";
import { markSvg } from "@/lib/brand/brand-mark";

// The home-screen icons (lib/brand/app-icons.ts), PNGs drawn from the brand mark once, when the site is built.
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return Object.keys(APP_ICONS).map((file) => ({ file }));
}

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const icon = APP_ICONS[file as AppIcon];
  if (!icon) return new Response(null, { status: 404 });
  const png = await sharp(Buffer.from(markSvg(icon.size, { bleed: icon.bleed })))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  return new Response(new Uint8Array(png), {
    headers: { "content-type": "image/png", "cache-control": "public, max-age=604800" },
  });
}
