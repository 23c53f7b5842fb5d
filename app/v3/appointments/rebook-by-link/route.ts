import { type TRebookByLinkOutcome, ZRebookByLinkBody } from "@/lib/contract/messages";
import { matchLang } from "@/lib/i18n/settings";
import { verifyAnswerToken } from "@/lib/server/appointments/answer-link";
import { cancelRebookReminder, setRebookReminder } from "@/lib/server/appointments/rebook-reminder";
import { ratePageAfter } from "@/lib/server/appointments/review-request";
import { getDb } from "@/lib/server/db/client";
import { json, readFormOrJson, route, seeOther } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { AppError, notFound } from "@/lib/server/http/errors";

/**
 * "Remind me to book again" on the rating page (/avaliar), with the link of the e-mail that asked how the visit
 * was: the reminder reaches only the account's own e-mail and WhatsApp (docs/decisions/0038-rebook-reminder.md).
 * JSON answers the reminder's state; the page's plain form (works without JavaScript) is sent back with the outcome.
 */
export const POST = route(async (ctx) => {
  const { isForm, raw } = await readFormOrJson(ctx);
  const fields = (raw ?? {}) as { t?: unknown; lng?: unknown; weeks?: unknown };
  const token = typeof fields.t === "string" ? fields.t : "";
  const back = (done: TRebookByLinkOutcome) => seeOther(ratePageAfter(ctx.req.url, token, done, fields.lng));
  // A form's "weeks" comes as text: as a number, or left as it is for the schema to refuse ("" is not 0, which calls it off).
  const { weeks } = fields;
  const parsed = ZRebookByLinkBody.safeParse(isForm && typeof weeks === "string" && /^\d{1,2}$/.test(weeks) ? { ...fields, weeks: Number(weeks) } : raw);
  if (!parsed.success) {
    if (isForm && token) return back("invalid");
    throw new AppError("VALIDATION_FAILED");
  }
  const check = await verifyAnswerToken(parsed.data.t, new Date(), "review");
  if (!check.ok) {
    if (isForm) return back("invalid");
    throw notFound("APPOINTMENT_NOT_FOUND");
  }
  const access = { user: null, provenId: check.appointmentId };
  try {
    const db = await getDb();
    const state = parsed.data.weeks === 0 ? await cancelRebookReminder(db, check.appointmentId, access) : await setRebookReminder(db, check.appointmentId, access, { weeks: parsed.data.weeks, lang: matchLang(parsed.data.lng) ?? ctx.lng });
    return isForm ? back(parsed.data.weeks === 0 ? "unreminded" : "reminded") : json(state);
  } catch (err) {
    if (!isForm || !(err instanceof AppError)) throw err;
    if (err.code === "REBOOK_DATE_PASSED") return back("datePassed");
    if (err.code === "NOT_COMPLETED") return back("notYet");
    if (err.status === 404) return back("invalid");
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
