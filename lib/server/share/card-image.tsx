import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import sharp from "sharp";
import { SHARE_SIZE } from "@/lib/i18n/share-image";

/** What a shop's preview shows, for screen readers and previews: its name and place. */
export function shopPreviewAlt(shop: { name: string; neighborhood: string; city: string }): string {
  return `${shop.name} — ${shop.neighborhood}, ${shop.city}`;
}

/**
 * A photo of the site (public/…: WebP, PNG, JPEG or SVG) as a PNG data URL for the card: WhatsApp and
 * Facebook show PNG and JPEG previews. Anything unreadable is left out.
 */
async function photoDataUrl(url: string | null | undefined): Promise<string | null> {
  if (!url || !url.startsWith("/") || url.includes("..")) return null;
  try {
    const file = await readFile(path.join(process.cwd(), "public", url.split("?")[0]));
    const png = await sharp(file).resize(480, 630, { fit: "cover" }).png().toBuffer();
    return `data:image/png;base64,${png.toString("base64")}`;
  } catch {
    return null;
  }
}

/** What a preview card shows. */
type Card = { kicker: string; title: string; lines: string[]; rating?: string | null; photo?: string | null; action?: string };

/**
 * The 1200 × 630 preview card in the site's look: dark, gold, the name large, a photo on the right.
 *
 * WhatsApp shows no picture at all for a preview image above about 300 KB (the figure most often given;
 * others give 500–600 KB), and next/og's full-colour PNG of a card with a photo weighed 250–355 KB for
 * the demo's shops. So the card is re-encoded as a palette PNG (256 colours, dithered, libimagequant
 * through sharp): 100–120 KB, still a PNG, and the same to the eye at preview size.
 */
/**
 * The answer for a card of a shop or city that is not there: a 404 that no CDN keeps. (Next keeps it as it
 * keeps a card, in memory until the route's time is up; its `notFound()` would be kept for a year by a CDN
 * and by Next until it restarts, so a name asked before its shop existed would never get its card.)
 */
export function noCard(): Response {
  return new Response(null, { status: 404, headers: { "cache-control": "no-store" } });
}

export async function shareCard(card: Card): Promise<Response> {
  const full = await renderCard(card);
  const png = await sharp(Buffer.from(await full.arrayBuffer()))
    .png({ palette: true, quality: 100, effort: 7 })
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { "content-type": "image/png" } });
}

async function renderCard(card: Card): Promise<ImageResponse> {
  const photo = await photoDataUrl(card.photo);
  return new ImageResponse(
    <div style={{ display: "flex", width: "100%", height: "100%", background: "#0b0b0c", color: "#f5f5f4" }}>
      <div style={{ display: "flex", flexDirection: "column", justifyContent: "space-between", flex: 1, padding: 64 }}>
        <div style={{ display: "flex", alignItems: "center", gap: 16 }}>
          <div
            style={{
              display: "flex",
              width: 56,
              height: 56,
              borderRadius: 14,
              background: "#E5B817",
              color: "#0b0b0c",
              fontSize: 36,
              fontWeight: 700,
              alignItems: "center",
              justifyContent: "center",
            }}
          >
            N
          </div>
          <div style={{ display: "flex", fontSize: 36, fontWeight: 700 }}>
            Navalha<span style={{ color: "#E5B817" }}>.</span>
          </div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
          <div style={{ display: "flex", fontSize: 28, color: "#E5B817", textTransform: "uppercase", letterSpacing: 2 }}>{card.kicker}</div>
          <div style={{ display: "flex", fontSize: card.title.length > 28 ? 56 : 72, fontWeight: 700, lineHeight: 1.05, maxWidth: photo ? 620 : 1000 }}>
            {card.title}
          </div>
          {card.lines.map((line) => (
            <div key={line} style={{ display: "flex", fontSize: 32, color: "#a8a29e" }}>
              {line}
            </div>
          ))}
        </div>
        <div style={{ display: "flex", alignItems: "center", gap: 16, fontSize: 32 }}>
          {card.rating ? (
            <div style={{ display: "flex", alignItems: "center", gap: 10, color: "#E5B817" }}>
              {/* The bundled font has no star glyph: the star is drawn. */}
              <svg width="34" height="34" viewBox="0 0 24 24" fill="#E5B817">
                <path d="M12 2l2.9 6.9 7.1.6-5.4 4.7 1.7 7.3L12 17.8 5.7 21.5l1.7-7.3L2 9.5l7.1-.6z" />
              </svg>
              {card.rating}
            </div>
          ) : null}
          {card.action ? (
            <div style={{ display: "flex", padding: "10px 28px", borderRadius: 999, background: "#E5B817", color: "#0b0b0c" }}>{card.action}</div>
          ) : null}
        </div>
      </div>
      {photo ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={photo} width={480} height={630} alt="" style={{ objectFit: "cover" }} />
      ) : null}
    </div>,
    SHARE_SIZE,
  );
}
