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

const err = ZErrorBody;

export const reviewRoutes = [
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
