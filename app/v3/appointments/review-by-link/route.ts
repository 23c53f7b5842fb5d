import { type TReviewByLinkOutcome, ZReviewByLinkBody } from "@/lib/contract/messages";
import { addReview } from "@/lib/server/appointments/manage";
import { postWithRatingLink } from "@/lib/server/appointments/rating-link";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/http/errors";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

/**
 * "How was it?": the e-mail's link rates the visit without signing in. JSON answers the review (201); the page's
 * plain form (works without JavaScript) is sent back to the page with the outcome (303).
 */
export const POST = route(async (ctx) =>
  postWithRatingLink<typeof ZReviewByLinkBody, TReviewByLinkOutcome>(ctx, {
    schema: ZReviewByLinkBody,
    refused: "choose",
    outcomes: { ALREADY_RATED: "alreadyRated", NOT_COMPLETED: "notYet" },
    // The link of a rated visit, opened again after its time, answers as a second rating would.
    expiredRated: { outcome: "alreadyRated", error: new AppError("ALREADY_RATED") },
    act: async (body, visit) => {
      const review = await addReview(await getDb(), visit.access, { appointment_id: visit.id, rating: body.rating, comment: body.comment });
      return { outcome: "rated", answer: json({ review }, { status: 201 }) };
    },
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
