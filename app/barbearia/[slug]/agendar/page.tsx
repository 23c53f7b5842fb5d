import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookingFlow } from "@/components/booking/booking-flow";
import { SHARED_KEYS, pickKeys } from "@/components/booking/words";
import { getResources, getT } from "@/lib/i18n/server";
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
  const { t } = await getT("booking");
  const context = await loadBookingContext(await getDb(), slug);
  if (!context) return {};
  return {
    title: t("meta.title", { shop: context.shop.name }),
    description: t("meta.description", { shop: context.shop.name }),
    robots: { index: false },
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
