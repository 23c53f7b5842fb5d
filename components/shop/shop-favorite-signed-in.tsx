"use client";
import { useState } from "react";
import { useShopForClient } from "@/lib/api/data";
import { FavoriteMark, type ShopFavoriteProps } from "./shop-favorite-mark";

/** The heart as a signed-in client sees it: whether the shop is a favourite comes from the API. */
export default function SignedInFavorite({ shopId, slug, labels, token }: ShopFavoriteProps & { token: string }) {
  const { data } = useShopForClient(slug, token);
  const fromServer = data?.barbershop.is_favorite ?? false;
  const [changed, setChanged] = useState<{ from: boolean; to: boolean } | null>(null);
  // A local toggle holds until the server's answer changes.
  const isFavorite = changed && changed.from === fromServer ? changed.to : fromServer;
  return <FavoriteMark shopId={shopId} labels={labels} isFavorite={isFavorite} onChange={(to) => setChanged({ from: fromServer, to })} />;
}
