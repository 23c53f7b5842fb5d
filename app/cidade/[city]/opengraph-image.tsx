import { getT } from "@/lib/i18n/server";
import { getReadDb } from "@/lib/server/db/client";
import { SHARE_LANGS, SHARE_SIZE, shareImageId, shareImageLang } from "@/lib/i18n/share-image";
import { noCard, shareCard } from "@/lib/server/share/card-image";
import { cityPreviewAlt } from "@/lib/i18n/share-alt";
import { findCity } from "@/lib/server/shops/search";
import { decodeSegment } from "@/lib/text/url-segment";

// The city page's link preview: a PNG in each language (ids "card", "card-en", "card-es"; the page names
// the one of its language), made once and kept for a day.
export const revalidate = 86400;

async function load(slug: string | undefined) {
  // (Asked without a slug while the build lists the image ids.)
  if (!slug || slug.length > 100) return null;
  return findCity(await getReadDb(), decodeSegment(slug));
}

export async function generateImageMetadata({ params }: { params: Promise<{ city: string }> }) {
  const city = await load((await params)?.city);
  return Promise.all(
    SHARE_LANGS.map(async (lng) => ({ id: shareImageId("card", lng), alt: await cityPreviewAlt(city, lng), size: SHARE_SIZE, contentType: "image/png" })),
  );
}

export default async function Image({ params, id }: { params: Promise<{ city: string }>; id: Promise<string> }) {
  const lng = shareImageLang(await id);
  const { t } = await getT("share", { lng });
  const city = await load((await params)?.city);
  // No city, no card (its page is a 404 too).
  if (!city) return noCard();
  return shareCard({ kicker: t("card.cityKicker"), title: `${city.name} - ${city.state}`, lines: [t("card.cityLine")], action: t("card.action") });
}
