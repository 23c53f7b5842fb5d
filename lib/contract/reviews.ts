import { z } from "zod";
import { ZErrorBody, ZFreeText, ZId } from "./common";
import { defineRoute } from "./route-def";
import { ZReview } from "./shops";
import { ZStaffShopParams } from "./staff";

// The shop's public answer to a review (docs/decisions/0055-clients-and-review-answers.md): one per review, by the
// owner or a manager, shown under it on the shop page.

export const ZReviewParams = ZStaffShopParams.extend({ review_id: ZId });
export const ZAnswerReview = z.object({ text: ZFreeText({ multiline: true }).min(1).max(1000) });
export type TAnswerReview = z.infer<typeof ZAnswerReview>;
export const ZReviewAnswerResult = z.object({ review: ZReview });

export const ZStaffReviewsQuery = z.object({
  filter: z.enum(["all", "unanswered"]).optional().meta({ description: "unanswered: only the reviews the shop has not answered; all when left out" }),
  before: ZId.optional().meta({ description: "the `next_before` of the page read: older reviews" }),
  limit: z.coerce.number().int().min(1).max(50).optional().meta({ description: "reviews a page (20 when left out)" }),
});
export type TStaffReviewsQuery = z.infer<typeof ZStaffReviewsQuery>;
export const ZStaffReview = ZReview.extend({ barber_name: z.string() });
export type TStaffReview = z.infer<typeof ZStaffReview>;
export const ZStaffReviews = z.object({
  items: z.array(ZStaffReview),
  next_before: z.number().int().nullable().meta({ description: "pass as `before` for older reviews; null at the last page" }),
  total: z.number().int().meta({ description: "the shop's reviews" }),
  unanswered: z.number().int().meta({ description: "of them, those without the shop's answer" }),
});
export type TStaffReviews = z.infer<typeof ZStaffReviews>;

const err = ZErrorBody;

export const reviewRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/reviews",
    summary: "The shop's reviews, newest first, for its staff",
    description:
      "Every member reads them (they are public); the owner and managers answer them. 403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team.",
    tag: "staff",
    auth: "required",
    params: ZStaffShopParams,
    query: ZStaffReviewsQuery,
    responses: { 200: ZStaffReviews, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/reviews/{review_id}/answer",
    summary: "Answer a review in public, once",
    description:
      "409 REVIEW_ANSWERED when the review already has an answer. 403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team, STAFF_PERMISSION when its roles there do not allow this (owner and managers), NOT_OF_SHOP for a review of another shop.",
    tag: "staff",
    auth: "required",
    params: ZReviewParams,
    body: ZAnswerReview,
    responses: { 201: ZReviewAnswerResult, 400: err, 401: err, 403: err, 409: err, 415: err },
  }),
];
