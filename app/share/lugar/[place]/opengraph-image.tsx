import { getT } from "@/lib/i18n/server";
import { SHARE_LANGS, SHARE_SIZE, shareImageId, shareImageLang } from "@/lib/i18n/share-image";
import { getReadDb } from "@/lib/server/db/client";
import { noCard, shareCard } from "@/lib/server/share/card-image";
import { placePreviewAlt } from "@/lib/i18n/share-alt";
import { findPlace } from "@/lib/server/shops/places";

// The preview of a shared list of the barbershops near a place (app/(i18n)/barbearias): a PNG per place and
// language (ids "card", "card-en", "card-es" at /share/lugar/<place id>/opengraph-image/<id>), made once and
// kept for a day. One card per place, not per list: a list's point, distance and count vary with every link,
// and its preview's words already say them. Only places we know have one (the list names no other).
export const revalidate = 86400;

async function load(id: string | undefined) {
  // (Asked without an id while the build lists the image ids.)
  if (!id || !/^[1-9]\d{0,8}$/.test(id)) return null;
  return findPlace(await getReadDb(), Number(id));
}

export async function generateImageMetadata({ params }: { params: Promise<{ place: string }> }) {
  const place = await load((await params)?.place);
  return Promise.all(
    SHARE_LANGS.map(async (lng) => ({
      id: shareImageId("card", lng),
      alt: place ? await placePreviewAlt(place.label, lng) : "Navalha",
      size: SHARE_SIZE,
      contentType: "image/png",
    })),
  );
}

export default async function Image({ params, id }: { params: Promise<{ place: string }>; id: Promise<string> }) {
  const lng = shareImageLang(await id);
  const { t } = await getT("share", { lng });
  const place = await load((await params)?.place);
  if (!place) return noCard();
  const region = `${place.city} - ${place.state}`;
  const title = place.kind === "city" ? region : place.name;
  const lines = place.kind === "city" ? [t("card.cityLine")] : [region, t("card.cityLine")];
  return shareCard({ kicker: t("card.placeKicker"), title, lines, action: t("card.action") });
}
