import "server-only";
import type { z } from "zod";
import { verifyAnswerToken } from "@/lib/server/appointments/answer-link";
import type { Access } from "@/lib/server/appointments/read";
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

type Fields = { t?: unknown; lng?: unknown } & Record<string, unknown>;

/**
 * One post with the rating link: the body read (a form's or JSON) and checked, the link's token checked (a link of
 * another purpose, tampered or past its time is "invalid", 404 as JSON), then `act` with the visit the link proves.
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
  const check = await verifyAnswerToken(parsed.data.t, new Date(), "review");
  if (!check.ok) {
    if (isForm) return back("invalid");
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
