"use client";
// A shop's data seen by the browser: its reviews page by page (the shop as the signed-in client sees it: lib/api/data.ts).
import type { z } from "zod";
import type { ZPageQuery, ZReviewList } from "@/lib/contract/search";
import { http } from "./http";

/** More reviews of a shop; axios comes when they are asked for, not with the shop page. */
export const fetchReviews = async (shopId: number, page: z.input<typeof ZPageQuery>) =>
  (await http()).get<z.output<typeof ZReviewList>>(`/client/barbershop/${shopId}/reviews`, { params: page });

