import { z } from "zod";
import { ZAppointment } from "./appointments";
import { ZCreateReview, ZReviewAnswer } from "./booking";
import { ZErrorBody } from "./common";
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

export const ZWebhookVerifyQuery = z.object({
  "hub.mode": z.string().optional(),
  "hub.verify_token": z.string().optional(),
  "hub.challenge": z.string().optional(),
});
export const ZWebhookResult = z.object({ received: z.number().int(), applied: z.number().int() });

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
      "No login: the token is signed, single-purpose (it rates that appointment only) and valid for 30 days after it ends; it goes to clients with an account, two hours after the visit. JSON answers 201 with the review, or the errors of POST /client/add-review (409 ALREADY_RATED, 422 NOT_COMPLETED), 404 for a link that is not valid or has expired. An HTML form (application/x-www-form-urlencoded) is sent back to /avaliar with done=rated, alreadyRated, notYet, invalid or choose (no rating given) (303).",
    tag: "messages",
    auth: "none",
    body: ZReviewByLinkBody,
    responses: { 201: ZReviewAnswer, 303: null, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
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
