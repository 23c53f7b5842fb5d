import { type TReviewByLinkOutcome, ZReviewByLinkBody } from "@/lib/contract/messages";
import { addReview } from "@/lib/server/appointments/manage";
import { verifyAnswerToken } from "@/lib/server/appointments/answer-link";
import { ratePageAfter } from "@/lib/server/appointments/review-request";
import { getDb } from "@/lib/server/db/client";
import { json, readFormOrJson, route, seeOther } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { AppError, notFound } from "@/lib/server/http/errors";

/**
 * "How was it?": the e-mail's link rates the visit without signing in. JSON answers the review (201); the page's
 * plain form (works without JavaScript) is sent back to the page with the outcome (303).
 */
export const POST = route(async (ctx) => {
  const { isForm, raw } = await readFormOrJson(ctx);
  const parsed = ZReviewByLinkBody.safeParse(raw);
  const token = typeof (raw as { t?: unknown } | null)?.t === "string" ? (raw as { t: string }).t : "";
  const back = (done: TReviewByLinkOutcome) => seeOther(ratePageAfter(ctx.req.url, token, done, (raw as { lng?: unknown } | null)?.lng));
  if (!parsed.success) {
    if (isForm && token) return back("choose");
    throw new AppError("VALIDATION_FAILED");
  }
  const check = await verifyAnswerToken(parsed.data.t, new Date(), "review");
  if (!check.ok) {
    if (isForm) return back("invalid");
    throw notFound("APPOINTMENT_NOT_FOUND");
  }
  try {
    const review = await addReview(await getDb(), { user: null, provenId: check.appointmentId }, { appointment_id: check.appointmentId, rating: parsed.data.rating, comment: parsed.data.comment });
    return isForm ? back("rated") : json({ review }, { status: 201 });
  } catch (err) {
    if (!isForm || !(err instanceof AppError)) throw err;
    if (err.code === "ALREADY_RATED") return back("alreadyRated");
    if (err.code === "NOT_COMPLETED") return back("notYet");
    if (err.status === 404) return back("invalid");
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
