import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { TAppointment } from "@/lib/contract/appointments";
import type { TCreateAppointment } from "@/lib/contract/booking";
import { phoneToE164 } from "@/lib/contract/common";
import { isOffered } from "@/lib/server/availability/free-times";
import { type BookingRules, type DaySchedule, freeTimesOf, loadBookingData } from "@/lib/server/availability/load";
import { loadRangeData, rankBarbersFor } from "@/lib/server/availability/range";
import { fromWallClock, hourToMinutes, toWallClock } from "@/lib/server/availability/zoned-time";
import type { AuthUser } from "@/lib/server/auth/session";
import type { Db, Tx } from "@/lib/server/db/client";
import { appointmentProducts, appointmentServices, appointments, idempotencyKeys, products } from "@/lib/server/db/schema";
import { AppError, pgConstraint, pgErrorCode, validationFailed } from "@/lib/server/http/errors";
import { assertBookingQuota, assertDateWithinHorizon, assertStartWithinHorizon, hasProvedContact } from "./booking-limits";
import { currentKey } from "@/lib/server/auth/signing-keys";
import type { Lang } from "@/lib/i18n/settings";
import { enqueueBookingMessages, recordWhatsappOptIn } from "./messages";
import { dropRebookRemindersAt } from "./rebook-reminder";
import { fromCents, toCents } from "./money";
import { deriveManageToken, rederiveManageToken } from "./manage-link";
import { hashManageToken, toAppointment } from "./read";
import type { StaffAccess } from "@/lib/server/staff/access";
import { recordFrontDeskBooking } from "@/lib/server/agenda/record";
import { enqueueStaffAlerts, fillsWaitlistPlace } from "@/lib/server/alerts/enqueue";

/** A guest's phoneVerified: confirmed by a code now or lately (see guest-phone.ts). */
export type Booker = { kind: "client"; user: AuthUser } | { kind: "guest"; name: string; phone: string; email?: string; phoneVerified?: boolean };
export type BookingResult = { appointment: TAppointment; manage_token?: string };
/**
 * A booking the shop's staff make (a walk-in or a phone call, lib/server/agenda/): the booker is the client, as a
 * guest (name and phone) or one of the shop's clients with an account. It goes through the same transaction, checks
 * and exclusion constraint as an online booking, without the online booking's notice and per-hour limits (the client
 * is at the counter or on the line), and is recorded as the front desk's.
 */
export type StaffBooking = { access: StaffAccess };

/**
 * Books an appointment in one transaction. The free times are recomputed inside it, and the
 * database's exclusion constraint has the last word when two requests race for one time.
 * With an Idempotency-Key, the key row and the answer are written in the same transaction as the
 * appointment. A retry, or a concurrent duplicate, cannot book again (its time is now held by
 * the first booking, or the key row already exists), so whenever a keyed request fails, the
 * stored answer of its key is returned if there is one.
 */
export async function createAppointment(
  db: Db,
  input: TCreateAppointment,
  booker: Booker,
  options: { idempotencyKey?: string | null; now?: Date; language?: Lang; staff?: StaffBooking } = {},
): Promise<BookingResult> {
  const now = options.now ?? new Date();
  const guestPhone = booker.kind === "guest" ? phoneToE164(booker.phone) : null;
  if (booker.kind === "guest" && !guestPhone) throw new AppError("INVALID_PHONE");
  const scope = booker.kind === "client" ? `user:${booker.user.id}` : guestScope(guestPhone as string);
  const key = options.idempotencyKey ?? null;
  const requestHash = createHash("sha256")
    .update(JSON.stringify({ input, name: booker.kind === "guest" ? booker.name : undefined, email: booker.kind === "guest" ? booker.email : undefined }))
    .digest("hex");

  // The manage token is not stored: a replay derives it again from the key. (Its key is read before
  // the transaction: on PGlite's single connection a read beside an open transaction would wait for ever.)
  const staff = options.staff;
  const manageToken = booker.kind === "guest" ? (key ? await deriveManageToken(scope, key) : randomBytes(32).toString("base64url")) : undefined;
  await currentKey("manage"); // loaded now: the reminders' answer links are signed inside the transaction
  const phone = booker.kind === "client" ? booker.user.phone : guestPhone;
  const clientId = booker.kind === "client" ? booker.user.id : null;
  try {
    return await db.transaction(async (tx) => {
      const remember = key
        ? (appointment: TAppointment) =>
            tx.insert(idempotencyKeys).values({ scope, key, requestHash, responseStatus: 201, responseBody: { appointment } }).prepare("booking_key").execute()
        : undefined;
      const withLang = { ...input, language: options.language ?? "pt-BR" };
      const insertCtx: InsertContext = { booker, guestPhone, manageToken, now, remember, staff };
      const appointment = input.barber_id
        ? await insertAppointment(tx, { ...withLang, barber_id: input.barber_id }, insertCtx)
        : await insertWithAnyBarber(tx, withLang, insertCtx);
      if (input.whatsapp_opt_in && phone) await recordWhatsappOptIn(tx, phone, now);
      await enqueueBookingMessages(tx, appointment, { clientId, language: withLang.language, manageToken }, now);
      const event = (await fillsWaitlistPlace(tx, appointment, clientId)) ? "waitlist_filled" : "booked";
      await enqueueStaffAlerts(tx, appointment, { event, actorUserId: staff?.access.userId ?? clientId, sequence: 0 }, now);
      // Booked there again: a reminder to book there again, still waiting, has done its work.
      await dropRebookRemindersAt(tx, appointment.barbershop.id, { clientId, phone: appointment.client_phone });
      return manageToken ? { appointment, manage_token: manageToken } : { appointment };
    });
  } catch (err) {
    if (key) {
      const replay = await findReplay(db, scope, key, requestHash);
      if (replay) return replay;
    }
    if (isOverlap(err)) throw new AppError("SLOT_TAKEN");
    if (pgErrorCode(err) === "23505" && key) throw new AppError("IDEMPOTENCY_IN_PROGRESS", { headers: { "retry-after": "1" } });
    throw err;
  }
}

/** The idempotency scope of a guest's bookings: their phone in E.164. */
export function guestScope(phoneE164: string): string {
  return `guest:${phoneE164}`;
}

/** Whether this Idempotency-Key was already used in this scope (a retry, not a new booking). */
export async function isKnownIdempotencyKey(db: Db, scope: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  return Boolean(row);
}

async function findReplay(db: Db, scope: string, key: string, requestHash: string): Promise<BookingResult | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!row) return null;
  if (row.requestHash !== requestHash) throw new AppError("IDEMPOTENCY_CONFLICT");
  if (row.responseStatus !== 201) return null;
  const body = row.responseBody as { appointment: TAppointment };
  if (!scope.startsWith("guest:")) return { appointment: body.appointment };
  const [booked] = await db.select({ hash: appointments.manageTokenHash }).from(appointments).where(eq(appointments.id, body.appointment.id)).limit(1);
  return { appointment: body.appointment, manage_token: await rederiveManageToken(scope, key, booked?.hash ?? null) };
}

/**
 * Another booking holds the time: the exclusion constraint refused the row, or (40P01) two
 * transactions inserted overlapping rows at once and PostgreSQL, each waiting for the other's
 * uncommitted row, aborted one of them. The other goes on, so the victim's time is taken.
 */
export function isOverlap(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code === "23P01" || code === "40P01" || pgConstraint(err) === "appointments_no_overlap";
}

/** A time the barber tried could not take (someone else's booking, or not his time): the next one may. */
function isTakenForThisBarber(err: unknown): boolean {
  if (err instanceof AppError) return err.code === "SLOT_TAKEN" || err.code === "TIME_NOT_OFFERED";
  return isOverlap(err);
}

/**
 * "Any barber": the barbers free for the whole time who perform every service, the fewest bookings
 * that day first (then the lowest id), each tried in a savepoint of the same transaction, with the
 * same checks and the same exclusion constraint as a booking with a named barber. When two clients
 * race for one time, the second one's insert waits for the first and, once it is refused by the
 * constraint, moves on to the next free barber; with no barber left it is SLOT_TAKEN.
 */
/** Who books and what the insert needs besides the input (the same for every barber tried). */
type InsertContext = {
  booker: Booker;
  guestPhone: string | null;
  manageToken: string | undefined;
  now: Date;
  remember?: (appointment: TAppointment) => Promise<unknown>;
  staff?: StaffBooking;
};

async function insertWithAnyBarber(tx: Tx, input: TCreateAppointment & { language: Lang }, ctx: InsertContext): Promise<TAppointment> {
  const { booker, guestPhone, manageToken, now, remember } = ctx;
  assertDateWithinHorizon(input.date, now);
  const data = await loadRangeData(tx, { shopId: input.barbershop_id, serviceIds: input.services, from: input.date, days: 1 });
  if (data.barbers.length === 0) throw new AppError("SERVICE_NOT_PERFORMED");
  let taken = false;
  for (const barber of rankBarbersFor(data, input.date, input.start_hour, now)) {
    try {
      return await tx.transaction((sp) => insertAppointment(sp, { ...input, barber_id: barber.id }, ctx));
    } catch (err) {
      if (!isTakenForThisBarber(err)) throw err;
      taken = true;
    }
  }
  // Nobody can take it: was it someone else's booking, or never a time of this shop?
  const withoutBookings = { ...data, barbers: data.barbers.map((b) => ({ ...b, busy: [] })) };
  if (taken || rankBarbersFor(withoutBookings, input.date, input.start_hour, now).length > 0) throw new AppError("SLOT_TAKEN");
  throw new AppError("TIME_NOT_OFFERED");
}

async function insertAppointment(tx: Tx, input: TCreateAppointment & { barber_id: number; language: Lang }, ctx: InsertContext): Promise<TAppointment> {
  const { booker, guestPhone, manageToken, now, remember, staff } = ctx;
  assertDateWithinHorizon(input.date, now);
  const quantities = new Map<number, number>();
  for (const p of input.products ?? []) quantities.set(p.id, Math.min(99, (quantities.get(p.id) ?? 0) + p.quantity));
  // Every read of the booking in one statement (two with products); the checks follow.
  const [{ rules: loaded, day, card }, productRows] = await Promise.all([
    loadBookingData(
      tx,
      { shopId: input.barbershop_id, barberId: input.barber_id, serviceIds: input.services, date: input.date },
      { card: { clientId: booker.kind === "client" ? booker.user.id : null, now } },
    ),
    quantities.size
      ? tx
          .select({ id: products.id, name: products.name, price: products.price })
          .from(products)
          .where(and(inArray(products.id, [...quantities.keys()]), eq(products.barbershopId, input.barbershop_id), eq(products.isActive, true)))
      : Promise.resolve([]),
  ]);
  // The front desk books a client who is there or on the line: no notice to give.
  const rules = staff ? { ...loaded, shop: { ...loaded.shop, minNoticeMinutes: 0 } } : loaded;
  const tz = rules.shop.timezone;
  if (input.date < toWallClock(now, tz).date) throw new AppError("DATE_IN_PAST");
  if (productRows.length !== quantities.size) throw new AppError("PRODUCT_NOT_AVAILABLE");
  const startsAt = assertOfferedStart(rules, day, input, fromWallClock(input.date, hourToMinutes(input.start_hour), tz), now);
  const endsAt = new Date(startsAt.getTime() + rules.durationMinutes * 60_000);
  if (!staff) {
    await assertBookingQuota(
      tx,
      rules.shop.id,
      booker.kind === "client"
        ? { kind: "client", userId: booker.user.id, proved: hasProvedContact(booker.user) }
        : { kind: "guest", phone: guestPhone!, phoneVerified: Boolean(booker.phoneVerified) },
      now,
    );
  }

  const subtotal = rules.services.reduce((sum, s) => sum + toCents(s.price), 0);
  const additional = productRows.reduce((sum, p) => sum + toCents(p.price) * quantities.get(p.id)!, 0);
  const discount = 0;

  const [row] = await tx
    .insert(appointments)
    .values({
      barbershopId: rules.shop.id,
      barberId: rules.barber.id,
      clientId: booker.kind === "client" ? booker.user.id : null,
      clientName: booker.kind === "client" ? booker.user.name : booker.name.trim(),
      clientPhone: booker.kind === "client" ? booker.user.phone : guestPhone,
      clientEmail: booker.kind === "guest" ? booker.email?.trim() || null : null,
      status: "pending",
      startsAt,
      endsAt,
      subtotal: fromCents(subtotal),
      additional: fromCents(additional),
      discount: fromCents(discount),
      total: fromCents(subtotal + additional - discount),
      notes: input.notes || null,
      manageTokenHash: manageToken ? hashManageToken(manageToken) : null,
      language: input.language,
      bookedUnproved: !staff && booker.kind === "client" && !hasProvedContact(booker.user),
    })
    .returning()
    // Named: PostgreSQL plans these writes once per connection (Drizzle prepares only named queries).
    .prepare("booking_insert")
    .execute();
  const appointment = toAppointment(row, {
    timeZone: tz,
    contact: rules.shop.contact,
    barbershop: card!,
    barber: rules.barber,
    services: rules.services.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      price: s.price,
      duration_minutes: s.durationMinutes,
      category: s.category,
    })),
    products: productRows.map((p) => ({ id: p.id, name: p.name, price: p.price, quantity: quantities.get(p.id)! })),
    review: null,
    now,
  });
  // The appointment's lines and the idempotency key's answer, sent together.
  await Promise.all([
    tx
      .insert(appointmentServices)
      .values(rules.services.map((s) => ({ appointmentId: row.id, serviceId: s.id, name: s.name, price: s.price, durationMinutes: s.durationMinutes })))
      .prepare("booking_services")
      .execute(),
    productRows.length
      ? tx
          .insert(appointmentProducts)
          .values(productRows.map((p) => ({ appointmentId: row.id, productId: p.id, name: p.name, price: p.price, quantity: quantities.get(p.id)! })))
      : Promise.resolve(),
    remember?.(appointment),
    staff
      ? recordFrontDeskBooking(tx, staff.access, row.id, { barber_id: row.barberId, starts_at: row.startsAt.toISOString(), client_name: row.clientName })
      : Promise.resolve(),
  ]);
  return appointment;
}

/**
 * The start a booking (or a move) asks for, once the barber's loaded day offers it: beyond the horizon, held by
 * someone else's appointment (SLOT_TAKEN) or never offered (TIME_NOT_OFFERED, also a wall-clock time the
 * shop's zone skips) throw.
 */
export function assertOfferedStart(rules: BookingRules, day: DaySchedule, input: { date: string; start_hour: string }, startsAt: Date | null, now: Date): Date {
  if (startsAt) assertStartWithinHorizon(startsAt, now);
  if (!startsAt || !isOffered(freeTimesOf(rules, day, input.date, now, { withAppointments: true }), input.start_hour)) {
    // Offered were it not for someone else's appointment: the time was just taken.
    if (startsAt && isOffered(freeTimesOf(rules, day, input.date, now, { withAppointments: false }), input.start_hour)) throw new AppError("SLOT_TAKEN");
    throw new AppError("TIME_NOT_OFFERED");
  }
  return startsAt;
}

/** The optional Idempotency-Key header: 8 to 200 visible characters. */
export function idempotencyKeyOf(req: Request): string | null {
  const value = req.headers.get("idempotency-key");
  if (value === null) return null;
  if (!/^[\x21-\x7e]{8,200}$/.test(value)) throw validationFailed([{ path: "Idempotency-Key", message: "8-200 visible ASCII characters" }]);
  return value;
}
