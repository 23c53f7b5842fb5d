import { z } from "zod";
import { ZErrorBody, ZHour, ZId, ZMoney } from "./common";
import { defineRoute } from "./route-def";
import { refineWeek, ZServiceDuration, ZServicePrice } from "./shop-rules";
import { ZStaffMemberParams, ZStaffRole, ZStaffShopParams } from "./staff";

// A shop's team as its owner and managers run it (docs/decisions/0049-team-invitations.md): invitations by WhatsApp
// or e-mail, each barber's profile, hours, breaks, time off and services, and taking a member off the team without
// dropping a booking.

export const ZWeekday = z.coerce.number().int().min(0).max(6).meta({ description: "0 Sunday … 6 Saturday" });
export const ZWeeklyRange = z.object({ weekday: ZWeekday, starts: ZHour, ends: ZHour });
export type TWeeklyRange = z.infer<typeof ZWeeklyRange>;

/** A booking a change would leave outside the hours, or with a barber who no longer does its service. */
export const ZBookingInTheWay = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  barber: z.object({ id: z.number().int(), name: z.string() }),
  client_name: z.string(),
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TBookingInTheWay = z.infer<typeof ZBookingInTheWay>;
export const ZBookingsInTheWay = ZErrorBody.extend({ bookings: z.array(ZBookingInTheWay) }).meta({
  description: "409 BOOKINGS_IN_THE_WAY: nothing was saved; send again with ?confirm=keep to keep these bookings as they are",
});

export const ZConfirmQuery = z.object({
  confirm: z.enum(["keep"]).optional().meta({ description: "keep: save even though the listed bookings stay as they are" }),
});
export type TConfirmQuery = z.infer<typeof ZConfirmQuery>;

// ---- Invitations ----

export const INVITATION_HOURS = 72;
export const ZInvitationStatus = z.enum(["pending", "accepted", "revoked", "expired"]);
export const ZInvitationParams = ZStaffShopParams.extend({ invitation_id: ZId });
export const ZInvitationTokenParams = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const ZCreateInvitation = z.object({
  name: z.string().trim().min(2).max(80),
  roles: z.array(ZStaffRole).min(1).max(4).meta({ description: "owner only by an owner" }),
  channel: z.enum(["email", "whatsapp"]),
  recipient: z.string().trim().min(5).max(254).meta({ description: "the e-mail, or the WhatsApp number (Brazilian or E.164)" }),
});
export type TCreateInvitation = z.infer<typeof ZCreateInvitation>;

export const ZInvitation = z.object({
  id: z.number().int(),
  name: z.string(),
  roles: z.array(ZStaffRole),
  channel: z.enum(["email", "whatsapp"]),
  recipient: z.string(),
  status: ZInvitationStatus,
  expires_at: z.string(),
  created_at: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;
export const ZInvitations = z.object({ items: z.array(ZInvitation) });
export const ZInvitationAnswer = z.object({ invitation: ZInvitation });

export const ZInvitationPreview = z.object({
  shop: z.object({ id: z.number().int(), name: z.string(), city: z.string() }),
  name: z.string(),
  roles: z.array(ZStaffRole),
  channel: z.enum(["email", "whatsapp"]),
  status: ZInvitationStatus,
  expires_at: z.string(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;
export const ZInvitationAccepted = z.object({
  shop_id: z.number().int(),
  staff_id: z.number().int(),
  roles: z.array(ZStaffRole),
  barber_id: z.number().int().nullable(),
});
export type TInvitationAccepted = z.infer<typeof ZInvitationAccepted>;

// ---- A barber ----

export const ZBarberParams = ZStaffShopParams.extend({ barber_id: ZId });
export const ZTimeOffParams = ZBarberParams.extend({ time_off_id: ZId });

export const ZTimeOff = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string().nullable(),
  closure_id: z.number().int().nullable(),
});
export const ZBarberService = z.object({
  service_id: z.number().int(),
  name: z.string(),
  duration_minutes: z.number().int().meta({ description: "the barber's own, or the shop's" }),
  price: ZMoney.meta({ description: "the barber's own, or the shop's" }),
  own_duration: z.boolean(),
  own_price: z.boolean(),
});
export const ZBarberProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string(),
  avatar_url: z.string().nullable(),
  is_active: z.boolean(),
  staff_id: z.number().int().nullable(),
  hours: z.array(ZWeeklyRange).meta({ description: "empty: he works the shop's hours" }),
  breaks: z.array(ZWeeklyRange),
  time_off: z.array(ZTimeOff).meta({ description: "days off, holidays and the shop's closures, from today on" }),
  services: z.array(ZBarberService),
});
export type TBarberProfile = z.infer<typeof ZBarberProfile>;
export const ZBarberProfileAnswer = z.object({ barber: ZBarberProfile });
export const ZBarbers = z.object({ items: z.array(ZBarberProfile) });

export const ZUpdateBarber = z.object({
  name: z.string().trim().min(2).max(80),
  bio: z.string().trim().max(500),
});
export type TUpdateBarber = z.infer<typeof ZUpdateBarber>;
export const ZBarberTime = z
  .object({
    hours: z.array(ZWeeklyRange).max(42),
    breaks: z.array(ZWeeklyRange).max(42),
  })
  .superRefine((v, ctx) => {
    // The shop's hours and the join wizard check with the same rules (lib/contract/shop-rules.ts).
    for (const field of ["hours", "breaks"] as const)
      refineWeek(
        ctx,
        field,
        v[field],
        (r) => r.starts,
        (r) => r.ends,
      );
  });
export type TBarberTime = z.infer<typeof ZBarberTime>;
export const ZCreateTimeOff = z
  .object({
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    reason: z.string().trim().max(120).optional(),
  })
  .refine((t) => Date.parse(t.starts_at) < Date.parse(t.ends_at), { message: "HOURS_INVERTED", path: ["ends_at"] });
export type TCreateTimeOff = z.infer<typeof ZCreateTimeOff>;
export const ZTimeOffAnswer = z.object({ time_off: ZTimeOff });

export const ZSetBarberServices = z.object({
  services: z
    .array(
      z.object({
        service_id: ZId,
        duration_minutes: ZServiceDuration.nullable().optional().meta({ description: "his own, on the 5-minute grid; null: the shop's" }),
        price: ZServicePrice.nullable().optional().meta({ description: "his own, above zero; null: the shop's" }),
      }),
    )
    .max(200),
});
export type TSetBarberServices = z.infer<typeof ZSetBarberServices>;

// ---- Taking a member off the team ----

export const ZRemovalResolution = z.object({
  booking_id: ZId,
  action: z.enum(["move", "cancel"]),
  barber_id: ZId.optional().meta({ description: "with move: the barber who takes the booking, at the same time" }),
});
export const ZRemoveMember = z.object({
  resolutions: z.array(ZRemovalResolution).max(500).meta({ description: "one for each future booking of the member's barber row" }),
});
export type TRemoveMember = z.infer<typeof ZRemoveMember>;
export const ZRemovalPreview = z.object({ bookings: z.array(ZBookingInTheWay) });
export const ZRemoved = z.object({ removed: z.literal(true), moved: z.number().int(), cancelled: z.number().int() });

const err = ZErrorBody;
const tag = "staff";
const refused =
  "403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team, STAFF_PERMISSION when its roles there do not allow this, NOT_OF_SHOP for a barber, booking, member or client of another shop.";
const inTheWay = "409 BOOKINGS_IN_THE_WAY lists the future bookings the change would leave out and saves nothing; `?confirm=keep` saves and keeps them.";

export const teamRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/invitations",
    summary: "The shop's invitations to join its team",
    description: `Owner and managers. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZInvitations, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/invitations",
    summary: "Invite someone to the team by WhatsApp or e-mail",
    description: `A single-use link valid ${INVITATION_HOURS} hours. 409 INVITATION_PENDING when that person already has an open invitation, ALREADY_ON_TEAM when the account is on the team; inviting an owner is an owner's call. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    body: ZCreateInvitation,
    responses: { 201: ZInvitationAnswer, 400: err, 401: err, 403: err, 409: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/invitations/{invitation_id}",
    summary: "Revoke an invitation",
    description: `Its link stops working. ${refused}`,
    tag,
    auth: "required",
    params: ZInvitationParams,
    responses: { 200: ZInvitationAnswer, 401: err, 403: err, 409: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/invitations/{token}",
    summary: "What an invitation link offers",
    description: "404 for a link that is not one; the status tells an expired, used or revoked one.",
    tag,
    params: ZInvitationTokenParams,
    responses: { 200: ZInvitationPreview, 400: err, 404: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/invitations/{token}/accept",
    summary: "Accept an invitation with the signed-in account",
    description:
      "Links the account to the shop's team (and, for a barber, gives him his barber row). 410 INVITATION_EXPIRED, 409 INVITATION_USED, INVITATION_REVOKED, ALREADY_ON_TEAM; 403 WRONG_INVITEE when the account's proved e-mail or phone is another.",
    tag,
    auth: "required",
    params: ZInvitationTokenParams,
    responses: { 200: ZInvitationAccepted, 400: err, 401: err, 403: err, 404: err, 409: err, 410: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/barbers",
    summary: "The shop's barbers with their hours, time off and services",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZBarbers, 401: err, 403: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/barbers/{barber_id}",
    summary: "One barber's profile, hours, time off and services",
    description: refused,
    tag,
    auth: "required",
    params: ZBarberParams,
    responses: { 200: ZBarberProfileAnswer, 401: err, 403: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/barbers/{barber_id}",
    summary: "A barber's name and bio",
    description: `The barber himself, the owner or a manager. ${refused}`,
    tag,
    auth: "required",
    params: ZBarberParams,
    body: ZUpdateBarber,
    responses: { 200: ZBarberProfileAnswer, 400: err, 401: err, 403: err, 415: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/barbers/{barber_id}/photo",
    summary: "A barber's photo (JPEG, PNG or WebP; stored as WebP)",
    description: `The barber himself, the owner or a manager. 422 INVALID_IMAGE for a file that is not an image. ${refused}`,
    tag,
    auth: "required",
    params: ZBarberParams,
    multipart: true,
    responses: { 200: ZBarberProfileAnswer, 400: err, 401: err, 403: err, 413: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/barbers/{barber_id}/time",
    summary: "A barber's weekly hours and breaks",
    description: `Replaces both. Ranges of one day must not overlap; breaks lie inside his hours. ${inTheWay} ${refused}`,
    tag,
    auth: "required",
    params: ZBarberParams,
    query: ZConfirmQuery,
    body: ZBarberTime,
    responses: { 200: ZBarberProfileAnswer, 400: err, 401: err, 403: err, 409: ZBookingsInTheWay, 415: err, 422: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/barbers/{barber_id}/time-off",
    summary: "A day off, holiday or other time a barber is away",
    description: `422 HOURS_INVALID when it ends before it starts. ${inTheWay} ${refused}`,
    tag,
    auth: "required",
    params: ZBarberParams,
    query: ZConfirmQuery,
    body: ZCreateTimeOff,
    responses: { 201: ZTimeOffAnswer, 400: err, 401: err, 403: err, 409: ZBookingsInTheWay, 415: err, 422: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/barbers/{barber_id}/time-off/{time_off_id}",
    summary: "Remove a barber's time off",
    description: `A shop closure is removed with the closure. ${refused}`,
    tag,
    auth: "required",
    params: ZTimeOffParams,
    responses: { 200: ZTimeOffAnswer, 401: err, 403: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/barbers/{barber_id}/services",
    summary: "The services a barber does, with his own duration and price where they differ",
    description: `Owner and managers. ${inTheWay} ${refused}`,
    tag,
    auth: "required",
    params: ZBarberParams,
    query: ZConfirmQuery,
    body: ZSetBarberServices,
    responses: { 200: ZBarberProfileAnswer, 400: err, 401: err, 403: err, 409: ZBookingsInTheWay, 415: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/team/{staff_id}/removal",
    summary: "The future bookings to resolve before a member leaves the team",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffMemberParams,
    responses: { 200: ZRemovalPreview, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/team/{staff_id}/removal",
    summary: "Take a member off the team, each future booking moved or cancelled",
    description: `Owner and managers (an owner only by an owner). 409 BOOKINGS_IN_THE_WAY while a future booking has no resolution; 422 RESOLUTION_INVALID for a move to a barber who is not on the team or does not do its services; 409 SLOT_TAKEN when he is busy then; 409 LAST_OWNER. Clients are told by the usual messages. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffMemberParams,
    body: ZRemoveMember,
    responses: { 200: ZRemoved, 400: err, 401: err, 403: err, 409: ZBookingsInTheWay, 415: err, 422: err },
  }),
];
