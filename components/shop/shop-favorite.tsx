"use client";
import { useT } from "next-i18next/client";
import useSWR from "swr";
import type { TShop } from "@/lib/contract/shops";
import { useSession } from "@/lib/api/session";
import { FavoriteToggle } from "./favorite-toggle";

/** The shop page's heart: the server cannot know the client, so a signed-in browser asks. */
export function ShopFavorite({ shopId, slug, shopName }: { shopId: number; slug: string; shopName: string }) {
  const { t } = useT("shop");
  const { token } = useSession();
  const { data } = useSWR<{ barbershop: TShop }>(token ? `/client/barbershop-by-slug?slug=${encodeURIComponent(slug)}` : null);
  const isFavorite = data?.barbershop.is_favorite ?? false;
  return (
    <div className="flex items-center gap-2">
      <FavoriteToggle shopId={shopId} initial={isFavorite} shopName={shopName} />
      {isFavorite ? <span className="text-sm font-semibold text-primary">{t("favorite.mark")}</span> : null}
    </div>
  );
}
