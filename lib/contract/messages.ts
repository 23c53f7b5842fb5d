import { z } from "zod";
import { ZAppointment } from "./appointments";
import { ZAppointmentIdParams, ZCreateReview, ZManageTokenQuery, ZReviewAnswer } from "./booking";
import { ZDate, ZErrorBody } from "./common";
import { defineRoute } from "./route-def";

// Booking messages: a reminder's one-tap answer, and the WhatsApp Cloud API webhook.

export const ZAnswerBody = z.object({
  t: z.string().min(10).max(300).meta({ description: "the token of the reminder's link (/agendamento/responder?t=...)" }),
  answer: z.enum(["confirm", "cancel"]),
  lng: z.string().max(10).optional().meta({ description: "form posts only: the page's language, kept on the way back" }),
});
export type TAnswerBody = z.infer<typeof ZAnswerBody>;

export const ZAnswerOutcome = z.enum(["confirmed", "cancelled", "alreadyConfirmed", "alreadyCancelled", "notAllowed", "invalid", "expired"]);
export const ZAnswerResult = z.object({ outcome: ZAnswerOutcome, appointment: ZAppointment.nullable() });

/** "How was it?": the e-mail's link rates the visit without signing in (/avaliar?t=...). */
export const ZReviewByLinkBody = ZCreateReview.omit({ appointment_id: true }).extend({
  t: z.string().min(10).max(300).meta({ description: "the token of the e-mail's link (/avaliar?t=...)" }),
  lng: z.string().max(10).optional().meta({ description: "form posts only: the page's language, kept on the way back" }),
});
export const ZReviewByLinkOutcome = z.enum(["rated", "alreadyRated", "notYet", "invalid", "choose"]);
export type TReviewByLinkOutcome = z.infer<typeof ZReviewByLinkOutcome>;

/**
 * "Remind me to book again": after a visit, its client asks for one message some weeks later, with the link that
 * books the same services with the same barber (docs/decisions/0038-rebook-reminder.md).
 */
export const REBOOK_WEEKS = [2, 3, 4, 5, 6, 8] as const;
export const ZRebookReminderBody = z.object({
  weeks: z.literal(REBOOK_WEEKS).meta({ description: "weeks after the visit's day; the message goes at 10:00 that day where the shop is" }),
});
export type TRebookReminderBody = z.infer<typeof ZRebookReminderBody>;
export const ZRebookChannel = z.enum(["email", "whatsapp"]);
export const ZRebookReminder = z.object({
  reminder: z
    .object({ weeks: z.number().int(), date: ZDate, channels: z.array(ZRebookChannel) })
    .nullable()
    .meta({ description: "the reminder waiting to go (its day where the shop is, and where it goes), or null" }),
  channels: z
    .array(ZRebookChannel)
    .meta({ description: "where a reminder would reach the client: the account's e-mail, WhatsApp where the phone said yes; empty: none can be asked" }),
  choices: z
    .array(z.object({ weeks: z.number().int(), date: ZDate }))
    .meta({ description: "the choices still ahead (empty for a visit not completed, or too long ago)" }),
});
export type TRebookReminder = z.infer<typeof ZRebookReminder>;

/** The rating page (/avaliar) asks for the reminder, or calls it off (weeks 0), with the link that rated the visit. */
export const ZRebookByLinkBody = z.object({
  t: z.string().min(10).max(300).meta({ description: "the token of the e-mail's link that asked how the visit was (/avaliar?t=...)" }),
  weeks: z
    .union([z.literal(0), z.literal(REBOOK_WEEKS)])
    .meta({ description: "weeks after the visit's day, as PUT /client/appointments/{id}/rebook-reminder; 0 calls the waiting reminder off" }),
  lng: z.string().max(10).optional().meta({ description: "the language of the message (and, for form posts, of the page on the way back)" }),
});
export const ZRebookByLinkOutcome = z.enum(["reminded", "unreminded", "datePassed", "notYet", "invalid"]);
export type TRebookByLinkOutcome = z.infer<typeof ZRebookByLinkOutcome>;

export const ZWebhookVerifyQuery = z.object({
  "hub.mode": z.string().optional(),
  "hub.verify_token": z.string().optional(),
  "hub.challenge": z.string().optional(),
});
export const ZWebhookResult = z.object({ received: z.number().int(), applied: z.number().int() });

/** What the three calls of a visit's reminder to book again share: its path, and the appointment's access. */
const rebookRoute = {
  path: "/client/appointments/{id}/rebook-reminder",
  tag: "messages",
  auth: "optional",
  params: ZAppointmentIdParams,
  query: ZManageTokenQuery,
} as const;

export const messageRoutes = [
  defineRoute({
    method: "post",
    path: "/appointments/answer",
    summary: "A reminder's one-tap answer: confirm or cancel the appointment of a signed link",
    description:
      "No login: the token is signed, single-purpose and valid until the appointment starts. JSON answers the outcome; an HTML form (application/x-www-form-urlencoded) is sent back to /agendamento/responder with it (303). A second answer changes nothing and says how the booking stands (alreadyConfirmed, alreadyCancelled).",
    tag: "messages",
    auth: "none",
    body: ZAnswerBody,
    responses: { 200: ZAnswerResult, 303: null, 400: ZErrorBody },
  }),
  defineRoute({
    method: "post",
    path: "/appointments/review-by-link",
    summary: "Rate a completed appointment from the link of the e-mail that asked (once)",
    description:
      "No login: the token is signed, single-purpose (it rates that appointment, and answers for its reminder to book again: POST /appointments/rebook-by-link) and valid for 30 days after it ends; it goes to clients with an account, two hours after the visit. JSON answers 201 with the review, or the errors of POST /client/add-review (409 ALREADY_RATED, 422 NOT_COMPLETED), 404 for a link that is not valid or has expired; the link of a rated visit past its time answers 409 ALREADY_RATED, not 404. An HTML form (application/x-www-form-urlencoded) is sent back to /avaliar with done=rated, alreadyRated (also for a rated visit's link past its time), notYet, invalid or choose (no rating given) (303).",
    tag: "messages",
    auth: "none",
    body: ZReviewByLinkBody,
    responses: { 201: ZReviewAnswer, 303: null, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
  }),
  defineRoute({
    method: "post",
    path: "/appointments/rebook-by-link",
    summary: "Ask for the reminder to book again, or call it off, from the link of the e-mail that asked how the visit was",
    description:
      "No login: the token of POST /appointments/review-by-link (signed, for that appointment only, valid for 30 days after it ends) also answers for the visit's reminder to book again, which reaches only the account's own e-mail and WhatsApp. JSON answers as PUT and DELETE /client/appointments/{id}/rebook-reminder (422 NOT_COMPLETED, REBOOK_DATE_PASSED), 404 for a link that is not valid or has expired. An HTML form (application/x-www-form-urlencoded) is sent back to /avaliar with done=reminded, unreminded, datePassed, notYet or invalid (303).",
    tag: "messages",
    auth: "none",
    body: ZRebookByLinkBody,
    responses: { 200: ZRebookReminder, 303: null, 400: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    ...rebookRoute,
    summary: "The reminder to book again that a visit's client asked for, and the choices left",
    description: "For the appointment's client (session), or a guest with its manage_token. Answers the choices even for a visit not completed (then none).",
    responses: { 200: ZRebookReminder, 401: ZErrorBody, 404: ZErrorBody },
  }),
  defineRoute({
    method: "put",
    ...rebookRoute,
    summary: "Ask for one message, some weeks after a completed visit, with the link that books it again",
    description:
      "The message goes at 10:00 where the shop is, `weeks` after the visit's day, to the account's e-mail and, where the phone said yes, WhatsApp; it links to the booking with the same services and barber. Asking again replaces the waiting one. It is dropped when the client books at that shop again first. 422 NOT_COMPLETED for a visit not yet done (or cancelled), REBOOK_NO_CHANNEL when nothing reaches the client, REBOOK_DATE_PASSED when that day's 10:00 has passed.",
    body: ZRebookReminderBody,
    responses: { 200: ZRebookReminder, 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody, 415: ZErrorBody, 422: ZErrorBody },
  }),
  defineRoute({
    method: "delete",
    ...rebookRoute,
    summary: "Call off the reminder to book again (nothing waiting: nothing changes)",
    responses: { 200: ZRebookReminder, 401: ZErrorBody, 404: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/webhooks/whatsapp",
    summary: "WhatsApp Cloud API webhook verification",
    description: "Answers hub.challenge as text when hub.mode is subscribe and hub.verify_token is WHATSAPP_VERIFY_TOKEN; 403 otherwise.",
    tag: "messages",
    auth: "none",
    query: ZWebhookVerifyQuery,
    responses: { 200: null, 403: null },
  }),
  defineRoute({
    method: "post",
    path: "/webhooks/whatsapp",
    summary: "WhatsApp Cloud API webhook: button replies, message statuses and opt-out",
    description:
      "Signed by Meta: X-Hub-Signature-256 is sha256= the HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET; a bad or missing signature is 401 and changes nothing. A reminder's quick reply (confirm / cancel) counts only as a reply, from the number it went to, to a message we sent about that appointment. Statuses (sent, delivered, read, failed) are stored. A text PARAR / STOP withdraws WhatsApp consent at once. Unknown payloads are an ignored 200.",
    tag: "messages",
    auth: "none",
    headers: z.object({ "x-hub-signature-256": z.string() }),
    body: z.object({ object: z.string(), entry: z.array(z.unknown()) }),
    responses: { 200: ZWebhookResult, 401: ZErrorBody },
  }),
];
