"use client";
// Finding shops: the three lists (near a point, near a point by name, by name anywhere) and places
// (the home page's preview near a point, read with SWR: lib/api/data.ts).
import type { z } from "zod";
import type { ZLocationListQuery, ZLocationSearchQuery, ZNameListQuery, ZPageQuery, ZPlaceList, ZShopCardList } from "@/lib/contract/search";
import { http } from "./http";

export type TShopCardPage = z.output<typeof ZShopCardList>;

/** Which list serves a search: near a point, near a point and matching a name, or by name only. */
export type TShopListKind = "near" | "nearByName" | "byName";
export const LIST_PATHS: Record<TShopListKind, string> = {
  near: "/client/barbershops-with-location-home",
  nearByName: "/client/barbershops-with-location-search",
  byName: "/client/barbershops-by-name",
};
export type TShopListQuery = z.input<typeof ZLocationListQuery> | z.input<typeof ZLocationSearchQuery> | z.input<typeof ZNameListQuery>;

/** One page of a list (the query as on the page's URL, plus skip and limit). */
export const fetchShopList = async (kind: TShopListKind, query: TShopListQuery & z.input<typeof ZPageQuery>) =>
  (await http()).get<TShopCardPage>(LIST_PATHS[kind], { params: query });

/** Neighbourhoods and cities like `q` and, with `shops`, up to that many shops (by name, street, …). */
export const findPlaces = async (q: string, shops = 0) => (await http()).get<z.output<typeof ZPlaceList>>("/places", { params: { q, shops } });
