import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { verifyAnswerToken } from "@/lib/server/appointments/answer-link";
import type { Access } from "@/lib/server/appointments/read";
import { type Db, getDb } from "@/lib/server/db/client";
import { reviews } from "@/lib/server/db/schema";
import { AppError, notFound } from "@/lib/server/http/errors";
import { type RouteContext, readFormOrJson, seeOther } from "@/lib/server/http/handler";

// The rating page (/avaliar, from the "how was it?" e-mail) posts plain forms that work without JavaScript: the rating
// (POST /v3/appointments/review-by-link) and the reminder to book again (…/rebook-by-link). Each also answers JSON.

/** The rating page again after one of its forms: with the link's token, the outcome, and the page's language. */
export function ratePageAfter(requestUrl: string, token: string, done: string, lng: unknown): URL {
  const url = new URL("/avaliar", requestUrl);
  url.searchParams.set("t", token);
  url.searchParams.set("done", done);
  if (typeof lng === "string" && lng && lng !== "pt-BR") url.searchParams.set("lng", lng);
  return url;
}

export type RatingLinkCheck = { ok: true; appointmentId: number } | { ok: false; rated: boolean };

/**
 * The rating link's token: good, or not, and then whether it is a genuine link past its time whose visit was rated.
 * A client who rated opens the old e-mail again after the link's 30 days: the page says the visit is rated, not that
 * the link is invalid (the token is ours, so its appointment is known; nothing else of the visit is shown).
 */
export async function checkRatingLink(token: string, now = new Date(), db?: Db): Promise<RatingLinkCheck> {
  const check = await verifyAnswerToken(token, now, "review");
  if (check.ok) return check;
  if (check.reason !== "expired" || check.appointmentId === undefined) return { ok: false, rated: false };
  const [rated] = await (db ?? (await getDb())).select({ id: reviews.id }).from(reviews).where(eq(reviews.appointmentId, check.appointmentId)).limit(1);
  return { ok: false, rated: rated !== undefined };
}

type Fields = { t?: unknown; lng?: unknown } & Record<string, unknown>;

/**
 * One post with the rating link: the body read (a form's or JSON) and checked, the link's token checked (a link of
 * another purpose, tampered or past its time is "invalid", 404 as JSON, unless `expiredRated` answers a rated visit's), then `act` with the visit the link proves.
 * A form goes back to the page with the outcome (303); an error `outcomes` names goes back as that outcome, a 404 as
 * "invalid"; JSON gets `act`'s answer, or the error.
 */
export async function postWithRatingLink<S extends z.ZodType<{ t: string }>, O extends string>(
  ctx: RouteContext<unknown>,
  opts: {
    schema: S;
    /** A form's fields as the schema reads them (a form's numbers come as text). */
    fromForm?: (fields: Fields) => unknown;
    /** A form's outcome for a body the schema refuses. */
    refused: O;
    /** A form's outcome for each error of `act`'s it names. */
    outcomes: Partial<Record<string, O>>;
    /** For a link past its time whose visit is rated: a form's outcome, and JSON's error (else both are "invalid"). */
    expiredRated?: { outcome: O; error: AppError };
    act: (data: z.output<S>, visit: { id: number; access: Access }) => Promise<{ outcome: O; answer: Response }>;
  },
): Promise<Response> {
  const { isForm, raw } = await readFormOrJson(ctx);
  const fields = (raw ?? {}) as Fields;
  const token = typeof fields.t === "string" ? fields.t : "";
  const back = (done: O | "invalid") => seeOther(ratePageAfter(ctx.req.url, token, done, fields.lng));
  const parsed = opts.schema.safeParse(isForm && opts.fromForm ? opts.fromForm(fields) : raw);
  if (!parsed.success) {
    if (isForm && token) return back(opts.refused);
    throw new AppError("VALIDATION_FAILED");
  }
  const check = await checkRatingLink(parsed.data.t);
  if (!check.ok) {
    const rated = check.rated ? opts.expiredRated : undefined;
    if (isForm) return back(rated ? rated.outcome : "invalid");
    if (rated) throw rated.error;
    throw notFound("APPOINTMENT_NOT_FOUND");
  }
  try {
    const { outcome, answer } = await opts.act(parsed.data, { id: check.appointmentId, access: { user: null, provenId: check.appointmentId } });
    return isForm ? back(outcome) : answer;
  } catch (err) {
    if (!isForm || !(err instanceof AppError)) throw err;
    const outcome = opts.outcomes[err.code];
    if (outcome) return back(outcome);
    if (err.status === 404) return back("invalid");
    throw err;
  }
}
