import { z } from "zod";
import { ZAppointment, ZAppointmentStatus } from "./appointments";
import { ZDate, ZErrorBody, ZFreeText, ZHour, ZId, ZLimit, ZPersonName, ZPhoneBr, ZSkip, isMobileBr, listOf, phoneToE164 } from "./common";
import { defineRoute } from "./route-def";
import { ZBarber, ZProduct, ZReview, ZService, ZShop } from "./shops";
import { PERIODS } from "./search-constants";

// Booking: free times, creating appointments, the client's appointments and their reviews.

/** "1,2,3" → [1, 2, 3]; at most 10 services in one appointment. */
const ZIdList = z
  .string()
  .regex(/^\d+(,\d+)*$/)
  .transform((s) => [...new Set(s.split(",").map(Number))])
  .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(10));

/** A reminder's one-tap link's token: it opens that appointment to its holder until it starts. */
const ZAnswerToken = z.string().min(16).max(200).meta({ description: "the `t` of a reminder's one-tap link (/agendamento/responder?t=…)" });

export const ZAvailableTimesQuery = z.object({
  type: z.literal("client").default("client"),
  barbershop_id: ZId,
  barber_id: ZId.optional().meta({ description: "left out: any barber (the union of the free times of every barber who performs all the services)" }),
  services: ZIdList.meta({ description: "comma-separated service ids", example: "1,2" }),
  date: ZDate,
  moving: ZId.optional().meta({
    description:
      "Moving this appointment (its client, or with `manage_token` or `answer_token` its guest): its own time counts as free, so a time that overlaps it can be chosen. 404 NOT_FOUND when the caller may not see it",
  }),
  manage_token: z.string().min(16).max(200).optional(),
  answer_token: ZAnswerToken.optional(),
});
export type TAvailableTimesQuery = z.infer<typeof ZAvailableTimesQuery>;

/** The date strip: which days of a range have a free time for the choice, from one call. */
export const ZAvailableDaysQuery = z.object({
  barbershop_id: ZId,
  barber_id: ZId.optional().meta({ description: "left out: any barber" }),
  services: ZIdList.meta({ description: "comma-separated service ids", example: "1,2" }),
  from: ZDate,
  days: z.coerce.number().int().min(1).max(31).default(14),
  moving: ZId.optional().meta({
    description:
      "Moving this appointment (its client, or with `manage_token` or `answer_token` its guest): its own time counts as free, so a time that overlaps it can be chosen. 404 NOT_FOUND when the caller may not see it",
  }),
  manage_token: z.string().min(16).max(200).optional(),
  answer_token: ZAnswerToken.optional(),
});
export const ZAvailableDays = z.object({
  timezone: z.string(),
  days: z.array(
    z.object({
      date: ZDate,
      available: z.boolean(),
      full: z.boolean().meta({
        description: "no free time left, though the barber (or one of them) works then: a client may ask to be told when one frees up (POST /client/waitlist)",
      }),
    }),
  ),
});
export type TAvailableDays = z.infer<typeof ZAvailableDays>;

export const ZAvailableTimes = z.object({
  date: ZDate,
  timezone: z.string(),
  /** Total duration of the chosen services. */
  duration_minutes: z.number().int(),
  morning: z.array(ZHour),
  afternoon: z.array(ZHour),
  night: z.array(ZHour),
  full_periods: z.array(z.enum(PERIODS)).meta({
    description:
      "periods of the day (morning before 12:00, afternoon to 18:00, night after) with no free time left because bookings took them: with no booking one would be free. A signed-in client may ask to be told when one frees up (POST /client/waitlist with `periods`)",
  }),
});
export type TAvailableTimes = z.infer<typeof ZAvailableTimes>;

export const ZBookingProduct = z.object({ id: ZId, quantity: z.coerce.number().int().min(1).max(99).default(1) });

export const ZCreateAppointment = z.object({
  barbershop_id: ZId,
  barber_id: ZId.optional().meta({
    description:
      "left out: any barber — the server picks one free for the whole time who performs every service (the fewest bookings that day, then the lowest id); the answer names him",
  }),
  services: z.array(ZId).min(1).max(10),
  products: z.array(ZBookingProduct).max(20).optional().default([]),
  date: ZDate,
  start_hour: ZHour,
  notes: ZFreeText({ multiline: true }).max(500).optional(),
  whatsapp_opt_in: z.boolean().optional().default(false).meta({
    description:
      "The client ticked the box that asks for the confirmation and reminders of this booking by WhatsApp (remembered for the phone until it replies PARAR / STOP). Without it, messages go by e-mail only, where the client has one.",
  }),
});
export type TCreateAppointment = z.infer<typeof ZCreateAppointment>;

/** The 6-digit code sent by WhatsApp when a guest booking answered 428 PHONE_VERIFICATION_REQUIRED. */
export const ZPhoneCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** A guest's name and Brazilian phone: a booking's, and a waitlist entry to be told on WhatsApp (./waitlist.ts). */
export const ZGuestName = ZPersonName();
/** A guest's phone is where WhatsApp reaches them (codes, messages): a mobile, never a landline as (11) 3333-4444. */
export const ZGuestPhone = ZPhoneBr.refine((p) => isMobileBr(phoneToE164(p)), "INVALID_PHONE");
/** A guest's e-mail for the booking's messages (as an account's: lib/contract/account.ts ZEmail). */
export const ZGuestEmail = z.string().trim().min(1).max(254).pipe(z.email());

/** A signed-in client's booking; `phone_code` after a 428 proves the account's phone (decision 0043). */
export const ZCreateClientAppointment = ZCreateAppointment.extend({
  phone_code: ZPhoneCode.optional().meta({
    description:
      "Sent again with the booking after a 428 PHONE_VERIFICATION_REQUIRED: the code that went to the account's phone by WhatsApp (valid 10 minutes, 5 tries); it proves the account's phone for good",
  }),
});
export type TCreateClientAppointment = z.infer<typeof ZCreateClientAppointment>;

export const ZCreateGuestAppointment = ZCreateAppointment.extend({
  name: ZGuestName,
  phone: ZGuestPhone,
  email: ZGuestEmail.optional().meta({
    description: "Where the booking's messages (confirmation with its calendar invitation, reminders, changes) go by e-mail, with the private link; optional",
  }),
  phone_code: ZPhoneCode.optional().meta({
    description: "Sent again with the booking after a 428 PHONE_VERIFICATION_REQUIRED: the code that went to the phone by WhatsApp (valid 10 minutes, 5 tries)",
  }),
});
export type TCreateGuestAppointment = z.infer<typeof ZCreateGuestAppointment>;

export const ZAppointmentAnswer = z.object({ appointment: ZAppointment });
export type TAppointmentAnswer = z.infer<typeof ZAppointmentAnswer>;

export const ZGuestAppointmentAnswer = z.object({
  appointment: ZAppointment,
  /** Shown once: lets the guest see and cancel the appointment without an account. */
  manage_token: z.string(),
});
export type TGuestAppointmentAnswer = z.infer<typeof ZGuestAppointmentAnswer>;

export const ZAppointmentScope = z.enum(["upcoming", "history"]);
export const ZClientAppointmentsQuery = z.object({ scope: ZAppointmentScope.default("upcoming"), skip: ZSkip, limit: ZLimit });
export const ZAppointmentList = listOf(ZAppointment);

export const ZAppointmentIdParams = z.object({ id: ZId });
/** A guest's private link, or a reminder's one-tap link (for that appointment until it starts); a signed-in client needs neither. */
export const ZManageTokenQuery = z.object({ manage_token: z.string().min(16).max(200).optional(), answer_token: ZAnswerToken.optional() });

/** A new day and start time for an appointment: the same barber, services and products. */
export const ZRescheduleBody = z.object({ date: ZDate, start_hour: ZHour });
export type TRescheduleBody = z.infer<typeof ZRescheduleBody>;

/** Only confirmed and cancelled can be asked for; the other statuses answer 422 INVALID_TRANSITION. */
export const ZUpdateStatusParams = z.object({ id: ZId, status: ZAppointmentStatus });

export const ZCreateReview = z.object({
  appointment_id: ZId,
  rating: z.coerce.number().int().min(1).max(5),
  comment: ZFreeText({ multiline: true })
    .max(1000)
    .nullish()
    .transform((c) => (c ? c : null)),
});
export type TCreateReview = z.infer<typeof ZCreateReview>;
export const ZReviewAnswer = z.object({ review: ZReview });

export const ZIdempotencyHeaders = z.object({
  "Idempotency-Key": z.string().min(8).max(200).optional().meta({ description: "Retrying with the same key returns the first answer" }),
});

/** What the booking page needs about a shop, loaded on the server and handed to the flow. */
export const ZBookingContext = z.object({
  shop: ZShop.pick({
    id: true,
    slug: true,
    name: true,
    address: true,
    neighborhood: true,
    city: true,
    state: true,
    timezone: true,
    logo_url: true,
    opening_hours: true,
  }).extend({ agenda_time_interval: z.number().int() }),
  barbers: z.array(ZBarber.extend({ service_ids: z.array(z.number().int()), working_weekdays: z.array(z.number().int()) })),
  services: z.array(ZService),
  products: z.array(ZProduct),
  /** The shop's local date today. */
  today: ZDate,
});
export type TBookingContext = z.infer<typeof ZBookingContext>;

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ZErrorBody]));

export const bookingRoutes = [
  defineRoute({
    method: "get",
    path: "/appointment/available-times",
    summary: "Free start times of a barber on a day for the chosen services",
    description: "Times later than the booking horizon (BOOKING_HORIZON_DAYS, 90 days by default) are never offered: a day beyond it answers empty periods.",
    tag: "booking",
    auth: "optional",
    query: ZAvailableTimesQuery,
    responses: { 200: ZAvailableTimes, ...errors(404, 422) },
  }),
  defineRoute({
    method: "get",
    path: "/appointment/available-days",
    summary: "Which days of a range have a free time for the chosen services (and barber, or any barber)",
    description: "One call for the date strip (1 to 31 days from `from`). Days beyond the booking horizon are never available.",
    tag: "booking",
    auth: "optional",
    query: ZAvailableDaysQuery,
    responses: { 200: ZAvailableDays, ...errors(404, 422) },
  }),
  defineRoute({
    method: "post",
    path: "/appointments/new-appointment",
    summary: "Book an appointment with the signed-in client's account",
    description:
      "422 BEYOND_BOOKING_HORIZON past the booking horizon; 422 SHOP_UPCOMING_LIMIT / UPCOMING_LIMIT when the client already holds 3 upcoming appointments at the shop or 10 in all. An account that has proved neither its phone (a WhatsApp code) nor its e-mail (a confirmation link) counts like a guest in the shop's hour: past a few such bookings the answer is 428 PHONE_VERIFICATION_REQUIRED and a 6-digit code goes to the account's phone by WhatsApp; the same booking sent again with `phone_code` proves the phone (for good) and is made (a wrong code is 422 INVALID_CODE). The 428's `delivery_id` follows the code at GET /code-delivery/{id}; should WhatsApp not deliver it, it goes to the account's e-mail, and typed in it proves the e-mail. 429 WHATSAPP_SEND_LIMIT when the hour's codes to the phone's prefix, or in all, are spent.",
    tag: "booking",
    auth: "required",
    body: ZCreateClientAppointment,
    headers: ZIdempotencyHeaders,
    responses: { 201: ZAppointmentAnswer, ...errors(403, 404, 409, 415, 422, 428, 429) },
  }),
  defineRoute({
    method: "post",
    path: "/appointments/appointment-without-login",
    summary: "Book an appointment as a guest (name and phone)",
    description:
      "Past a few guest bookings at a shop within an hour, the phone must be proved: the answer is 428 PHONE_VERIFICATION_REQUIRED and a 6-digit code goes to it by WhatsApp; the same booking sent again with `phone_code` is made (a wrong code is 422 INVALID_CODE); the 428's `delivery_id` follows the code at GET /code-delivery/{id}. A proved phone is not asked again for 30 days in the browser that proved it: the answer that accepts a code sets the HttpOnly cookie `navalha_phone_proof`, which later requests must carry (the phone alone proves nothing). The per-client limits and the horizon apply as for accounts (the phone is the client).",
    tag: "booking",
    body: ZCreateGuestAppointment,
    headers: ZIdempotencyHeaders,
    responses: { 201: ZGuestAppointmentAnswer, ...errors(404, 409, 415, 422, 428, 429) },
  }),
  defineRoute({
    method: "get",
    path: "/client/appointments",
    summary: "The signed-in client's upcoming appointments or history",
    tag: "booking",
    auth: "required",
    query: ZClientAppointmentsQuery,
    responses: { 200: ZAppointmentList, ...errors(403) },
  }),
  defineRoute({
    method: "get",
    path: "/client/appointments/{id}",
    summary: "One appointment, for its client or with its manage token",
    tag: "booking",
    auth: "optional",
    params: ZAppointmentIdParams,
    query: ZManageTokenQuery,
    responses: { 200: ZAppointmentAnswer, ...errors(401, 404) },
  }),
  defineRoute({
    method: "get",
    path: "/client/appointments/{id}/ics",
    summary: "The appointment as an iCalendar (.ics) file",
    description:
      "One event at the appointment's instant, titled in the request's language (Accept-Language); its description links to the appointment's page in that language, with the guest's manage_token when the request carried one.",
    tag: "booking",
    auth: "optional",
    params: ZAppointmentIdParams,
    query: ZManageTokenQuery,
    responses: { 200: null, ...errors(401, 404) },
  }),
  defineRoute({
    method: "put",
    path: "/appointment/update-status/{id}/{status}",
    summary: "Confirm or cancel an appointment",
    tag: "booking",
    auth: "optional",
    params: ZUpdateStatusParams,
    query: ZManageTokenQuery,
    responses: { 200: ZAppointmentAnswer, ...errors(401, 404, 422) },
  }),
  defineRoute({
    method: "put",
    path: "/appointment/reschedule/{id}",
    summary: "Move an appointment to another day or time (same barber, services and products)",
    description:
      "For a pending or confirmed appointment that has not started. The new time must be one the barber offers for the appointment's services (the appointment's own time counts as free); the prices stay as booked and the status is kept. Its reminders are written again for the new time and the client gets a message with the calendar event moved. The same time again changes nothing (a retry is safe). 409 SLOT_TAKEN when someone else holds the time; 422 INVALID_TRANSITION, TIME_NOT_OFFERED, DATE_IN_PAST or BEYOND_BOOKING_HORIZON; 429 TOO_MANY_REQUESTS (with Retry-After) past 3 moves of one appointment in 24 hours. The time it left is offered to the waitlist of that day 5 minutes later, if a time is still free then.",
    tag: "booking",
    auth: "optional",
    params: ZAppointmentIdParams,
    query: ZManageTokenQuery,
    body: ZRescheduleBody,
    responses: { 200: ZAppointmentAnswer, ...errors(401, 404, 409, 415, 422, 429) },
  }),
  defineRoute({
    method: "delete",
    path: "/appointments/delete/{id}",
    summary: "Cancel an appointment (it stays in the history)",
    tag: "booking",
    auth: "required",
    params: ZAppointmentIdParams,
    responses: { 200: ZAppointmentAnswer, ...errors(403, 404, 422) },
  }),
  defineRoute({
    method: "post",
    path: "/client/add-review",
    summary: "Rate a completed appointment (once)",
    tag: "booking",
    auth: "required",
    body: ZCreateReview,
    responses: { 201: ZReviewAnswer, ...errors(403, 404, 409, 415, 422) },
  }),
];
