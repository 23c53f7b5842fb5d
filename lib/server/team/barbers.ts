import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { TBarberProfile, TBarberTime, TConfirmQuery, TCreateTimeOff, TSetBarberServices, TUpdateBarber, TWeeklyRange } from "@/lib/contract/team";
import type { Db, Executor, Tx } from "@/lib/server/db/client";
import { barberBreaks, barberHours, barberServices, barbers, blockedTimes, services, shopHours, shopStaff } from "@/lib/server/db/schema";
import { syncPriceRange } from "@/lib/server/catalogue/catalogue";
import { inWeekOrder } from "@/lib/contract/shop-rules";
import { AppError } from "@/lib/server/http/errors";
import { barberOfShop, isOwnBarber, requirePermission, requireStaff, type StaffAccess } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";
import { processAvatar } from "@/lib/server/uploads/avatar";
import { removeStoredFile, storeFile } from "@/lib/server/uploads/storage";
import { insidePeriod, outsideWeekly, refuseIfInTheWay, withServiceNotDone } from "./in-the-way";

// Each barber's profile, week, time off and services (docs/decisions/0049-team-invitations.md). A barber changes his
// own profile and time ("time.manage", scope own); the owner and managers any barber's; the services he does are the
// managers' (with his own duration and price where they differ from the shop's).

const hhmm = (t: string) => t.slice(0, 5);
const weekly = (r: { weekday: number; starts: string; ends: string }): TWeeklyRange => ({ weekday: r.weekday, starts: hhmm(r.starts), ends: hhmm(r.ends) });

async function profiles(db: Executor, shopId: number, barberId?: number, now = new Date()): Promise<TBarberProfile[]> {
  const rows = await db
    .select({ barber: barbers, staffId: shopStaff.id })
    .from(barbers)
    .leftJoin(shopStaff, eq(shopStaff.barberId, barbers.id))
    .where(and(eq(barbers.barbershopId, shopId), barberId === undefined ? eq(barbers.isActive, true) : eq(barbers.id, barberId)))
    .orderBy(asc(barbers.name), asc(barbers.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.barber.id);
  const [hours, breaks, off, links] = await Promise.all([
    db.select().from(barberHours).where(inArray(barberHours.barberId, ids)).orderBy(asc(barberHours.weekday), asc(barberHours.starts)),
    db.select().from(barberBreaks).where(inArray(barberBreaks.barberId, ids)).orderBy(asc(barberBreaks.weekday), asc(barberBreaks.starts)),
    db
      .select()
      .from(blockedTimes)
      .where(and(inArray(blockedTimes.barberId, ids), gt(blockedTimes.endsAt, now)))
      .orderBy(asc(blockedTimes.startsAt)),
    db
      .select({
        barberId: barberServices.barberId,
        serviceId: services.id,
        name: services.name,
        d: services.durationMinutes,
        p: services.price,
        ownD: barberServices.durationMinutes,
        ownP: barberServices.price,
      })
      .from(barberServices)
      .innerJoin(services, eq(services.id, barberServices.serviceId))
      .where(and(inArray(barberServices.barberId, ids), eq(services.isActive, true)))
      .orderBy(asc(services.sortOrder), asc(services.name)),
  ]);
  return rows.map(({ barber: b, staffId }) => ({
    id: b.id,
    name: b.name,
    bio: b.bio,
    avatar_url: b.avatarUrl,
    is_active: b.isActive,
    staff_id: staffId,
    hours: hours.filter((h) => h.barberId === b.id).map(weekly),
    breaks: breaks.filter((h) => h.barberId === b.id).map(weekly),
    time_off: off
      .filter((t) => t.barberId === b.id)
      .map((t) => ({ id: t.id, starts_at: t.startsAt.toISOString(), ends_at: t.endsAt.toISOString(), reason: t.reason, closure_id: t.closureId })),
    services: links
      .filter((l) => l.barberId === b.id)
      .map((l) => ({
        service_id: l.serviceId,
        name: l.name,
        duration_minutes: l.ownD ?? l.d,
        price: l.ownP ?? l.p,
        own_duration: l.ownD !== null,
        own_price: l.ownP !== null,
      })),
  }));
}

export async function listBarbers(db: Db, access: StaffAccess) {
  return { items: await profiles(db, access.shopId) };
}

export async function getBarber(db: Db, access: StaffAccess, barberId: number) {
  await barberOfShop(db, access, barberId);
  return { barber: (await profiles(db, access.shopId, barberId))[0] };
}

/** The member again under the transaction, a barber of his shop, and the right over that barber's own things. */
async function barberFor(tx: Tx, access: StaffAccess, barberId: number, permission: "time.manage" | "team.manage") {
  const me = await requireStaff(tx, access.userId, access.shopId, "shop.view");
  const [row] = await tx
    .select()
    .from(barbers)
    .where(and(eq(barbers.id, barberId), eq(barbers.barbershopId, me.shopId)))
    .for("update");
  if (!row) throw new AppError("NOT_OF_SHOP", { key: "NOT_OF_SHOP_BARBER" });
  requirePermission(me, permission, { isOwn: isOwnBarber(me, barberId) });
  return { me, barber: row };
}

export async function updateBarber(db: Db, access: StaffAccess, barberId: number, input: TUpdateBarber) {
  return db.transaction(async (tx) => {
    const { me, barber } = await barberFor(tx, access, barberId, "time.manage");
    await tx.update(barbers).set({ name: input.name, bio: input.bio }).where(eq(barbers.id, barberId));
    await recordChange(tx, me, {
      action: "barber.profile",
      subject: "barber",
      subjectId: barberId,
      before: { name: barber.name, bio: barber.bio },
      after: input,
    });
    return { barber: (await profiles(tx, me.shopId, barberId))[0] };
  });
}

/** A barber's photo through the avatars' pipeline (magic bytes, pixel limit, WebP, disk or S3). */
export async function updateBarberPhoto(db: Db, access: StaffAccess, barberId: number, image: Buffer) {
  const webp = await processAvatar(image);
  const url = await storeFile(`${randomBytes(16).toString("base64url")}.webp`, webp, "image/webp");
  let previous: string | null = null;
  try {
    const answer = await db.transaction(async (tx) => {
      const { me, barber } = await barberFor(tx, access, barberId, "time.manage");
      previous = barber.avatarUrl;
      await tx.update(barbers).set({ avatarUrl: url }).where(eq(barbers.id, barberId));
      await recordChange(tx, me, {
        action: "barber.photo",
        subject: "barber",
        subjectId: barberId,
        before: { avatar_url: barber.avatarUrl },
        after: { avatar_url: url },
      });
      return { barber: (await profiles(tx, me.shopId, barberId))[0] };
    });
    if (previous) await removeStoredFile(previous);
    return answer;
  } catch (err) {
    await removeStoredFile(url);
    throw err;
  }
}

/**
 * Replaces a barber's weekly hours and breaks. A day without his own hours is the shop's; breaks lie inside his
 * working day. Bookings to come left outside, or inside a break, are listed (409) unless kept.
 */
export async function setBarberTime(db: Db, access: StaffAccess, barberId: number, input: TBarberTime, query: TConfirmQuery, now = new Date()) {
  // The contract refused overlapping and inverted ranges (lib/contract/shop-rules.ts).
  const hours = inWeekOrder(input.hours, (r) => r.starts);
  const breaks = inWeekOrder(input.breaks, (r) => r.starts);
  return db.transaction(async (tx) => {
    const { me } = await barberFor(tx, access, barberId, "time.manage");
    const shop = (await tx.select().from(shopHours).where(eq(shopHours.barbershopId, me.shopId))).map((h) => ({
      weekday: h.weekday,
      starts: hhmm(h.opens),
      ends: hhmm(h.closes),
    }));
    // His working ranges each weekday: his own, or the shop's on a day he has none.
    const effective = [0, 1, 2, 3, 4, 5, 6].flatMap((d) => {
      const own = hours.filter((h) => h.weekday === d);
      return own.length > 0 ? own : shop.filter((h) => h.weekday === d);
    });
    await refuseIfInTheWay(tx, await outsideWeekly(tx, { shopId: me.shopId, barberId, ranges: effective, breaks }, now), query);
    const before = (await profiles(tx, me.shopId, barberId))[0];
    await tx.delete(barberHours).where(eq(barberHours.barberId, barberId));
    await tx.delete(barberBreaks).where(eq(barberBreaks.barberId, barberId));
    if (hours.length > 0) await tx.insert(barberHours).values(hours.map((h) => ({ barberId, ...h })));
    if (breaks.length > 0) await tx.insert(barberBreaks).values(breaks.map((h) => ({ barberId, ...h })));
    const barber = (await profiles(tx, me.shopId, barberId))[0];
    await recordChange(tx, me, {
      action: "barber.time",
      subject: "barber",
      subjectId: barberId,
      before: { hours: before.hours, breaks: before.breaks },
      after: { hours: barber.hours, breaks: barber.breaks, kept: query.confirm === "keep" },
    });
    return { barber };
  });
}

export async function addTimeOff(db: Db, access: StaffAccess, barberId: number, input: TCreateTimeOff, query: TConfirmQuery, now = new Date()) {
  return db.transaction(async (tx) => {
    const { me } = await barberFor(tx, access, barberId, "time.manage");
    const from = new Date(input.starts_at);
    const to = new Date(input.ends_at);
    await refuseIfInTheWay(tx, await insidePeriod(tx, { shopId: me.shopId, barberId, from, to }, now), query);
    const [row] = await tx
      .insert(blockedTimes)
      .values({ barberId, startsAt: from, endsAt: to, reason: input.reason || null })
      .returning();
    const timeOff = { id: row.id, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(), reason: row.reason, closure_id: null };
    await recordChange(tx, me, {
      action: "barber.time_off",
      subject: "barber",
      subjectId: barberId,
      before: null,
      after: { ...timeOff, kept: query.confirm === "keep" },
    });
    return { time_off: timeOff };
  });
}

export async function removeTimeOff(db: Db, access: StaffAccess, barberId: number, timeOffId: number) {
  return db.transaction(async (tx) => {
    const { me } = await barberFor(tx, access, barberId, "time.manage");
    const [row] = await tx
      .select()
      .from(blockedTimes)
      .where(and(eq(blockedTimes.id, timeOffId), eq(blockedTimes.barberId, barberId)));
    // A closure's day is the shop's: it goes with the closure.
    if (!row || row.closureId !== null) throw new AppError("NOT_OF_SHOP", { key: "TIME_OFF_NOT_OF_SHOP" });
    await tx.delete(blockedTimes).where(eq(blockedTimes.id, row.id));
    const timeOff = { id: row.id, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(), reason: row.reason, closure_id: null };
    await recordChange(tx, me, { action: "barber.time_off_delete", subject: "barber", subjectId: barberId, before: timeOff, after: null });
    return { time_off: timeOff };
  });
}

/**
 * The services a barber does, each with his own duration and price or the shop's. A service taken from him with
 * bookings of it to come lists them (409) unless kept.
 */
export async function setBarberServices(db: Db, access: StaffAccess, barberId: number, input: TSetBarberServices, query: TConfirmQuery, now = new Date()) {
  return db.transaction(async (tx) => {
    const { me } = await barberFor(tx, access, barberId, "team.manage");
    const ids = [...new Set(input.services.map((s) => s.service_id))];
    if (ids.length > 0) {
      const found = await tx
        .select({ id: services.id })
        .from(services)
        .where(and(inArray(services.id, ids), eq(services.barbershopId, me.shopId), eq(services.isActive, true)));
      if (found.length !== ids.length) throw new AppError("NOT_OF_SHOP", { key: "SERVICE_NOT_OF_SHOP" });
    }
    const notDone =
      ids.length === 0
        ? sql`a.barber_id = ${barberId}`
        : sql`a.barber_id = ${barberId} and s.service_id not in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`;
    await refuseIfInTheWay(tx, await withServiceNotDone(tx, { shopId: me.shopId, notDone }, now), query);
    const before = (await profiles(tx, me.shopId, barberId))[0].services;
    await tx.delete(barberServices).where(eq(barberServices.barberId, barberId));
    const rows = ids.map((id) => {
      const s = input.services.find((x) => x.service_id === id)!;
      return { barberId, serviceId: id, durationMinutes: s.duration_minutes ?? null, price: s.price ?? null };
    });
    if (rows.length > 0) await tx.insert(barberServices).values(rows);
    await syncPriceRange(tx, me.shopId);
    const barber = (await profiles(tx, me.shopId, barberId))[0];
    await recordChange(tx, me, {
      action: "barber.services",
      subject: "barber",
      subjectId: barberId,
      before,
      after: { services: barber.services, kept: query.confirm === "keep" },
    });
    return { barber };
  });
}
