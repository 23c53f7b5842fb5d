import { formatRating } from "@/components/shop/format";
import { getReadDb } from "@/lib/server/db/client";
import { getT } from "@/lib/i18n/server";
import { SHARE_LANGS, SHARE_SIZE, shareImageId, shareImageLang } from "@/lib/i18n/share-image";
import { noCard, shareCard, shopPreviewAlt } from "@/lib/server/share/card-image";
import { findShopBySlug } from "@/lib/server/shops/detail";
import { decodeSegment } from "@/lib/text/url-segment";

// The shop's link preview (WhatsApp, Facebook, X): a PNG in each language (ids "card", "card-en",
// "card-es"; the page names the one of its language), made once and kept for an hour.
export const revalidate = 3600;

async function load(slug: string | undefined) {
  // (Asked without a slug while the build lists the image ids.)
  if (!slug || slug.length > 200 || slug.includes("\u0000")) return null;
  return findShopBySlug(await getReadDb(), decodeSegment(slug));
}

/** One image per language, described for screen readers and previews by the shop's name and place. */
export async function generateImageMetadata({ params }: { params: Promise<{ slug: string }> }) {
  const shop = await load((await params)?.slug);
  const alt = shop ? shopPreviewAlt(shop) : "Navalha";
  return SHARE_LANGS.map((lng) => ({ id: shareImageId("card", lng), alt, size: SHARE_SIZE, contentType: "image/png" }));
}

export default async function Image({ params, id }: { params: Promise<{ slug: string }>; id: Promise<string> }) {
  const lng = shareImageLang(await id);
  const { t } = await getT("share", { lng });
  const shop = await load((await params)?.slug);
  // No shop, no card: a 404 (its page is one too), not a picture of "not found" under any name a link makes up.
  if (!shop) return noCard();
  return shareCard({
    kicker: t("card.shopKicker"),
    title: shop.name,
    lines: [`${shop.neighborhood} · ${shop.city} - ${shop.state}`],
    rating: shop.rating_count > 0 ? `${formatRating(lng, shop.rating_avg)} (${shop.rating_count})` : null,
    photo: shop.cover_url ?? shop.photos[0],
    action: t("card.action"),
  });
}
