"use client";
import { Link } from "@/components/ui/link";
import { useT } from "next-i18next/client";
import { useMemo, useSyncExternalStore } from "react";
import { useRequireSession } from "@/components/account/use-require-session";
import type { TShopCard } from "@/lib/contract/shops";
import { useFavorites } from "@/lib/api/data";
import { FreeTimeChips } from "@/components/shop/shop-card";
import { closedLabel } from "@/components/shop/shop-badges";
import { FavoriteButton } from "./favorite-button";
import { favoriteLabels } from "./favorite-labels";
import { parseSavedAddress, readSavedAddressRaw, subscribeSavedAddress } from "@/components/search/saved-address";

function FavoriteCard({ shop, onRemoved }: { shop: TShopCard; onRemoved: () => void }) {
  const { t, i18n } = useT("account");
  const { t: tShop } = useT("shop");
  return (
    <li className="card relative overflow-hidden">
      <div className="flex">
        <div className="h-auto w-24 shrink-0 bg-surface-2 sm:w-36">
          {shop.cover_url && (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={shop.cover_url} alt="" className="h-full w-full object-cover" loading="lazy" />
          )}
        </div>
        <div className="min-w-0 flex-1 p-4">
          {/* Only the name and the place keep clear of the heart in the corner; the rest of the card has the width. */}
          <h2 className="pr-10 font-semibold break-words">
            <Link href={`/barbearia/${shop.slug}`} className="after:absolute after:inset-0 hover:text-primary">
              {shop.name}
            </Link>
          </h2>
          <p className="pr-10 text-sm break-words text-muted">
            {shop.neighborhood} · {shop.city}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
            {shop.rating_count > 0 && (
              <span>
                <span aria-hidden="true" className="text-primary">
                  ★
                </span>{" "}
                {shop.rating_avg.toLocaleString(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}{" "}
                <span className="text-muted">({t("favorites.reviews", { count: shop.rating_count })})</span>
              </span>
            )}
            {shop.distance_km != null && (
              <span>{t("favorites.distance", { km: shop.distance_km.toLocaleString(i18n.language, { maximumFractionDigits: 1 }) })}</span>
            )}
            <span className={shop.is_open_now ? "text-success" : "text-muted"}>
              {shop.is_open_now ? t("favorites.open") : closedLabel(tShop, i18n.language, shop.opens_next)}
            </span>
          </p>
        </div>
      </div>
      {/* When the barber can take me, today or tomorrow: each time opens the booking with it chosen. */}
      {shop.next_free_times?.length ? (
        <div className="px-4 pb-4">
          <FreeTimeChips shop={shop} t={tShop} lng={i18n.language} />
        </div>
      ) : null}
      <div className="absolute top-2 right-2 z-10">
        <FavoriteButton
          shopId={shop.id}
          initial={shop.is_favorite}
          labels={favoriteLabels(t, shop.name)}
          onChange={(isFavorite) => !isFavorite && onRemoved()}
        />
      </div>
    </li>
  );
}

export function FavoritesList() {
  const { t } = useT("account");
  const session = useRequireSession();
  // undefined while rendering on the server: the list waits for the browser's saved address.
  const raw = useSyncExternalStore(
    subscribeSavedAddress,
    () => readSavedAddressRaw() ?? "",
    () => undefined,
  );
  const origin = useMemo(() => (raw === undefined ? undefined : parseSavedAddress(raw)), [raw]);
  const { data, error, isLoading, mutate } = useFavorites(session.token, origin);

  if (error) {
    return (
      <div role="alert" className="card p-6 text-center">
        <p className="text-danger">{t("errors:LOAD_FAVORITES_ERROR")}</p>
        <button type="button" className="btn-ghost mt-4" onClick={() => mutate()}>
          {t("common:actions.retry")}
        </button>
      </div>
    );
  }
  if (!data || isLoading) {
    return (
      <div role="status" aria-label={t("session.loading")}>
        <ul className="grid gap-4 md:grid-cols-2" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="card flex h-28 animate-pulse overflow-hidden">
              <span className="w-28 shrink-0 bg-surface-2 sm:w-36" />
              <span className="grid flex-1 content-start gap-2 p-4">
                <span className="h-4 w-2/3 rounded bg-line/60" />
                <span className="h-3 w-1/2 rounded bg-line/60" />
                <span className="h-3 w-1/3 rounded bg-line/60" />
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (data.items.length === 0) {
    return (
      <div className="card p-8 text-center">
        <p className="text-lg">{t("favorites.empty")}</p>
        <Link href="/barbearias" className="btn-primary mt-4">
          {t("favorites.emptyAction")}
        </Link>
      </div>
    );
  }
  return (
    <>
      {origin && <p className="mb-4 text-sm text-muted">{origin.here ? t("favorites.fromHere") : t("favorites.fromAddress", { label: origin.label })}</p>}
      <ul className="grid gap-4 md:grid-cols-2">
        {data.items.map((shop) => (
          <FavoriteCard
            key={shop.id}
            shop={shop}
            // Removed here: the card goes at once (the server already agreed), without reloading the list.
            onRemoved={() =>
              mutate((current) => current && { ...current, items: current.items.filter((x) => x.id !== shop.id), total: Math.max(0, current.total - 1) }, {
                revalidate: false,
              })
            }
          />
        ))}
      </ul>
    </>
  );
}
