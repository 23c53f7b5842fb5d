import { z } from "zod";
import { ZErrorBody, ZHour } from "./common";
import { defineRoute } from "./route-def";
import { ZStaffShopParams } from "./staff";

// How each member of a shop's team is told of its bookings (docs/decisions/0052-staff-alerts.md): his own choice of
// channels, events and quiet hours, read and saved by himself only.

export const ALERT_EVENTS = ["booked", "cancelled", "moved", "waitlist_filled"] as const;
export const ZAlertEvent = z.enum(ALERT_EVENTS);
export type TAlertEvent = z.infer<typeof ZAlertEvent>;

export const ZAlertPrefsBody = z.object({
  email: z.boolean(),
  whatsapp: z.boolean().meta({ description: "true is the member's yes to WhatsApp alerts on his account's phone (422 ALERTS_NO_PHONE without one)" }),
  push: z.boolean().optional().meta({ description: "Web Push to the browsers I subscribed; left out: as it was" }),
  events: z.array(ZAlertEvent).max(ALERT_EVENTS.length),
  quiet_from: ZHour.nullable().meta({
    description: "shop time; with quiet_until, alerts due in between wait until it ends (400 when only one is given, or both alike)",
  }),
  quiet_until: ZHour.nullable(),
});
export type TAlertPrefsBody = z.infer<typeof ZAlertPrefsBody>;

export const ZAlertPrefs = z.object({
  email: z.boolean(),
  whatsapp: z.boolean().meta({ description: "on, and the phone's yes not withdrawn (a PARAR reply turns it off)" }),
  push: z.boolean().meta({ description: "Web Push to the browsers I subscribed (push_devices of them)" }),
  push_devices: z.number().int().min(0),
  events: z.array(ZAlertEvent),
  quiet_from: ZHour.nullable(),
  quiet_until: ZHour.nullable(),
  timezone: z.string().meta({ description: "the shop's time zone, which quiet hours are in" }),
  has_email: z.boolean().meta({ description: "whether the account has an e-mail to send to" }),
  has_phone: z.boolean().meta({ description: "whether the account has a phone for WhatsApp" }),
  scope: z.enum(["shop", "own"]).meta({ description: "shop: every barber's bookings (owner, manager, front desk); own: a barber's own" }),
});
export type TAlertPrefs = z.infer<typeof ZAlertPrefs>;

/** A browser's PushSubscription.toJSON(), as the console posts it. */
export const ZPushSubscriptionBody = z.object({
  endpoint: z.string().url().max(1000).meta({ description: "the push service's URL: https on a known push service (422 PUSH_ENDPOINT)" }),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/)
      .meta({ description: "the browser's P-256 public key, base64url" }),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]{22}$/)
      .meta({ description: "the 16-byte auth secret, base64url" }),
  }),
});
export type TPushSubscriptionBody = z.infer<typeof ZPushSubscriptionBody>;

export const ZPushUnsubscribeBody = z.object({ endpoint: z.string().url().max(1000) });

export const ZPushSettings = z.object({
  enabled: z.boolean().meta({ description: "whether this site sends Web Push (a VAPID key pair is set)" }),
  public_key: z.string().nullable().meta({ description: "the VAPID public key: applicationServerKey for pushManager.subscribe" }),
  push: z.boolean().meta({ description: "whether my alerts go by Web Push" }),
  push_devices: z.number().int().min(0).meta({ description: "how many browsers I subscribed at this shop" }),
});
export type TPushSettings = z.infer<typeof ZPushSettings>;

const err = ZErrorBody;
const tag = "staff";
const refused = "403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team.";

export const alertsRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/alerts",
    summary: "How I am told of the shop's bookings, cancellations, moves and waitlist places filled",
    description: `Each member reads his own. Until saved: e-mail on for every event, no WhatsApp, no quiet hours. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZAlertPrefs, 401: err, 403: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/alerts",
    summary: "Set how I am told of the shop's bookings",
    description: `Each member sets his own; alerts are then written in his language of the request. 422 ALERTS_NO_PHONE for WhatsApp without a phone on the account. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    body: ZAlertPrefsBody,
    responses: { 200: ZAlertPrefs, 400: err, 401: err, 403: err, 422: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/alerts/push",
    summary: "Web Push: the site's VAPID public key and my subscribed browsers",
    description: `A browser subscribes with public_key as applicationServerKey, then posts its subscription here. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZPushSettings, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/alerts/push",
    summary: "Receive my alerts in this browser (Web Push)",
    description: `Keeps the browser's subscription (the same endpoint again replaces its keys) and turns my push alerts on. 422 PUSH_OFF when the site has no VAPID keys; 422 PUSH_ENDPOINT when the endpoint is not https on a known push service. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    body: ZPushSubscriptionBody,
    responses: { 200: ZPushSettings, 400: err, 401: err, 403: err, 422: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/alerts/push",
    summary: "Stop my alerts in this browser",
    description: `Forgets the browser's subscription (none kept: nothing changes); the last one gone turns my push alerts off. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    body: ZPushUnsubscribeBody,
    responses: { 200: ZPushSettings, 400: err, 401: err, 403: err },
  }),
];
