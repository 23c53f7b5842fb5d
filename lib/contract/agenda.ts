import { z } from "zod";
import { ZGuestName, ZGuestPhone } from "./booking";
import { ZDate, ZErrorBody, ZFreeText, ZHour, ZId } from "./common";
import { defineRoute } from "./route-def";
import { DURATION_GRID_MINUTES } from "./shop-rules";
import { ZStaffBookingParams, ZStaffShopParams } from "./staff";

// The shop's agenda (docs/decisions/0050-agenda.md): a day (or a barber's week) of every barber's columns, bookings
// and blocked time, in the shop's time zone; the front desk's bookings, moves, cancellations, blocks and marks; and
// the live stream of changes. Permissions as in docs/decisions/0045-staff-roles.md.

const ZAgendaDate = ZDate.refine((d) => d >= "2000-01-01" && d <= "2999-12-31", "invalid_format");

export const ZAgendaQuery = z.object({
  date: ZAgendaDate.optional().meta({ description: "the shop's local day (the first of the week with days=7); its today when left out" }),
  days: z.coerce.number().int().min(1).max(7).optional().meta({ description: "1 (the day, when left out) to 7 (a week)" }),
  barber_id: ZId.optional().meta({ description: "only this barber's column" }),
});
export type TAgendaQuery = z.infer<typeof ZAgendaQuery>;

/** A wall-clock range of a day in the shop's zone, "HH:MM". */
const ZLocalRange = z.object({ start: ZHour, end: ZHour });

export const AGENDA_SOURCES = ["site", "guest", "front_desk"] as const;
export const ZAgendaSource = z
  .enum(AGENDA_SOURCES)
  .meta({ description: "site: a client's account; guest: a guest on the site; front_desk: staff (a walk-in or a call)" });

export const AGENDA_MARKS = ["arrived", "completed", "no_show"] as const;
export const ZAgendaMark = z.enum(AGENDA_MARKS);
export type TAgendaMark = z.infer<typeof ZAgendaMark>;

export const ZAgendaBooking = z.object({
  id: z.number().int(),
  status: z.enum(["pending", "confirmed", "cancelled", "completed"]),
  mark: z.enum(["arrived", "no_show"]).nullable().meta({ description: "what the shop marked: the client arrived, or did not come" }),
  starts_at: z.string().meta({ description: "ISO 8601 with the shop's offset" }),
  ends_at: z.string(),
  date: ZDate.meta({ description: "the shop's local day" }),
  start_hour: ZHour,
  end_hour: ZHour,
  barber_id: z.number().int(),
  source: ZAgendaSource,
  client: z.object({
    id: z.number().int().nullable().meta({ description: "the client's account; null for a guest" }),
    name: z.string(),
    phone: z.string().nullable().meta({ description: "E.164, or masked (+55 11 9****-**21) where the reader's role may not see it" }),
    no_shows: z.number().int().meta({ description: "the client's no-shows at this shop" }),
  }),
  services: z.array(z.object({ name: z.string(), duration_minutes: z.number().int(), price: z.string() })),
  add_ons: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: z.string() })),
  total: z.string(),
  notes: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});
export type TAgendaBooking = z.infer<typeof ZAgendaBooking>;

export const ZAgendaBlock = z.object({
  id: z.number().int(),
  barber_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  date: ZDate,
  start_hour: ZHour,
  end_hour: ZHour,
  reason: z.string().nullable(),
});
export type TAgendaBlock = z.infer<typeof ZAgendaBlock>;

export const ZAgendaColumn = z.object({
  barber: z.object({ id: z.number().int(), name: z.string(), avatar_url: z.string().nullable() }),
  days: z.array(
    z.object({
      date: ZDate,
      hours: z.array(ZLocalRange).meta({ description: "working hours (his own, else the shop's); empty: not working" }),
      breaks: z.array(ZLocalRange),
    }),
  ),
});
export type TAgendaColumn = z.infer<typeof ZAgendaColumn>;

export const ZAgenda = z.object({
  date: ZDate,
  days: z.number().int(),
  timezone: z.string(),
  now: z.string().meta({ description: "the server's clock, ISO 8601, for the current-time line" }),
  step_minutes: z.number().int(),
  last_seq: z.number().int().meta({ description: "the last change of the shop's agenda included: the stream's Last-Event-ID" }),
  columns: z.array(ZAgendaColumn),
  bookings: z.array(ZAgendaBooking),
  blocks: z.array(ZAgendaBlock),
  services: z.array(z.object({ id: z.number().int(), name: z.string(), duration_minutes: z.number().int(), price: z.string() })).meta({
    description: "the shop's active services, for a booking sheet",
  }),
});
export type TAgenda = z.infer<typeof ZAgenda>;

export const ZAgendaBookingAnswer = z.object({ booking: ZAgendaBooking });

export const ZAgendaNewBooking = z.object({
  barber_id: ZId,
  date: ZAgendaDate,
  start_hour: ZHour,
  services: z.array(ZId).min(1).max(10),
  client: z.union([
    z.object({ id: ZId.meta({ description: "one of the shop's clients (found with the clients search)" }) }),
    z.object({ name: ZGuestName, phone: ZGuestPhone }),
  ]),
  notes: ZFreeText({ multiline: true }).max(500).optional(),
});
export type TAgendaNewBooking = z.infer<typeof ZAgendaNewBooking>;

/** The smallest length a resized booking may have, and the grid its end sits on: a service's own (ZServiceDuration). */
export const AGENDA_MOVE_MIN_MINUTES = DURATION_GRID_MINUTES;
export const AGENDA_END_GRID_MINUTES = DURATION_GRID_MINUTES;
export const ZAgendaMove = z.object({
  date: ZAgendaDate,
  start_hour: ZHour,
  barber_id: ZId.optional().meta({
    description: "another active barber of the shop who offers every service of the booking; left out: its own barber",
  }),
  end_hour: ZHour.optional().meta({
    description: "a new end the same day (a resize), on the 5-minute grid and at least 5 minutes after start_hour; left out: the length booked",
  }),
});
export type TAgendaMove = z.infer<typeof ZAgendaMove>;
export const ZAgendaCancel = z.object({ reason: ZFreeText().min(1).max(300) });
export type TAgendaCancel = z.infer<typeof ZAgendaCancel>;
export const ZAgendaMarkBody = z.object({ mark: ZAgendaMark });

export const ZAgendaNewBlock = z.object({
  barber_id: ZId.optional().meta({ description: "left out: every barber of the shop (an owner or a manager only)" }),
  date: ZAgendaDate,
  start_hour: ZHour,
  end_hour: ZHour,
  weekly: z.boolean().optional().default(false).meta({ description: "the same time every week, for a year" }),
  reason: ZFreeText().max(200).optional(),
});
export type TAgendaNewBlock = z.infer<typeof ZAgendaNewBlock>;
export const ZAgendaBlocksAnswer = z.object({ blocks: z.array(ZAgendaBlock) });
export const ZAgendaBlockParams = ZStaffShopParams.extend({ block_id: ZId });

export const ZAgendaClientsQuery = z.object({ q: z.string().trim().min(2).max(60) });
export const ZAgendaClients = z.object({
  items: z.array(
    z.object({
      id: z.number().int().meta({ description: "the client's account" }),
      name: z.string(),
      phone: z.string().nullable(),
      visits: z.number().int(),
      no_shows: z.number().int(),
    }),
  ),
});
export type TAgendaClients = z.infer<typeof ZAgendaClients>;

export const ZAgendaFeedParams = ZStaffShopParams.extend({ barber_id: ZId });
export const ZAgendaFeed = z.object({
  url: z.string().meta({ description: "the secret iCalendar URL to subscribe to; shown only now" }),
  created_at: z.string(),
});
export type TAgendaFeed = z.infer<typeof ZAgendaFeed>;
export const ZAgendaFeedTokenParams = z.object({ token: z.string().min(1).max(100) });

const err = ZErrorBody;
const tag = "agenda";
const refused =
  "403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team, STAFF_PERMISSION when its roles there do not allow this (a barber acts on his own bookings and time only), NOT_OF_SHOP for a barber, booking or client of another shop.";

export const agendaRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/agenda",
    summary: "The shop's agenda: a day (or a week) of columns, bookings and blocked time",
    description: `Every barber's columns for the owner, a manager and the front desk; a barber's own for a barber (nothing of a colleague's clients is sent). Times in the shop's zone. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    query: ZAgendaQuery,
    responses: { 200: ZAgenda, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/agenda/bookings",
    summary: "A front-desk booking (a walk-in or a phone call)",
    description: `Through the same transaction and exclusion constraint as an online booking: 409 SLOT_TAKEN when the time is taken, 422 TIME_NOT_OFFERED outside the barber's hours or on a break or block. The client gets the usual confirmation (WhatsApp only where the phone said yes). ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    body: ZAgendaNewBooking,
    responses: { 201: ZAgendaBookingAnswer, 401: err, 403: err, 409: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/agenda/bookings/{booking_id}/time",
    summary: "Move a booking to another time, another barber of the shop, or a new end",
    description: `The booking keeps its length unless \`end_hour\` is given; with \`barber_id\` it goes to that barber, who must be active and offer every service of the booking (422 SERVICE_NOT_PERFORMED, 422 BARBER_NOT_IN_SHOP for an inactive one). 400 AGENDA_MOVE_END for an end before the start, off the 5-minute grid or under 5 minutes. 409 SLOT_TAKEN when the time is someone else's, 409 BOOKING_CANCELLED when it was cancelled meanwhile, 422 TIME_NOT_OFFERED when the whole length does not fit the barber's hours. The client is told, as of any move. A barber moves and resizes his own bookings only, and not to another barber. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffBookingParams,
    body: ZAgendaMove,
    responses: { 200: ZAgendaBookingAnswer, 400: err, 401: err, 403: err, 409: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/agenda/bookings/{booking_id}/cancel",
    summary: "Cancel a booking, with a reason",
    description: `The client is told; the waitlist hears of the time. 409 BOOKING_CANCELLED when it was cancelled already. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffBookingParams,
    body: ZAgendaCancel,
    responses: { 200: ZAgendaBookingAnswer, 401: err, 403: err, 409: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/agenda/bookings/{booking_id}/mark",
    summary: "Mark what happened: arrived, completed, no-show",
    description: `Completing sends the "how was it?" request now; a no-show is counted for the client at this shop. 422 AGENDA_STATUS_NOT_NOW before the booking starts (arrived: from 30 minutes before) or once cancelled. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffBookingParams,
    body: ZAgendaMarkBody,
    responses: { 200: ZAgendaBookingAnswer, 401: err, 403: err, 409: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/agenda/blocks",
    summary: "Block time of a barber or of the whole shop, once or every week",
    description: `409 BLOCK_OVER_BOOKINGS, with the bookings in the way in \`details\` (path "bookings", message the booking id), when the time holds bookings: nothing is saved. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    body: ZAgendaNewBlock,
    responses: { 201: ZAgendaBlocksAnswer, 400: err, 401: err, 403: err, 409: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/agenda/blocks/{block_id}",
    summary: "Remove a block of time",
    description: refused,
    tag,
    auth: "required",
    params: ZAgendaBlockParams,
    responses: { 204: null, 401: err, 403: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/agenda/clients",
    summary: "The shop's clients, found as you type (name or phone)",
    description: `Clients with an account and a booking at the shop; phones masked for a role that may not see them. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    query: ZAgendaClientsQuery,
    responses: { 200: ZAgendaClients, 401: err, 403: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/agenda/feeds/{barber_id}",
    summary: "A new secret calendar feed URL for a barber (the old one stops working)",
    description: `Google or Apple Calendar subscribe to the URL: the barber's bookings from a month back to three months ahead. A barber makes his own; an owner or a manager anyone's. ${refused}`,
    tag,
    auth: "required",
    params: ZAgendaFeedParams,
    responses: { 200: ZAgendaFeed, 401: err, 403: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/agenda/feeds/{barber_id}",
    summary: "End a barber's calendar feed",
    description: refused,
    tag,
    auth: "required",
    params: ZAgendaFeedParams,
    responses: { 204: null, 401: err, 403: err },
  }),
  defineRoute({
    method: "get",
    path: "/agenda/feed/{token}",
    summary: "A barber's calendar feed (text/calendar)",
    description: "The secret of the URL is the only key; 404 once it was replaced or ended.",
    tag,
    params: ZAgendaFeedTokenParams,
    responses: { 200: null, 404: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/agenda/events",
    summary: "The shop's agenda changes, live (server-sent events)",
    description: `text/event-stream: one \`change\` event per change (id: its seq; data: {"seq","kind","booking_id","at"}), a comment as heartbeat every 15 s. With Last-Event-ID, the changes after it are replayed first (up to a day back; older: a \`reset\` event, refetch all). A barber is told only of his own bookings. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: null, 401: err, 403: err },
  }),
];
