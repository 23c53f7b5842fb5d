import "server-only";
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, lte, notInArray, or } from "drizzle-orm";
import type { TAppointment } from "@/lib/contract/appointments";
import type { TReview } from "@/lib/contract/shops";
import { textLang } from "@/lib/i18n/text-lang";
import type { AuthUser } from "@/lib/server/auth/session";
import type { Executor } from "@/lib/server/db/client";
import { appointmentProducts, appointmentServices, appointments, barbers, barbershops, reviews, services } from "@/lib/server/db/schema";
import { notFound, unauthorized } from "@/lib/server/http/errors";
import { findShopCardsByIds } from "@/lib/server/shops/cards";
import { minutesToHour, toWallClock, toZonedIso } from "@/lib/server/availability/zoned-time";
import { canCancel, canConfirm, canReview, confirmOffered, effectiveStatus, parseLeads } from "./status";
import { env } from "@/lib/server/env";
import type { ShopContactRaw } from "@/lib/server/availability/load";
import { phoneToE164 } from "@/lib/contract/common";

export type AppointmentRow = typeof appointments.$inferSelect;

export function hashManageToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function toReview(r: typeof reviews.$inferSelect): TReview {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    comment_lang: textLang(r.comment),
    client_name: r.clientName,
    created_at: r.createdAt.toISOString(),
    barber_id: r.barberId,
    answer: r.answer && r.answeredAt ? { text: r.answer, at: r.answeredAt.toISOString() } : null,
  };
}

/** Full appointments for rows, in the rows' order, with a handful of batched queries. */
export async function hydrateAppointments(db: Executor, rows: AppointmentRow[], ctx: { now: Date; clientId?: number | null }): Promise<TAppointment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const shopIds = [...new Set(rows.map((r) => r.barbershopId))];
  const barberIds = [...new Set(rows.map((r) => r.barberId))];
  const [cards, zones, barberRows, serviceRows, productRows, reviewRows] = await Promise.all([
    findShopCardsByIds(db, shopIds, { clientId: ctx.clientId ?? null, now: ctx.now }),
    db
      .select({ id: barbershops.id, timezone: barbershops.timezone, phone: barbershops.phone, whatsapp: barbershops.whatsapp })
      .from(barbershops)
      .where(inArray(barbershops.id, shopIds)),
    db.select().from(barbers).where(inArray(barbers.id, barberIds)),
    db
      .select({
        appointmentId: appointmentServices.appointmentId,
        id: appointmentServices.serviceId,
        name: appointmentServices.name,
        price: appointmentServices.price,
        durationMinutes: appointmentServices.durationMinutes,
        description: services.description,
        category: services.category,
      })
      .from(appointmentServices)
      .innerJoin(services, eq(services.id, appointmentServices.serviceId))
      .where(inArray(appointmentServices.appointmentId, ids)),
    db.select().from(appointmentProducts).where(inArray(appointmentProducts.appointmentId, ids)),
    db.select().from(reviews).where(inArray(reviews.appointmentId, ids)),
  ]);
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  const shopOf = new Map(zones.map((z) => [z.id, z]));
  const barberOf = new Map(barberRows.map((b) => [b.id, b]));
  const reviewOf = new Map(reviewRows.map((r) => [r.appointmentId, r]));

  return rows.map((a) => {
    const barber = barberOf.get(a.barberId)!;
    const review = reviewOf.get(a.id);
    return toAppointment(a, {
      timeZone: shopOf.get(a.barbershopId)?.timezone ?? "America/Sao_Paulo",
      contact: shopOf.get(a.barbershopId) ?? { phone: null, whatsapp: null },
      barbershop: cardOf.get(a.barbershopId)!,
      barber: {
        id: barber.id,
        name: barber.name,
        avatar_url: barber.avatarUrl,
        rating_avg: Number(barber.ratingAvg),
        rating_count: barber.ratingCount,
        bio: barber.bio,
      },
      services: serviceRows
        .filter((s) => s.appointmentId === a.id)
        .map((s) => ({ id: s.id, name: s.name, description: s.description, price: s.price, duration_minutes: s.durationMinutes, category: s.category })),
      products: productRows.filter((p) => p.appointmentId === a.id).map((p) => ({ id: p.productId, name: p.name, price: p.price, quantity: p.quantity })),
      review: review ? toReview(review) : null,
      now: ctx.now,
    });
  });
}

/** The contract's Appointment from a row and its parts; status and abilities as of `now`. */
export function toAppointment(
  a: AppointmentRow,
  parts: Pick<TAppointment, "barbershop" | "barber" | "services" | "products"> & {
    timeZone: string;
    contact: ShopContactRaw;
    review: TReview | null;
    now: Date;
  },
): TAppointment {
  const start = toWallClock(a.startsAt, parts.timeZone);
  const end = toWallClock(a.endsAt, parts.timeZone);
  const facts = { status: a.status, startsAt: a.startsAt, endsAt: a.endsAt };
  return {
    id: a.id,
    status: effectiveStatus(facts, parts.now),
    barbershop: parts.barbershop,
    barber: parts.barber,
    services: parts.services,
    products: parts.products,
    date: start.date,
    start_hour: minutesToHour(start.minutes),
    end_hour: minutesToHour(end.minutes),
    timezone: parts.timeZone,
    starts_at: toZonedIso(a.startsAt, parts.timeZone),
    ends_at: toZonedIso(a.endsAt, parts.timeZone),
    subtotal: a.subtotal,
    additional: a.additional,
    discount: a.discount,
    total: a.total,
    // As the shop saved them, which may be masked or lack the country code: one form, or none, for the link.
    barbershop_contact: {
      phone: parts.contact.phone ? phoneToE164(parts.contact.phone) : null,
      whatsapp: parts.contact.whatsapp ? phoneToE164(parts.contact.whatsapp) : null,
    },
    client_name: a.clientName,
    client_phone: a.clientPhone,
    client_email: a.clientId === null ? a.clientEmail : null,
    can_cancel: canCancel(facts, parts.now),
    can_confirm: canConfirm(facts, parts.now),
    confirm_offered: confirmOffered(facts, parts.now, parseLeads(env().REMINDER_LEADS)[0] ?? 0),
    can_review: canReview({ ...facts, clientId: a.clientId, hasReview: parts.review !== null }, parts.now),
    review: parts.review,
  };
}

/** Who may see or change an appointment: its client, a guest's manage link, or (provenId) a verified one-tap answer for it. */
export type Access = {
  user: AuthUser | null;
  manageToken?: string | null;
  provenId?: number;
  /** The shop whose staff act on its bookings (lib/server/agenda/), once requireStaff has let them. */
  staffShopId?: number;
  /** The member who acts for that shop: the shop's alerts of the change are not sent to him. */
  staffUserId?: number;
};

/** A guest's manage link works until this long after the appointment's end, or after its cancellation if sooner. */
export const MANAGE_LINK_DAYS = 7;

export function manageLinkExpiresAt(row: Pick<AppointmentRow, "endsAt" | "cancelledAt">): Date {
  const from = row.cancelledAt && row.cancelledAt < row.endsAt ? row.cancelledAt : row.endsAt;
  return new Date(from.getTime() + MANAGE_LINK_DAYS * 86_400_000);
}

/** The appointment row if the caller may see it: its client, or whoever holds its unexpired manage token. */
export async function findAccessibleRow(db: Executor, id: number, access: Access, options: { forUpdate?: boolean; now?: Date } = {}): Promise<AppointmentRow> {
  if (!access.user && !access.manageToken && access.provenId === undefined && access.staffShopId === undefined) throw unauthorized();
  const owners = [];
  if (access.staffShopId !== undefined) owners.push(eq(appointments.barbershopId, access.staffShopId));
  if (access.provenId === id) owners.push(eq(appointments.id, id));
  if (access.user) owners.push(eq(appointments.clientId, access.user.id));
  if (access.manageToken) owners.push(eq(appointments.manageTokenHash, hashManageToken(access.manageToken)));
  // A one-tap link proves only its own appointment (with no owner condition left, `or()` would match any row).
  if (owners.length === 0) throw notFound("APPOINTMENT_NOT_FOUND");
  const query = db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), or(...owners)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  // Someone else's appointment is indistinguishable from one that does not exist; so is an expired link.
  if (!row) throw notFound("APPOINTMENT_NOT_FOUND");
  const isOwner = (access.user != null && row.clientId === access.user.id) || access.provenId === id || row.barbershopId === access.staffShopId;
  if (!isOwner && manageLinkExpiresAt(row) <= (options.now ?? new Date())) throw notFound("APPOINTMENT_NOT_FOUND");
  return row;
}

export async function getAppointment(db: Executor, id: number, access: Access, now = new Date()): Promise<TAppointment> {
  const row = await findAccessibleRow(db, id, access, { now });
  const [appointment] = await hydrateAppointments(db, [row], { now, clientId: access.user?.id ?? null });
  return appointment;
}

/**
 * The shop of the appointment a manage link opens, for the link's preview (WhatsApp draws one when the client
 * sends the link to themselves): only the shop, public already; nothing of the client, the day or the
 * services. Null for a link that does not open it (wrong, expired), as the page itself would refuse it.
 */
export async function previewShopOfManageLink(
  db: Executor,
  id: number,
  manageToken: string,
): Promise<{ name: string; slug: string; neighborhood: string; city: string } | null> {
  const row = await findAccessibleRow(db, id, { user: null, manageToken }).catch(() => null);
  if (!row) return null;
  const [shop] = await db
    .select({ name: barbershops.name, slug: barbershops.slug, neighborhood: barbershops.neighborhood, city: barbershops.city })
    .from(barbershops)
    .where(eq(barbershops.id, row.barbershopId))
    .limit(1);
  return shop ?? null;
}

/** Upcoming: not cancelled and not over yet, soonest first. History: the rest, latest first. */
export async function listClientAppointments(
  db: Executor,
  clientId: number,
  query: { scope: "upcoming" | "history"; skip: number; limit: number },
  now = new Date(),
) {
  const open = ["pending", "confirmed"];
  const upcoming = and(eq(appointments.clientId, clientId), inArray(appointments.status, open), gt(appointments.endsAt, now));
  const history = and(eq(appointments.clientId, clientId), or(notInArray(appointments.status, open), lte(appointments.endsAt, now)));
  const where = query.scope === "upcoming" ? upcoming : history;
  const order = query.scope === "upcoming" ? [asc(appointments.startsAt), asc(appointments.id)] : [desc(appointments.startsAt), desc(appointments.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(appointments)
      .where(where)
      .orderBy(...order)
      .offset(query.skip)
      .limit(query.limit),
    db.select({ total: count() }).from(appointments).where(where),
  ]);
  const items = await hydrateAppointments(db, rows, { now, clientId });
  return { items, total: Number(total), skip: query.skip, limit: query.limit };
}
