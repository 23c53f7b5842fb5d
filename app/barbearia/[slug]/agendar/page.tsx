import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookingFlow } from "@/components/booking/booking-flow";
import { parseChoice, toQuery } from "@/components/booking/url-state";
import { SHARED_KEYS, pickKeys } from "@/components/booking/words";
import type { TBookingContext } from "@/lib/contract/booking";
import { sharePreview } from "@/components/shop/seo";
import { inLanguage } from "@/lib/i18n/settings";
import { getResources, getT } from "@/lib/i18n/server";
import { shareImage } from "@/lib/i18n/share-image";
import { shopPreviewAlt } from "@/lib/server/share/card-image";
import { type Catalogues, WordsProvider } from "@/lib/i18n/words";
import { loadBookingContext } from "@/lib/server/appointments/booking-context";
import { getDb } from "@/lib/server/db/client";

export const dynamic = "force-dynamic";

// The booking flow translates in the browser with lib/i18n/words over its own catalogue and the few texts
// of common and errors it shows (components/booking/words.ts), not i18next: a visitor from a shared link
// books with ~28 KB less script (decision 0033). Its parent, the shop page, is translated on the server.
const SHARED_NAMESPACES = Object.keys(SHARED_KEYS);

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
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
  // A link to book a service, or with a barber ("book your beard with me"), previews with them and keeps
  // them in og:url (which Facebook opens). The tab's title stays the shop's: the flow changes its choices
  // in the address bar, and the title would then name the ones left behind.
  const shared = sharedChoice(await searchParams, context);
  const shareTitle =
    shared.service && shared.barber
      ? t("meta.shareServiceBarber", { ...shared, shop: context.shop.name })
      : shared.service
        ? t("meta.shareService", { ...shared, shop: context.shop.name })
        : shared.barber
          ? t("meta.shareBarber", { ...shared, shop: context.shop.name })
          : title;
  const url = inLanguage(`/barbearia/${context.shop.slug}/agendar${shared.query ? `?${shared.query}` : ""}`, lng);
  return {
    title,
    description,
    robots: { index: false },
    ...sharePreview({ title: shareTitle, description, url, lng, image }),
  };
}

/** The services and barber a booking link names, as the flow reads them (unknown ones dropped), for its preview. */
function sharedChoice(raw: Record<string, string | string[] | undefined>, context: TBookingContext): { service?: string; barber?: string; query: string } {
  const q = new URLSearchParams();
  for (const key of ["service", "services", "barber"]) {
    const v = raw[key];
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) q.set(key, first);
  }
  const choice = parseChoice(q, context, 1);
  const names = choice.serviceIds.map((id) => context.services.find((s) => s.id === id)!.name);
  const barber = typeof choice.barberChoice === "number" ? context.barbers.find((b) => b.id === choice.barberChoice)?.name : undefined;
  const query = toQuery({ serviceIds: choice.serviceIds, quantities: {}, barberChoice: choice.barberChoice, date: null, time: null, step: null });
  return { service: names.length ? names.join(" + ") : undefined, barber, query };
}

export default async function BookingPage({ params }: Props) {
  const { slug } = await params;
  const { t, lng, i18n } = await getT("booking");
  const context = await loadBookingContext(await getDb(), slug);
  if (!context) notFound();
  const all = getResources(i18n, ["booking", ...SHARED_NAMESPACES], [lng])[lng] as Catalogues;
  // The messages' texts (e-mail, WhatsApp) and the alert's page are the server's: the page's script need not read them.
  const { messages: _serverOnly, waitlistEntry: _entryPage, ...booking } = all.booking as Catalogues[string] & { messages?: unknown; waitlistEntry?: unknown };
  const catalogues: Catalogues = { booking };
  for (const ns of SHARED_NAMESPACES) catalogues[ns] = pickKeys(all[ns] ?? {}, SHARED_KEYS[ns]);
  // The title's words around the shop's name, in the language's order ("Agendar na {{shop}}").
  const around = t("flow.title", { shop: "\u0000" }).split("\u0000");
  return (
    <div className="container-page py-3 md:py-10">
      {/* One line on a phone, so the step below keeps its room above the bottom bar: there it shows the shop's name
          alone ("Agendar na" is read to screen readers and comes back from `sm` up), and a name still too long ends in "…". */}
      <h1 className="truncate pt-1 text-lg font-bold md:mt-2 md:overflow-visible md:text-3xl md:whitespace-normal">
        {around[0] && <span className="sr-only sm:not-sr-only">{around[0]}</span>}
        {context.shop.name}
        {around[1] && <span className="sr-only sm:not-sr-only">{around[1]}</span>}
      </h1>
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
