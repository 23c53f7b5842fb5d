import "server-only";
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { TClosure, TCreateClosure, TShopHours } from "@/lib/contract/hours";
import { inWeekOrder } from "@/lib/contract/shop-rules";
import type { TConfirmQuery, TWeeklyRange } from "@/lib/contract/team";
import type { Db, Executor, Tx } from "@/lib/server/db/client";
import { barberHours, barbers, barbershops, blockedTimes, shopClosures, shopHours } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { requireStaff, type StaffAccess } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";
import { insidePeriod, outsideWeekly, refuseIfInTheWay } from "@/lib/server/team/in-the-way";
import { fromWallClock } from "@/lib/server/availability/zoned-time";

// The shop's weekly hours and closures (docs/decisions/0049-team-invitations.md). Writes lock the shop's row, check
// the upcoming bookings the change would leave out (409 unless kept), and record the change in their transaction;
// the shop_hours and blocked_times triggers raise the page tags and the agenda version, so pages and free times follow.

const hhmm = (t: string) => t.slice(0, 5);

async function lockShop(tx: Tx, shopId: number): Promise<{ timezone: string }> {
  const [shop] = await tx.select({ timezone: barbershops.timezone }).from(barbershops).where(eq(barbershops.id, shopId)).for("update");
  return shop;
}

async function readHours(db: Executor, shopId: number): Promise<TShopHours["days"]> {
  const rows = await db.select().from(shopHours).where(eq(shopHours.barbershopId, shopId)).orderBy(asc(shopHours.weekday), asc(shopHours.opens));
  return rows.map((r) => ({ weekday: r.weekday, opens: hhmm(r.opens), closes: hhmm(r.closes) }));
}

export async function getShopHours(db: Db, access: StaffAccess) {
  const [shop] = await db.select({ timezone: barbershops.timezone }).from(barbershops).where(eq(barbershops.id, access.shopId));
  return { days: await readHours(db, access.shopId), timezone: shop.timezone };
}

/** Clips a barber's own ranges to the shop's of the same weekday (a barber works only while the shop is open). */
export function clipToShop(own: TWeeklyRange[], shop: TShopHours["days"]): TWeeklyRange[] {
  const out: TWeeklyRange[] = [];
  for (const r of own) {
    for (const s of shop.filter((x) => x.weekday === r.weekday)) {
      const starts = r.starts > s.opens ? r.starts : s.opens;
      const ends = r.ends < s.closes ? r.ends : s.closes;
      if (starts < ends) out.push({ weekday: r.weekday, starts, ends });
    }
  }
  return out;
}

/**
 * Replaces the weekly hours. Bookings to come that would fall outside them are listed (409) unless kept; the
 * barbers' own hours are clipped to the new ones, so no free time is offered while the shop is closed.
 */
export async function setShopHours(db: Db, access: StaffAccess, input: TShopHours, query: TConfirmQuery, now = new Date()) {
  // The contract refused overlapping and inverted ranges (lib/contract/shop-rules.ts).
  const days = inWeekOrder(input.days, (r) => r.opens);
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "hours.manage");
    const shop = await lockShop(tx, me.shopId);
    const before = await readHours(tx, me.shopId);
    const ranges = days.map((d) => ({ weekday: d.weekday, starts: d.opens, ends: d.closes }));
    await refuseIfInTheWay(tx, await outsideWeekly(tx, { shopId: me.shopId, ranges }, now), query);
    await tx.delete(shopHours).where(eq(shopHours.barbershopId, me.shopId));
    if (days.length > 0)
      await tx.insert(shopHours).values(days.map((d) => ({ barbershopId: me.shopId, weekday: d.weekday, opens: d.opens, closes: d.closes })));
    // Each barber's own hours, within the new ones.
    const team = await tx.select({ id: barbers.id }).from(barbers).where(eq(barbers.barbershopId, me.shopId));
    const ids = team.map((b) => b.id);
    if (ids.length > 0) {
      const own = await tx.select().from(barberHours).where(inArray(barberHours.barberId, ids));
      for (const id of ids) {
        const mine = own.filter((h) => h.barberId === id).map((h) => ({ weekday: h.weekday, starts: hhmm(h.starts), ends: hhmm(h.ends) }));
        if (mine.length === 0) continue;
        const clipped = clipToShop(mine, days);
        if (JSON.stringify(clipped) === JSON.stringify(mine)) continue;
        await tx.delete(barberHours).where(eq(barberHours.barberId, id));
        if (clipped.length > 0) await tx.insert(barberHours).values(clipped.map((h) => ({ barberId: id, ...h })));
      }
    }
    const after = await readHours(tx, me.shopId);
    await recordChange(tx, me, {
      action: "hours.update",
      subject: "shop",
      subjectId: me.shopId,
      before: { days: before },
      after: { days: after, kept: query.confirm === "keep" },
    });
    return { days: after, timezone: shop.timezone };
  });
}

const toClosure = (r: typeof shopClosures.$inferSelect): TClosure => ({ id: r.id, starts_on: r.startsOn, ends_on: r.endsOn, reason: r.reason });

/** Today in the shop's time zone. */
function localToday(timezone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export async function listClosures(db: Db, access: StaffAccess, now = new Date()) {
  const [shop] = await db.select({ timezone: barbershops.timezone }).from(barbershops).where(eq(barbershops.id, access.shopId));
  const rows = await db
    .select()
    .from(shopClosures)
    .where(and(eq(shopClosures.barbershopId, access.shopId), gte(shopClosures.endsOn, localToday(shop.timezone, now))))
    .orderBy(asc(shopClosures.startsOn));
  return { items: rows.map(toClosure) };
}

/** The instants a closure covers: from the first day's midnight to the midnight after the last, in the shop's zone. */
export function closurePeriod(c: { startsOn: string; endsOn: string }, timezone: string): { from: Date; to: Date } {
  const next = new Date(Date.parse(`${c.endsOn}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  // Where a clock change skips midnight, the day starts at 01:00.
  const start = (day: string) => fromWallClock(day, 0, timezone) ?? fromWallClock(day, 60, timezone)!;
  return { from: start(c.startsOn), to: start(next) };
}

/** Writes a closure's blocked time for each of `barberIds`. */
export async function blockForClosure(tx: Executor, closure: typeof shopClosures.$inferSelect, timezone: string, barberIds: number[]): Promise<void> {
  if (barberIds.length === 0) return;
  const { from, to } = closurePeriod(closure, timezone);
  await tx
    .insert(blockedTimes)
    .values(barberIds.map((barberId) => ({ barberId, startsAt: from, endsAt: to, reason: closure.reason || null, closureId: closure.id })));
}

/** Closes the shop for whole days: every barber's time is blocked then, so no free time is offered. */
export async function createClosure(db: Db, access: StaffAccess, input: TCreateClosure, query: TConfirmQuery, now = new Date()) {
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "hours.manage");
    const shop = await lockShop(tx, me.shopId);
    const period = closurePeriod({ startsOn: input.starts_on, endsOn: input.ends_on }, shop.timezone);
    await refuseIfInTheWay(tx, await insidePeriod(tx, { shopId: me.shopId, ...period }, now), query);
    const [closure] = await tx
      .insert(shopClosures)
      .values({ barbershopId: me.shopId, startsOn: input.starts_on, endsOn: input.ends_on, reason: input.reason ?? "" })
      .returning();
    const team = await tx.select({ id: barbers.id }).from(barbers).where(eq(barbers.barbershopId, me.shopId));
    await blockForClosure(
      tx,
      closure,
      shop.timezone,
      team.map((b) => b.id),
    );
    await recordChange(tx, me, {
      action: "closure.create",
      subject: "closure",
      subjectId: closure.id,
      before: null,
      after: { ...toClosure(closure), kept: query.confirm === "keep" },
    });
    return { closure: toClosure(closure) };
  });
}

export async function deleteClosure(db: Db, access: StaffAccess, closureId: number) {
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "hours.manage");
    const [closure] = await tx
      .select()
      .from(shopClosures)
      .where(and(eq(shopClosures.id, closureId), eq(shopClosures.barbershopId, me.shopId)))
      .for("update");
    if (!closure) throw new AppError("NOT_OF_SHOP", { key: "CLOSURE_NOT_OF_SHOP" });
    // Its blocked times go with it (the foreign key cascades).
    await tx.delete(shopClosures).where(eq(shopClosures.id, closure.id));
    await recordChange(tx, me, { action: "closure.delete", subject: "closure", subjectId: closure.id, before: toClosure(closure), after: null });
    return { closure: toClosure(closure) };
  });
}
