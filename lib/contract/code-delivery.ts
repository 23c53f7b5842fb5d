import { z } from "zod";
import { ZErrorBody } from "./common";
import { defineRoute } from "./route-def";

/** Where a code that was said to be sent is: by WhatsApp, and (when WhatsApp could not) by e-mail instead. */
export const ZCodeDeliveryState = z.enum(["queued", "sent", "delivered", "failed"]);
export type TCodeDeliveryState = z.infer<typeof ZCodeDeliveryState>;

/** Why WhatsApp could not deliver: not on WhatsApp (131026), outside its window (131047), stopped (131050), anything else. */
export const ZCodeDeliveryReason = z.enum(["not_on_whatsapp", "window_closed", "stopped", "other"]);
export type TCodeDeliveryReason = z.infer<typeof ZCodeDeliveryReason>;

export const ZCodeDelivery = z.object({
  state: ZCodeDeliveryState,
  /** Set when `state` is failed. */
  reason: ZCodeDeliveryReason.nullable(),
  /** The e-mail that took over, when WhatsApp failed and the account has one: its address masked (j***@example.com). */
  fallback: z.object({ channel: z.literal("email"), to: z.string(), state: ZCodeDeliveryState }).nullable(),
});
export type TCodeDelivery = z.infer<typeof ZCodeDelivery>;

/** The opaque reference an answer gave as `delivery_id`. */
export const ZCodeDeliveryParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

const tag = "code-delivery";

export const codeDeliveryRoutes = [
  defineRoute({
    method: "get",
    path: "/code-delivery/{id}",
    summary: "Where a code that an answer said was sent is: queued, sent, delivered or failed (and the e-mail that took over)",
    description:
      "`id` is the `delivery_id` of the answer that said a code was sent: 428 PHONE_VERIFICATION_REQUIRED of a booking or a guest's entry, 202 of POST /send-whatsapp, 200 of PUT /user-data with `pending_phone`. The page polls it for a short while to tell the person when WhatsApp could not deliver (131026, 131047, 131050, or a later `failed` status) and whether the code went by e-mail instead. An unknown reference, or one whose code was never written (a phone without an account, after POST /send-whatsapp), is 404. Not cached.",
    tag,
    auth: "none",
    params: ZCodeDeliveryParams,
    responses: { 200: ZCodeDelivery, 404: ZErrorBody },
  }),
];
