"use client";
// A shop's data seen by the browser: its reviews page by page (the shop as the signed-in client sees it: lib/api/data.ts).
import type { z } from "zod";
import type { TNextFreeTimeList, ZPageQuery, ZReviewList } from "@/lib/contract/search";
import { API_BASE_URL } from "./base-url";
import { http } from "./http";

/** More reviews of a shop; axios comes when they are asked for, not with the shop page. */
export const fetchReviews = async (shopId: number, page: z.input<typeof ZPageQuery>) =>
  (await http()).get<z.output<typeof ZReviewList>>(`/client/barbershop/${shopId}/reviews`, { params: page });

/**
 * The shop page's next free times. A plain fetch rather than axios: every visit of a shop page asks for them,
 * and a visitor's shop page loads no axios (decision 0033's budget).
 */
export async function fetchNextFreeTimes(shopId: number, lng: string): Promise<TNextFreeTimeList> {
  const res = await fetch(`${API_BASE_URL}/barbershop/${shopId}/next-free-times`, { headers: { accept: "application/json", "accept-language": lng } });
  if (!res.ok) throw new Error(`next-free-times: ${res.status}`);
  return (await res.json()) as TNextFreeTimeList;
}
