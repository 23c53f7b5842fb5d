"use client";
import { useState } from "react";
import { FavoriteButton } from "@/components/favorites/favorite-button";
import type { FavoriteLabels } from "@/components/favorites/favorite-labels";
import { useSession } from "@/lib/api/session";
import { useShopForClient } from "@/lib/api/shops";

/** The shop page's heart and mark: the server cannot know the client, so a signed-in browser asks. */
export function ShopFavorite({ shopId, slug, labels }: { shopId: number; slug: string; labels: { mark: string; favorite: FavoriteLabels } }) {
  const { token } = useSession();
  const { data } = useShopForClient(slug, token);
  const fromServer = data?.barbershop.is_favorite ?? false;
  const [changed, setChanged] = useState<{ from: boolean; to: boolean } | null>(null);
  // A local toggle holds until the server's answer changes.
  const isFavorite = changed && changed.from === fromServer ? changed.to : fromServer;
  return (
    <div className="flex items-center gap-2">
      {isFavorite ? <span className="text-sm font-semibold text-primary">{labels.mark}</span> : null}
      <FavoriteButton shopId={shopId} initial={fromServer} labels={labels.favorite} onChange={(to) => setChanged({ from: fromServer, to })} className="border border-line" />
    </div>
  );
}
