import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookingFlow } from "@/components/booking/booking-flow";
import { SHARED_KEYS, pickKeys } from "@/components/booking/words";
import { inLanguage, ogLocale } from "@/components/shop/seo";
import { getResources, getT } from "@/lib/i18n/server";
import { shareImage } from "@/lib/i18n/share-image";
import { shopPreviewAlt } from "@/lib/server/share/card-image";
import { type Catalogues, WordsProvider } from "@/lib/i18n/words";
import { loadBookingContext } from "@/lib/server/appointments/booking-context";
import { getDb } from "@/lib/server/db/client";

export const dynamic = "force-dynamic";

// The booking flow translates in the browser with lib/i18n/words over its own catalogue and the few texts
// of common and errors it shows (components/booking/words.ts), not i18next: a visitor from a shared link
// books with ~28 KB less script (issue 15). Its parent, the shop page, is translated on the server.
const SHARED_NAMESPACES = Object.keys(SHARED_KEYS);

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { t, lng } = await getT("booking");
  const context = await loadBookingContext(await getDb(), slug);
  if (!context) return {};
  const title = t("meta.title", { shop: context.shop.name });
  const description = t("meta.description", { shop: context.shop.name });
  // A booking link shared on WhatsApp previews as this page, not with the site's general title and text.
  // Its picture is the shop's card (../opengraph-image.tsx), named here: a page's own openGraph replaces
  // the one its parent segment's image file gives.
  const image = shareImage(`/barbearia/${context.shop.slug}`, "card", lng, shopPreviewAlt(context.shop));
  return {
    title,
    description,
    robots: { index: false },
    openGraph: { title, description, url: inLanguage(`/barbearia/${context.shop.slug}/agendar`, lng), type: "website", siteName: "Navalha", locale: ogLocale(lng), images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [image] },
  };
}

export default async function BookingPage({ params }: Props) {
  const { slug } = await params;
  const { t, lng, i18n } = await getT("booking");
  const context = await loadBookingContext(await getDb(), slug);
  if (!context) notFound();
  const all = getResources(i18n, ["booking", ...SHARED_NAMESPACES], [lng])[lng] as Catalogues;
  const catalogues: Catalogues = { booking: all.booking };
  for (const ns of SHARED_NAMESPACES) catalogues[ns] = pickKeys(all[ns] ?? {}, SHARED_KEYS[ns]);
  return (
    <div className="container-page py-3 md:py-10">
      <h1 className="pt-1 text-lg font-bold md:mt-2 md:text-3xl">{t("flow.title", { shop: context.shop.name })}</h1>
      <p className="mt-1 hidden text-muted md:block">
        {context.shop.address}, {context.shop.neighborhood} · {context.shop.city} - {context.shop.state}
      </p>
      <div className="mt-3 md:mt-6">
        <WordsProvider lng={lng} catalogues={catalogues}>
          <BookingFlow context={context} lng={lng} />
        </WordsProvider>
      </div>
    </div>
  );
}
