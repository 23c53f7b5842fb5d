"use client";
// A shop's data seen by the browser: its reviews page by page, and the shop as the signed-in client sees it.
import type { z } from "zod";
import useSWR from "swr";
import type { ZPageQuery, ZReviewList, ZShopAnswer } from "@/lib/contract/search";
import { http } from "./http";

/** More reviews of a shop; axios comes when they are asked for, not with the shop page. */
export const fetchReviews = async (shopId: number, page: z.input<typeof ZPageQuery>) =>
  (await http()).get<z.output<typeof ZReviewList>>(`/client/barbershop/${shopId}/reviews`, { params: page });

/** The shop with the client's own marks (is_favorite); nothing is asked without a token. */
export function useShopForClient(slug: string, token: string | null) {
  return useSWR<z.output<typeof ZShopAnswer>>(token ? `/client/barbershop-by-slug?slug=${encodeURIComponent(slug)}` : null);
}
