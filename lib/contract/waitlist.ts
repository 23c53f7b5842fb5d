import { z } from "zod";
import { ZIdParams } from "./account";
import { ZGuestName, ZGuestPhone, ZPhoneCode } from "./booking";
import { ZDate, ZErrorBody, ZId } from "./common";
import { defineRoute } from "./route-def";
import { PERIODS } from "./search-constants";

// "Tell me if a time frees up" (docs/decisions/0036-waitlist.md): a client's (or a guest's, told by WhatsApp on a
// proved phone) entry for a full day, or for the periods of a day that bookings filled.

export const ZJoinWaitlist = z.object({
  barbershop_id: ZId,
  barber_id: ZId.optional().meta({ description: "left out: any barber who performs every service" }),
  services: z.array(ZId).min(1).max(10),
  date: ZDate.meta({ description: "the shop's local day, one with no free time left for the choice" }),
  periods: z.array(z.enum(PERIODS)).max(3).optional().meta({
    description:
      "only these periods of the day (morning before 12:00, afternoon to 18:00, night after), each with no free time left; left out or empty: the whole day",
  }),
});
export type TJoinWaitlist = z.infer<typeof ZJoinWaitlist>;

export const ZJoinGuestWaitlist = ZJoinWaitlist.extend({
  name: ZGuestName,
  phone: ZGuestPhone.meta({ description: "told on it by WhatsApp" }),
  phone_code: ZPhoneCode.optional().meta({
    description:
      "sent again after a 428 PHONE_VERIFICATION_REQUIRED: the code that went to the phone by WhatsApp (a phone proved in the last 30 days is not asked)",
  }),
});
export type TJoinGuestWaitlist = z.infer<typeof ZJoinGuestWaitlist>;

export const ZWaitlistEntry = z.object({
  id: z.number().int(),
  barbershop: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  barber: z.object({ id: z.number().int(), name: z.string() }).nullable().meta({ description: "null: any barber" }),
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
  date: ZDate,
  periods: z.array(z.enum(PERIODS)).meta({ description: "empty: any time of the day" }),
  created_at: z.string(),
  notified_at: z.string().nullable().meta({ description: "when the message that a time freed up went out; the entry is then spent" }),
});
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;
export const ZWaitlistList = z.object({ items: z.array(ZWaitlistEntry) });
export type TWaitlistList = z.infer<typeof ZWaitlistList>;
export const ZWaitlistAnswer = z.object({ entry: ZWaitlistEntry });
export const ZGuestWaitlistAnswer = z.object({
  entry: ZWaitlistEntry,
  token: z.string().meta({ description: "shown once: takes the entry back (DELETE /waitlist/guest/{id}?token=…)" }),
});
export type TGuestWaitlistAnswer = z.infer<typeof ZGuestWaitlistAnswer>;
export const ZGuestWaitlistTokenQuery = z.object({ token: z.string().min(1).max(200) });
/** The entry page's "Stop the alert" (a plain form: it works without JavaScript, in WhatsApp's browser too). */
export const ZLeaveGuestWaitlistEntryBody = z.object({
  t: z.string().min(1).max(200).meta({ description: "the token of the entry's link (/aviso/{id}?t=...)" }),
  lng: z.string().max(10).optional().meta({ description: "form posts only: the page's language, kept on the way back" }),
});

const err = ZErrorBody;
const tag = "booking";

export const waitlistRoutes = [
  defineRoute({
    method: "get",
    path: "/client/waitlist",
    summary: "My waitlist entries, to be told when a time frees up (from today on)",
    tag,
    auth: "required",
    responses: { 200: ZWaitlistList, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/client/waitlist",
    summary: "Be told when a time frees up on a full day, or in its full periods",
    description:
      "For a day (or, with `periods`, the periods of a day) the barber (or, without `barber_id`, every barber who performs the services) works but has no free time left. When a booking of that shop on that day is cancelled or moved and the services fit again in those periods, one message goes out (e-mail, and WhatsApp where the phone said yes) with those free times and the link to book one; the entry is then spent. One waitlist entry per shop and day: asking again replaces it. 422 WAITLIST_DAY_HAS_TIMES when the day (or a period asked for) has a free time (book it), WAITLIST_DAY_CLOSED when nobody works then, DATE_IN_PAST, BEYOND_BOOKING_HORIZON, SERVICE_NOT_AVAILABLE or SERVICE_NOT_PERFORMED.",
    tag,
    auth: "required",
    body: ZJoinWaitlist,
    responses: { 201: ZWaitlistAnswer, 401: err, 403: err, 404: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "post",
    path: "/waitlist/guest",
    summary: "A guest is told by WhatsApp when a time frees up on a full day, or in its full periods",
    description:
      "As POST /client/waitlist, for a guest: the message goes by WhatsApp to `phone`, which must be proved by a code (a phone proved in the last 30 days in the same browser, by the `navalha_phone_proof` cookie, is not asked again). Without it, a code goes out and the answer is 428 PHONE_VERIFICATION_REQUIRED (its `delivery_id` follows the code at GET /code-delivery/{id}); send the same body again with `phone_code`. The day is checked before: 422 as POST /client/waitlist. One waitlist entry per phone, shop and day: asking again replaces it. The answer's `token` takes it back. 429 past 10 waitlist entries a phone a day or 30 an address an hour.",
    tag,
    body: ZJoinGuestWaitlist,
    responses: { 201: ZGuestWaitlistAnswer, 404: err, 415: err, 422: err, 428: err, 429: err },
  }),
  defineRoute({
    method: "delete",
    path: "/waitlist/guest/{id}",
    summary: "A guest is no longer told (idempotent; with the token of the answer)",
    tag,
    params: ZIdParams,
    query: ZGuestWaitlistTokenQuery,
    responses: { 204: null, 404: err },
  }),
  defineRoute({
    method: "post",
    path: "/waitlist/guest/{id}/leave",
    summary: "A guest is no longer told, from the page of the entry's link (idempotent)",
    description:
      "The entry's page (/aviso/{id}?t=…, linked from the WhatsApp message that confirms a guest's new entry) posts its plain form here: 303 back to the page with done=left. JSON answers 204. A token that is not the entry's is 404 (a form: back to the page, which says the link is not valid); a waitlist entry already gone is done.",
    tag,
    params: ZIdParams,
    body: ZLeaveGuestWaitlistEntryBody,
    responses: { 204: null, 303: null, 400: err, 404: err },
  }),
  defineRoute({
    method: "delete",
    path: "/client/waitlist/{id}",
    summary: "No longer be told (idempotent)",
    tag,
    auth: "required",
    params: ZIdParams,
    responses: { 204: null, 401: err, 403: err, 404: err },
  }),
];
