import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { cache } from "react";
import { preload } from "react-dom";
import { HIGHLIGHT_CITIES } from "@/components/search/cities";
import { LocationSearch } from "@/components/search/location-search";
import { SearchFilters } from "@/components/search/search-filters";
import { ActiveFilterChips } from "@/components/search/active-filter-chips";
import { ShopsMap } from "@/components/map/shops-map";
import { configuredMapTiles } from "@/lib/contract/onboarding";
import { WhenStrip } from "@/components/search/when-strip";
import { stripDays, todayInBrazil } from "@/components/search/when";
import { addDays } from "@/components/booking/format";
import { ShopList } from "@/components/search/shop-list";
import {
  type ListParams,
  listSource,
  listUrl,
  RESULTS_ID,
  parseListParams,
  toShopSearch,
  widenUntilFound,
  widerDistance,
} from "@/components/search/list-params";
import { formatDistance } from "@/components/shop/format";
import { alternates, sharePreview } from "@/components/shop/seo";
import { inLanguage } from "@/lib/i18n/settings";
import { getT } from "@/lib/i18n/server";
import { shareImage, siteShareImage } from "@/lib/i18n/share-image";
import { getReadDb } from "@/lib/server/db/client";
import { nearestPlace, placeByLabel } from "@/lib/server/shops/places";
import { searchShops } from "@/lib/server/shops/search";
import { placePreviewAlt, sitePreviewAlt } from "@/lib/i18n/share-alt";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The list these URL parameters show, looked up once per request (its metadata and its page both ask):
 * the default distance widened when it held no shop; the neighbourhood or city the point lies in, which
 * names a list opened from coordinates alone (to whoever opens its link, "near you" would be wrong); and
 * the place whose label the link's `place=` is, if it is one of ours (previews show only places we know).
 */
const listView = cache(async (query: string) => {
  const asked = parseListParams(Object.fromEntries(new URLSearchParams(query)));
  if (!listSource(asked)) return { asked, found: null, around: null, named: null };
  const db = await getReadDb();
  const nearPoint = !asked.name && asked.latitude !== undefined && asked.longitude !== undefined;
  // A `place=` that is one of ours names the list itself; the nearest place is looked up only without one.
  const naming = async () => {
    const named = asked.place !== undefined ? await placeByLabel(db, asked.place) : null;
    const around = nearPoint && !named ? await nearestPlace(db, asked.latitude!, asked.longitude!) : null;
    return { named, around };
  };
  const [found, { named, around }] = await Promise.all([widenUntilFound(asked, (p) => searchShops(db, toShopSearch(p))), naming()]);
  return { asked, found, around, named };
});

/** The parameters as one string, the key of listView's cache (the first value of each, as the page reads them). */
function queryOf(raw: Record<string, string | string[] | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) q.set(k, first);
  }
  return q.toString();
}

type T = (key: string, vars?: Record<string, unknown>) => string;

function listTitle(params: ListParams, around: string | undefined, t: T): string {
  if (params.place) return t("list.titleNear", { place: params.place });
  if (params.name) return t("list.titleName", { name: params.name });
  return around ? t("list.titleNear", { place: around }) : t("list.titleHere");
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { t, lng } = await getT("search");
  const { found, around, named } = await listView(queryOf(await searchParams));
  if (!found) return { title: t("list.title"), description: t("list.metaDescription"), alternates: alternates("/barbearias", lng) };
  const { params, result } = found;
  // The tab says what the page's heading says, the place's name as the link gives it (a saved address
  // may be called "Casa"). A preview speaks for the site to whoever receives the link, so it shows only
  // text the site knows: one of its places, the place the point lies in, or "near you"; never the
  // link's own words (a `place=` or `name=` crafted to say anything).
  const title = listTitle(params, around?.label, t);
  const shown = named ?? around;
  const place = shown?.label;
  const previewTitle = params.name ? t("list.title") : place ? t("list.titleNear", { place }) : t("list.titleHere");
  const description =
    params.latitude === undefined || params.name || result.total === 0
      ? t("list.metaDescription")
      : t(place ? "list.metaDescriptionNear" : "list.metaDescriptionHere", {
          distance: formatDistance(lng, params.distance),
          place,
          shops: t("list.count", { count: result.total }),
        });
  // A shared list opens as it was shared: og:url (which Facebook follows) keeps its place, distance and
  // filters. Results are not for search engines (noindex), and say so with one voice: their canonical is
  // that same URL, with its other languages as alternates (a canonical naming the bare list page, which
  // lists no results, is a second and contrary signal, and hreflang to a page that does not name them back).
  // The picture names the place too (its card, one per place and language), else it is the site's card.
  const image = shown
    ? shareImage(`/share/lugar/${shown.id}`, "card", lng, await placePreviewAlt(shown.label, lng))
    : siteShareImage(lng, await sitePreviewAlt(lng));
  return {
    title,
    description,
    robots: { index: false, follow: true },
    alternates: alternates(listUrl(params), lng),
    ...sharePreview({ title: previewTitle, description, url: inLanguage(listUrl(params), lng), lng, image }),
  };
}

export default async function BarbershopsPage({ searchParams }: Props) {
  const { t, lng } = await getT("search");
  const { asked, found, around } = await listView(queryOf(await searchParams));

  if (!found) {
    return (
      <div className="container-page py-8 md:py-12">
        <h1 className="text-2xl font-bold md:text-3xl">{t("list.title")}</h1>
        <p className="mt-2 text-muted">{t("list.chooseLocation")}</p>
        <div className="mt-6 max-w-3xl">
          <LocationSearch mode="navigate" lng={lng} days={stripDays(t, lng)} useSaved initialCategory={asked.category} />
        </div>
        <nav aria-labelledby="browse-cities" className="mt-10">
          <h2 id="browse-cities" className="text-lg font-semibold">
            {t("list.browseCities")}
          </h2>
          {/* One a line on a phone: side by side, a long city name broke its pill in two at 320 px. */}
          <ul className="mt-3 grid gap-2 sm:flex sm:flex-wrap">
            {HIGHLIGHT_CITIES.map((slug) => (
              <li key={slug}>
                <Link href={`/cidade/${slug}`} className="btn-ghost w-full sm:w-auto">
                  {t("cities.see", { city: t(`cities.names.${slug}`) })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    );
  }

  // From here on, the distance is the one shown: the default one widened when it held no shop.
  const { params, result: initial, widenedFrom } = found;
  const source = listSource(params)!;
  if (initial.items[0]?.cover_url) preload(initial.items[0].cover_url, { as: "image", fetchPriority: "high" });
  const wider = params.latitude !== undefined ? widerDistance(params.distance) : undefined;
  const heading = listTitle(params, around?.label, t);

  return (
    <div className="container-page py-8 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-balance md:text-3xl">{heading}</h1>
          <p className="mt-1 text-sm text-muted">
            {params.latitude !== undefined ? t("list.within", { distance: formatDistance(lng, params.distance) }) : null}{" "}
            {t("list.count", { count: initial.total })}
          </p>
        </div>
        {initial.total > 0 ? <ViewToggle params={params} t={t} /> : null}
      </div>
      <details className="mt-4">
        <summary className="btn-ghost cursor-pointer list-none">{t("list.changeLocation")}</summary>
        <div className="mt-3 max-w-3xl">
          <LocationSearch mode="navigate" lng={lng} days={stripDays(t, lng)} initialCategory={params.category} />
        </div>
      </details>

      {params.latitude !== undefined ? <WhenStrip params={params} /> : null}
      <SearchFilters params={params} />
      <ActiveFilterChips params={params} />

      <div className="mt-6">
        {/* Where a list changed by its filters brings the visitor (and the focus): its count, said politely. On a
            larger screen, where the layout stays as it was, it is there for screen readers only. */}
        <p id={RESULTS_ID} tabIndex={-1} aria-live="polite" className="mb-3 text-sm font-semibold max-md:scroll-mt-0 md:sr-only md:scroll-mt-20">
          {t("list.count", { count: initial.total })}
        </p>
        {widenedFrom !== undefined ? (
          <p role="status" className="mb-4 text-sm text-muted">
            {t("list.widened", { from: formatDistance(lng, widenedFrom), to: formatDistance(lng, params.distance) })}
          </p>
        ) : null}
        {initial.total === 0 ? (
          <div className="card flex flex-col items-center gap-3 p-8 text-center" role="status">
            <p className="text-lg font-semibold">
              {params.date || params.after || params.before
                ? t("list.emptyWhen", { when: whenText(params, t, lng), distance: formatDistance(lng, params.distance) })
                : t("list.empty")}
            </p>
            {params.date && params.date === todayInBrazil() ? (
              <Link href={listUrl(params, { date: addDays(params.date, 1) })} className="btn-ghost">
                {t("list.tryTomorrow")}
              </Link>
            ) : null}
            {params.date || params.after || params.before ? (
              <Link
                href={listUrl(params, { date: undefined, after: undefined, before: undefined, sort: params.sort === "earliest" ? "distance" : params.sort })}
                className="btn-ghost"
              >
                {t("list.anyTimeLink")}
              </Link>
            ) : null}
            {wider ? (
              <Link href={listUrl(params, { distance: wider })} className="btn-primary">
                {t("list.widen", { distance: formatDistance(lng, wider) })}
              </Link>
            ) : (
              <Link
                href={listUrl({ distance: params.distance, sort: "distance", latitude: params.latitude, longitude: params.longitude, place: params.place })}
                className="btn-ghost"
              >
                {t("filters.clear")}
              </Link>
            )}
          </div>
        ) : params.view === "map" ? (
          <ShopsMap
            shops={initial.items}
            tiles={configuredMapTiles()}
            labels={{ map: t("map.label"), pins: t("map.pins"), noPins: t("map.noPins") }}
            lng={lng}
          />
        ) : (
          // Keyed by its query: a link to another day or window (client navigation) starts a new list
          // instead of keeping the previous one's pages.
          <ShopList
            key={`${source.kind} ${JSON.stringify(source.query)}`}
            initial={initial}
            kind={source.kind}
            query={source.query}
            params={params}
            lng={lng}
          />
        )}
      </div>
    </div>
  );
}

/** "Lista | Mapa": the same results as cards or as pins, the choice in the URL (`view=map`). */
function ViewToggle({ params, t }: { params: ListParams; t: T }) {
  const map = params.view === "map";
  const tab = "inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-primary";
  return (
    <nav aria-label={t("view.label")}>
      <ul className="inline-flex gap-1 rounded-full border border-line p-1">
        {(
          [
            [false, t("view.list"), undefined],
            [true, t("view.map"), "map"],
          ] as const
        ).map(([isMap, label, view]) => (
          <li key={label}>
            <Link
              href={listUrl(params, { view })}
              scroll={false}
              aria-current={map === isMap ? "page" : undefined}
              className={`${tab} ${map === isMap ? "bg-primary text-primary-ink" : "text-ink hover:text-primary"}`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "hoje a partir das 18:00", "sexta-feira, 27 de novembro", ... for the empty state. */
function whenText(params: { date?: string; after?: string; before?: string }, t: (key: string, vars?: Record<string, unknown>) => string, lng: string): string {
  const today = todayInBrazil();
  const day = !params.date
    ? ""
    : params.date === today
      ? t("list.whenToday")
      : params.date === addDays(today, 1)
        ? t("list.whenTomorrow")
        : new Intl.DateTimeFormat(lng, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${params.date}T12:00:00Z`));
  const { after, before } = params;
  const hours =
    after && before ? t("list.whenBetween", { after, before }) : after ? t("list.whenAfter", { after }) : before ? t("list.whenBefore", { before }) : "";
  return [day, hours].filter(Boolean).join(" ");
}
