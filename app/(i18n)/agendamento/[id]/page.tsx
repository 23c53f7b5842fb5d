import type { Metadata } from "next";
import { AppointmentDetail } from "@/components/appointments/appointment-detail";
import { appointmentIdOf, manageTokenOf } from "@/components/appointments/page-address";
import { sharePreview } from "@/components/shop/seo";
import { inLanguage } from "@/lib/i18n/settings";
import { getT } from "@/lib/i18n/server";
import { shareImage } from "@/lib/i18n/share-image";
import { previewShopOfManageLink } from "@/lib/server/appointments/read";
import { getDb } from "@/lib/server/db/client";
import { shopPreviewAlt } from "@/lib/server/share/card-image";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { t, lng } = await getT("booking");
  // Private: the page may carry a manage token in its address.
  const page: Metadata = { title: t("meta.detailTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
  // A manage link the client sends to their own WhatsApp ("Send to my WhatsApp") previews as the shop's card
  // and "Your appointment at …", not as the site's advert. Nothing private: the shop only; og:url has no token.
  const id = Number((await params).id);
  const token = manageTokenOf(await searchParams);
  if (!token || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return page;
  // (A preview is a nicety: if the database fails here, the page keeps the site's.)
  const shop = await getDb()
    .then((db) => previewShopOfManageLink(db, id, token))
    .catch(() => null);
  if (!shop) return page;
  const title = t("meta.previewTitle", { shop: shop.name });
  const description = t("meta.previewDescription");
  const image = shareImage(`/barbearia/${shop.slug}`, "card", lng, shopPreviewAlt(shop));
  return {
    ...page,
    ...sharePreview({ title, description, url: inLanguage(`/agendamento/${id}`, lng), lng, image }),
  };
}

export default async function AppointmentPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const { lng } = await getT("booking");
  const appointmentId = appointmentIdOf(id);
  const token = manageTokenOf(query);
  return (
    <div className="container-page py-6 md:py-10">
      <AppointmentDetail id={appointmentId} manageToken={token} isNew={query.new === "1"} sentWhatsapp={query.sent === "whatsapp"} lng={lng} />
    </div>
  );
}
