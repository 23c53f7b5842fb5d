"use client";
// The shop's reviews as its staff read and answer them (lib/contract/reviews.ts).
import type { TAnswerReview, TStaffReview, TStaffReviews } from "@/lib/contract/reviews";
import { http } from "./http";

export type { TStaffReview, TStaffReviews };

export const reviewsPath = (shopId: string) => `/staff/shops/${shopId}/reviews`;

export const answerReview = async (shopId: string, reviewId: number, body: TAnswerReview) =>
  (await http()).post(`${reviewsPath(shopId)}/${reviewId}/answer`, body);
