"use client";
import { FavoriteButton } from "@/components/favorites/favorite-button";
import type { FavoriteLabels } from "@/components/favorites/favorite-labels";

export type ShopFavoriteProps = { shopId: number; slug: string; labels: { mark: string; favorite: FavoriteLabels } };

/** The heart, and "favourite" beside it when it is one. */
export function FavoriteMark({
  shopId,
  labels,
  isFavorite,
  onChange,
}: Omit<ShopFavoriteProps, "slug"> & { isFavorite: boolean; onChange?: (to: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      {isFavorite ? <span className="text-sm font-semibold text-primary">{labels.mark}</span> : null}
      <FavoriteButton shopId={shopId} initial={isFavorite} labels={labels.favorite} onChange={onChange} className="border border-line" />
    </div>
  );
}
