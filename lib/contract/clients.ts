import { z } from "zod";
import { ZErrorBody, ZFreeText, ZId } from "./common";
import { defineRoute } from "./route-def";
import { ZStaffShopParams } from "./staff";

// The shop's clients (docs/decisions/0058-client-cards-and-notes.md): the clients with an account who booked at the
// shop and the guests who booked there by phone with no account (decision 0068), found as you type, and one client's card: his visits there, no-shows, and the staff's notes about him. The
// phone is masked where the reader's role may not see it (a barber sees it for his own bookings only).

export const ZClientParams = ZStaffShopParams.extend({ client_id: ZId });
export const ZClientNoteParams = ZClientParams.extend({ note_id: ZId });
/** A guest is named by the id of one of his bookings at the shop, never by his phone (paths go into logs). */
export const ZGuestParams = ZStaffShopParams.extend({ booking_id: ZId });
export const ZGuestNoteParams = ZGuestParams.extend({ note_id: ZId });

export const ZClientsQuery = z.object({
  q: z.string().trim().max(60).optional().meta({ description: "part of the name, or 4 or more digits of the phone; left out: the latest clients" }),
});
export type TClientsQuery = z.infer<typeof ZClientsQuery>;

const ZClientPhone = z.string().nullable().meta({ description: "E.164, or masked (+55 11 9****-**21) where the reader's role may not see it" });

export const ZClientSummary = z.object({
  id: z.number().int().meta({
    description: "the client's account; for a guest, his latest booking at this shop (the key of his card under /guests)",
  }),
  guest: z.boolean().meta({ description: "a guest: booked by phone with no account; his visits are the shop's bookings by that phone" }),
  name: z.string(),
  phone: ZClientPhone,
  visits: z.number().int().meta({ description: "bookings at this shop that were not cancelled" }),
  no_shows: z.number().int(),
  last_visit: z.string().nullable().meta({ description: "the start of the latest booking at this shop, ISO 8601" }),
});
export type TClientSummary = z.infer<typeof ZClientSummary>;
export const ZClients = z.object({ items: z.array(ZClientSummary) });
export type TClients = z.infer<typeof ZClients>;

export const ZClientVisit = z.object({
  id: z.number().int(),
  starts_at: z.string().meta({ description: "ISO 8601 (UTC)" }),
  local: z.string().meta({ description: "the start on the shop's wall clock, YYYY-MM-DD HH:MM" }),
  status: z.enum(["pending", "confirmed", "cancelled", "completed"]),
  no_show: z.boolean(),
  barber: z.string(),
  services: z.array(z.string()),
  total: z.string(),
});
export type TClientVisit = z.infer<typeof ZClientVisit>;

export const ZClientNote = z.object({
  id: z.number().int(),
  text: z.string(),
  author: z.string().meta({ description: "the staff member who wrote it" }),
  own: z.boolean().meta({ description: "written by the reader: he may edit or delete it" }),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type TClientNote = z.infer<typeof ZClientNote>;

export const ZClientCard = z.object({
  client: ZClientSummary,
  upcoming: z.array(ZClientVisit).meta({ description: "bookings still to come at this shop, soonest first" }),
  past: z.array(ZClientVisit).meta({ description: "the latest 50 past bookings at this shop, latest first" }),
  notes: z.array(ZClientNote).meta({ description: "staff-only notes about the client, newest first" }),
});
export type TClientCard = z.infer<typeof ZClientCard>;

export const ZClientNoteBody = z.object({ text: ZFreeText({ multiline: true }).min(1).max(1000) });
export type TClientNoteBody = z.infer<typeof ZClientNoteBody>;
export const ZClientNoteAnswer = z.object({ note: ZClientNote });

const err = ZErrorBody;
const tag = "staff";
const refused =
  "403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team, STAFF_PERMISSION when its roles there do not allow this, NOT_OF_SHOP for a client with no booking at this shop (or none of the barber's own, for a barber).";

const refusedGuest =
  "403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team, STAFF_PERMISSION when its roles there do not allow this, NOT_OF_SHOP when booking_id is no guest booking of this shop.";

export const clientRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/clients",
    summary: "The shop's clients, found as you type (name or phone)",
    description: `At most 30, latest visit first. A barber finds the clients of his own bookings. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    query: ZClientsQuery,
    responses: { 200: ZClients, 400: err, 401: err, 403: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/clients/{client_id}",
    summary: "A client's card: visits at this shop, no-shows, staff notes",
    description: `A barber sees the visits with him, and the phone of a client of his own bookings only. ${refused}`,
    tag,
    auth: "required",
    params: ZClientParams,
    responses: { 200: ZClientCard, 400: err, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/clients/{client_id}/notes",
    summary: "Add a staff-only note about a client",
    description: `Free text, 1 to 1,000 characters. ${refused}`,
    tag,
    auth: "required",
    params: ZClientParams,
    body: ZClientNoteBody,
    responses: { 201: ZClientNoteAnswer, 400: err, 401: err, 403: err, 415: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/clients/{client_id}/notes/{note_id}",
    summary: "Change one's own note about a client",
    description: `403 NOTE_NOT_OWN for a colleague's note, NOT_OF_SHOP for a note of another client or shop. ${refused}`,
    tag,
    auth: "required",
    params: ZClientNoteParams,
    body: ZClientNoteBody,
    responses: { 200: ZClientNoteAnswer, 400: err, 401: err, 403: err, 415: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/clients/{client_id}/notes/{note_id}",
    summary: "Delete one's own note about a client",
    description: `403 NOTE_NOT_OWN for a colleague's note, NOT_OF_SHOP for a note of another client or shop. ${refused}`,
    tag,
    auth: "required",
    params: ZClientNoteParams,
    responses: { 204: null, 401: err, 403: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/guests/{booking_id}",
    summary: "A guest's card: visits at this shop by his phone, no-shows, staff notes",
    description: `The guest is named by any of his bookings at this shop (booking_id); his visits are the shop's bookings by the same phone with no account. A barber reaches the guests of his own bookings. ${refusedGuest}`,
    tag,
    auth: "required",
    params: ZGuestParams,
    responses: { 200: ZClientCard, 400: err, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/guests/{booking_id}/notes",
    summary: "Add a staff-only note about a guest",
    description: `Free text, 1 to 1,000 characters, kept with the guest's phone at this shop. ${refusedGuest}`,
    tag,
    auth: "required",
    params: ZGuestParams,
    body: ZClientNoteBody,
    responses: { 201: ZClientNoteAnswer, 400: err, 401: err, 403: err, 415: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/guests/{booking_id}/notes/{note_id}",
    summary: "Change one's own note about a guest",
    description: `403 NOTE_NOT_OWN for a colleague's note, NOT_OF_SHOP for a note of another client or shop. ${refusedGuest}`,
    tag,
    auth: "required",
    params: ZGuestNoteParams,
    body: ZClientNoteBody,
    responses: { 200: ZClientNoteAnswer, 400: err, 401: err, 403: err, 415: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/guests/{booking_id}/notes/{note_id}",
    summary: "Delete one's own note about a guest",
    description: `403 NOTE_NOT_OWN for a colleague's note, NOT_OF_SHOP for a note of another client or shop. ${refusedGuest}`,
    tag,
    auth: "required",
    params: ZGuestNoteParams,
    responses: { 204: null, 401: err, 403: err },
  }),
];
