import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { preload } from "react-dom";
import { HIGHLIGHT_CITIES } from "@/components/search/cities";
import { LocationSearch } from "@/components/search/location-search";
import { SearchFilters } from "@/components/search/search-filters";
import { WhenStrip } from "@/components/search/when-strip";
import { stripDays, todayInBrazil } from "@/components/search/when";
import { addDays } from "@/components/booking/format";
import { ShopList } from "@/components/search/shop-list";
import { listSource, listUrl, parseListParams, toShopSearch, widenUntilFound, widerDistance } from "@/components/search/list-params";
import { formatDistance } from "@/components/shop/format";
import { alternates } from "@/components/shop/seo";
import { getT } from "@/lib/i18n/server";
import { getReadDb } from "@/lib/server/db/client";
import { searchShops } from "@/lib/server/shops/search";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { t, lng } = await getT("search");
  const p = parseListParams(await searchParams);
  const title = p.place ? t("list.titleNear", { place: p.place }) : p.name ? t("list.titleName", { name: p.name }) : p.latitude !== undefined ? t("list.titleHere") : t("list.title");
  return { title, description: t("list.metaDescription"), alternates: alternates("/barbearias", lng) };
}

export default async function BarbershopsPage({ searchParams }: Props) {
  const { t, lng } = await getT("search");
  const asked = parseListParams(await searchParams);

  if (!listSource(asked)) {
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
          <ul className="mt-3 flex flex-wrap gap-2">
            {HIGHLIGHT_CITIES.map((slug) => (
              <li key={slug}>
                <Link href={`/cidade/${slug}`} className="btn-ghost">
                  {t("cities.see", { city: t(`cities.names.${slug}`) })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    );
  }

  const db = await getReadDb();
  // From here on, the distance is the one shown: the default one widened when it held no shop.
  const { params, result: initial, widenedFrom } = await widenUntilFound(asked, (p) => searchShops(db, toShopSearch(p)));
  const source = listSource(params)!;
  if (initial.items[0]?.cover_url) preload(initial.items[0].cover_url, { as: "image", fetchPriority: "high" });
  const wider = params.latitude !== undefined ? widerDistance(params.distance) : undefined;
  const heading = params.place
    ? t("list.titleNear", { place: params.place })
    : params.name
      ? t("list.titleName", { name: params.name })
      : t("list.titleHere");

  return (
    <div className="container-page py-8 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold md:text-3xl">{heading}</h1>
          <p className="mt-1 text-sm text-muted">
            {params.latitude !== undefined ? t("list.within", { distance: formatDistance(lng, params.distance) }) : null}{" "}
            {t("list.count", { count: initial.total })}
          </p>
        </div>
      </div>
      <details className="mt-4">
        <summary className="btn-ghost cursor-pointer list-none">{t("list.changeLocation")}</summary>
        <div className="mt-3 max-w-3xl">
          <LocationSearch mode="navigate" lng={lng} days={stripDays(t, lng)} initialCategory={params.category} />
        </div>
      </details>

      {params.latitude !== undefined ? <WhenStrip params={params} /> : null}
      <SearchFilters params={params} />

      <div className="mt-6">
        {widenedFrom !== undefined ? (
          <p role="status" className="mb-4 text-sm text-muted">
            {t("list.widened", { from: formatDistance(lng, widenedFrom), to: formatDistance(lng, params.distance) })}
          </p>
        ) : null}
        {initial.total === 0 ? (
          <div className="card flex flex-col items-center gap-3 p-8 text-center" role="status">
            <p className="text-lg font-semibold">{params.date || params.after || params.before ? t("list.emptyWhen", { when: whenText(params, t, lng), distance: formatDistance(lng, params.distance) }) : t("list.empty")}</p>
            {params.date && params.date === todayInBrazil() ? (
              <Link href={listUrl(params, { date: addDays(params.date, 1) })} className="btn-ghost">
                {t("list.tryTomorrow")}
              </Link>
            ) : null}
            {params.date || params.after || params.before ? (
              <Link href={listUrl(params, { date: undefined, after: undefined, before: undefined, sort: params.sort === "earliest" ? "distance" : params.sort })} className="btn-ghost">
                {t("list.anyTimeLink")}
              </Link>
            ) : null}
            {wider ? (
              <Link href={listUrl(params, { distance: wider })} className="btn-primary">
                {t("list.widen", { distance: formatDistance(lng, wider) })}
              </Link>
            ) : (
              <Link href={listUrl({ distance: params.distance, sort: "distance", latitude: params.latitude, longitude: params.longitude, place: params.place })} className="btn-ghost">
                {t("filters.clear")}
              </Link>
            )}
          </div>
        ) : (
          // Keyed by its query: a link to another day or window (client navigation) starts a new list
          // instead of keeping the previous one's pages.
          <ShopList key={`${source.kind} ${JSON.stringify(source.query)}`} initial={initial} kind={source.kind} query={source.query} params={params} lng={lng} />
        )}
      </div>
    </div>
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
  const hours = after && before ? t("list.whenBetween", { after, before }) : after ? t("list.whenAfter", { after }) : before ? t("list.whenBefore", { before }) : "";
  return [day, hours].filter(Boolean).join(" ");
}
