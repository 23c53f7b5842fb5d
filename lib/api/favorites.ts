"use client";
// The client's favourite shops. The heart is on the shop page, so axios comes with the first toggle.
import type { z } from "zod";
import useSWR from "swr";
import type { ZFavoriteAnswer, ZFavoriteList } from "@/lib/contract/account";
import { http } from "./http";

type FavoriteAnswer = z.output<typeof ZFavoriteAnswer>;
export type TFavoriteList = z.output<typeof ZFavoriteList>;

export const addFavorite = async (shopId: number) => (await http()).post<FavoriteAnswer>(`/client/favorites/${shopId}`);

export const removeFavorite = async (shopId: number) => (await http()).delete<FavoriteAnswer>(`/client/favorites/${shopId}`);

/**
 * The favourites (at most 100), nearest first when the browser has a saved point. `origin` undefined:
 * not known yet (rendering on the server), so nothing is asked; null: no saved point.
 */
export function useFavorites(token: string | null, origin: { latitude: number; longitude: number } | null | undefined) {
  const point = origin ? `&latitude=${origin.latitude}&longitude=${origin.longitude}` : "";
  return useSWR<TFavoriteList>(token && origin !== undefined ? `/client/favorites?limit=100${point}` : null);
}
