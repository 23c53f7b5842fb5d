import { getT } from "@/lib/i18n/server";
import { SHARE_LANGS, SHARE_SIZE, shareImageId, shareImageLang } from "@/lib/i18n/share-image";
import { shareCard } from "@/lib/server/share/card-image";
import { sitePreviewAlt } from "@/lib/i18n/share-alt";

// The site's link preview (home, and every page without a card of its own), in each language: ids "site",
// "site-en" and "site-es" at /share/opengraph-image/<id>. It lives in a segment with no page, so no page
// inherits all three: the root layout names the one of the page's language (siteShareImage).
export async function generateImageMetadata() {
  return Promise.all(
    SHARE_LANGS.map(async (lng) => ({ id: shareImageId("site", lng), alt: await sitePreviewAlt(lng), size: SHARE_SIZE, contentType: "image/png" })),
  );
}

export default async function Image({ id }: { id: Promise<string> }) {
  const { t } = await getT("share", { lng: shareImageLang(await id) });
  return shareCard({ kicker: t("card.siteKicker"), title: t("card.siteTitle"), lines: [t("card.siteLine")], action: t("card.action") });
}
