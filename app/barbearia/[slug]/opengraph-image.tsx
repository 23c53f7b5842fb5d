import { formatRating } from "@/components/shop/format";
import { getReadDb } from "@/lib/server/db/client";
import { SHARE_SIZE, shareCard, shopPreviewAlt } from "@/lib/server/share/card-image";
import { findShopBySlug } from "@/lib/server/shops/detail";

// The shop's link preview (WhatsApp, Facebook, X): a PNG made once and kept for an hour.
export const revalidate = 3600;

async function load(slug: string | undefined) {
  // (Asked without a slug while the build lists the image ids.)
  if (!slug || slug.length > 200 || slug.includes("\u0000")) return null;
  return findShopBySlug(await getReadDb(), safeDecode(slug));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** One image, described for screen readers and previews by the shop's name and place. */
export async function generateImageMetadata({ params }: { params: Promise<{ slug: string }> }) {
  const shop = await load((await params)?.slug);
  const alt = shop ? shopPreviewAlt(shop) : "Navalha";
  return [{ id: "card", alt, size: SHARE_SIZE, contentType: "image/png" }];
}

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const shop = await load((await params)?.slug);
  if (!shop) return shareCard({ kicker: "Navalha", title: "Barbearia não encontrada", lines: [] });
  return shareCard({
    kicker: "Agende online",
    title: shop.name,
    lines: [`${shop.neighborhood} · ${shop.city} - ${shop.state}`],
    rating: shop.rating_count > 0 ? `${formatRating("pt-BR", shop.rating_avg)} (${shop.rating_count})` : null,
    photo: shop.cover_url ?? shop.photos[0],
  });
}
