import { type TRebookByLinkOutcome, ZRebookByLinkBody } from "@/lib/contract/messages";
import { matchLang } from "@/lib/i18n/settings";
import { postWithRatingLink } from "@/lib/server/appointments/rating-link";
import { cancelRebookReminder, setRebookReminder } from "@/lib/server/appointments/rebook-reminder";
import { getDb } from "@/lib/server/db/client";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

/**
 * "Remind me to book again" on the rating page (/avaliar), with the link of the e-mail that asked how the visit
 * was: the reminder reaches only the account's own e-mail and WhatsApp (docs/decisions/0038-rebook-reminder.md).
 * JSON answers the reminder's state; the page's plain form (works without JavaScript) is sent back with the outcome.
 */
export const POST = route(async (ctx) =>
  postWithRatingLink<typeof ZRebookByLinkBody, TRebookByLinkOutcome>(ctx, {
    schema: ZRebookByLinkBody,
    // A form's "weeks" comes as text: as a number, or left as it is for the schema to refuse ("" is not 0, which calls it off).
    fromForm: (fields) => (typeof fields.weeks === "string" && /^\d{1,2}$/.test(fields.weeks) ? { ...fields, weeks: Number(fields.weeks) } : fields),
    refused: "invalid",
    outcomes: { REBOOK_DATE_PASSED: "datePassed", NOT_COMPLETED: "notYet" },
    act: async (body, visit) => {
      const db = await getDb();
      if (body.weeks === 0) return { outcome: "unreminded", answer: json(await cancelRebookReminder(db, visit.id, visit.access)) };
      const state = await setRebookReminder(db, visit.id, visit.access, { weeks: body.weeks, lang: matchLang(body.lng) ?? ctx.lng });
      return { outcome: "reminded", answer: json(state) };
    },
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
