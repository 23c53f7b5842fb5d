"use client";
// The client's favourite shops. The heart is on the shop page, so axios comes with the first toggle.
import type { z } from "zod";
import type { ZFavoriteAnswer, ZFavoriteList } from "@/lib/contract/account";
import { http } from "./http";

type FavoriteAnswer = z.output<typeof ZFavoriteAnswer>;
export type TFavoriteList = z.output<typeof ZFavoriteList>;

export const addFavorite = async (shopId: number) => (await http()).post<FavoriteAnswer>(`/client/favorites/${shopId}`);

export const removeFavorite = async (shopId: number) => (await http()).delete<FavoriteAnswer>(`/client/favorites/${shopId}`);
