import { z } from "zod";
import { ZDate, ZHour, ZMoney } from "./common";
import { ZBarber, ZReview, ZService, ZShopCard } from "./shops";

export const APPOINTMENT_STATUSES = ["pending", "confirmed", "cancelled", "completed"] as const;
export const ZAppointmentStatus = z.enum(APPOINTMENT_STATUSES);
export type TAppointmentStatus = z.infer<typeof ZAppointmentStatus>;

export const ZAppointment = z.object({
  id: z.number().int(),
  status: ZAppointmentStatus,
  barbershop: ZShopCard,
  barber: ZBarber,
  services: z.array(ZService),
  products: z.array(z.object({ id: z.number().int(), name: z.string(), price: ZMoney, quantity: z.number().int() })),
  /** Date and hours in the shop's own time zone. */
  date: ZDate,
  start_hour: ZHour,
  end_hour: ZHour,
  /** The shop's IANA time zone (e.g. America/Sao_Paulo), in which date and hours are given. */
  timezone: z.string(),
  /** ISO 8601 with the shop's offset. */
  starts_at: z.string(),
  ends_at: z.string(),
  subtotal: ZMoney,
  additional: ZMoney,
  discount: ZMoney,
  total: ZMoney,
  /**
   * How to reach the shop about it: its phone and WhatsApp in E.164 ("+5511968594404"), each null when the shop
   * has none that is a valid Brazilian number.
   */
  barbershop_contact: z.object({ phone: z.string().nullable(), whatsapp: z.string().nullable() }),
  client_name: z.string(),
  client_phone: z.string().nullable(),
  /** The e-mail a guest gave for the booking's messages (null for none, and for a client: their account's). */
  client_email: z.string().nullable().optional(),
  can_cancel: z.boolean(),
  can_confirm: z.boolean(),
  /**
   * Whether the page offers "confirm you are coming": can_confirm, and the first reminder's time (REMINDER_LEADS'
   * longest lead before the start) has come. Absent from an answer kept for an Idempotency-Key before it existed.
   */
  confirm_offered: z.boolean().optional(),
  can_review: z.boolean(),
  review: ZReview.nullable().optional(),
});
export type TAppointment = z.infer<typeof ZAppointment>;

/**
 * The booking with an appointment's services and barber chosen ("Book again"): it opens at its day and time. The
 * pages link to it, and so does the message that reminds a client to book again.
 */
export const bookAgainPath = (a: Pick<TAppointment, "barbershop" | "services" | "barber">) =>
  `/barbearia/${a.barbershop.slug}/agendar?service=${a.services.map((s) => s.id).join(",")}&barber=${a.barber.id}`;

/** What was booked, as one line: the services, then the add-ons the total includes ("Corte, Barba, 2 × Pomada"). */
export const bookedItems = (a: Pick<TAppointment, "services" | "products">) =>
  [...a.services.map((s) => s.name), ...a.products.map((p) => (p.quantity > 1 ? `${p.quantity} × ${p.name}` : p.name))].join(", ");
