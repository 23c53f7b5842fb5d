"use client";
import { useEffect, useRef } from "react";
import { Link } from "@/components/ui/link";
import { useT } from "@/lib/i18n/words";
import type { TCategory } from "@/lib/contract/search-constants";
import { useNearbyShops } from "@/lib/api/data";
import { ShopCard } from "@/components/shop/shop-card";
import { formatDistance } from "@/components/shop/format";
import { listHref, type SavedAddress } from "./saved-address";
import { NearbySkeleton } from "./nearby-skeleton";

/** Radius of the home page's "near you" preview: wide enough to show something in any neighbourhood. */
const HOME_NEARBY_KM = "5";
/** Where "widen the search" leads when that radius holds nothing (a town with no shop of ours yet). */
const HOME_WIDER_KM = 20;

type Filters = { category?: TCategory; date?: string; after?: string; before?: string };

/** The home page's preview of the shops near the chosen place (loaded with the place: lazy). */
export default function Nearby({
  address,
  filters,
  lng,
  reveal = 0,
  here = false,
}: {
  address: SavedAddress;
  filters: Filters;
  lng: string;
  /** Changes each time the visitor chooses a place: the results come into view, focus on their heading. */
  reveal?: number;
  /** The place is the visitor's own location: "near you" rather than "near My location". */
  here?: boolean;
}) {
  const { t } = useT("search");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!reveal) return;
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [reveal]);
  const { t: tShop } = useT("shop");
  const when = Boolean(filters.date || filters.after);
  const { data, error, isLoading, mutate } = useNearbyShops(
    // With a "when", only the shops free then, each with its next free times.
    { latitude: address.latitude, longitude: address.longitude, distance: HOME_NEARBY_KM, limit: 6, ...filters, ...(when ? { free_times: 3 } : {}) },
  );

  const seeAll = listHref(address, { distance: HOME_NEARBY_KM, ...filters });
  return (
    <section aria-labelledby="nearby-title" className="mt-8" aria-busy={isLoading}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="nearby-title" ref={heading} tabIndex={-1} className="scroll-mt-20 text-xl font-bold">
          {here ? t("nearby.titleHere") : t("nearby.title", { place: address.label })}
        </h2>
        {data && data.total > 0 ? (
          <Link href={seeAll} className="inline-flex min-h-11 items-center text-sm font-semibold text-primary hover:underline">
            {t("nearby.seeAll", { count: data.total })}
          </Link>
        ) : null}
      </div>
      {isLoading ? (
        <NearbySkeleton label={t("list.loading")} className="mt-4" />
      ) : error ? (
        <div className="mt-4 card p-4" role="alert">
          <p>{t("nearby.error")}</p>
          <button type="button" className="btn-ghost mt-3" onClick={() => mutate()}>
            {t("list.retry")}
          </button>
        </div>
      ) : data && data.items.length === 0 ? (
        <div className="mt-4 card flex flex-col items-start gap-3 p-4">
          <p className="text-muted">
            {when ? t("nearby.emptyWhen", { distance: HOME_NEARBY_KM }) : filters.category ? t("list.empty") : t("nearby.empty", { distance: HOME_NEARBY_KM })}
          </p>
          <Link href={listHref(address, { ...filters, distance: String(HOME_WIDER_KM) })} className="btn-ghost w-full text-center sm:w-auto">
            {t("list.widen", { distance: formatDistance(lng, HOME_WIDER_KM) })}
          </Link>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data?.items.map((shop) => (
            <li key={shop.id}>
              <ShopCard shop={shop} t={tShop} lng={lng} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
