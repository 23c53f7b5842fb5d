import { and, asc, eq } from "drizzle-orm";
import { barberBreaks, barberHours, barbers, blockedTimes, services, shopFreeDays, shopHours } from "@/lib/server/db/schema";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { barberFreeTimes, loadRangeData } from "@/lib/server/availability/range";
import { addDays, fromWallClock, hourToMinutes, toWallClock, toZonedIso } from "@/lib/server/availability/zoned-time";
import { type FreeWindow, keepFreeDays, nextFreeTimesOf } from "@/lib/server/shops/free-times-sql";
import { createBarber, createService, createShop, insertAppointment, openEveryDay } from "@/tests/factories/booking";

// The lists compute next free times in PostgreSQL (free-times-sql.ts); the booking computes a day's
// free times in TypeScript (computeFreeTimes). Both must give the same times: this builds shops with
// every rule in play (own hours, split shop hours, breaks, appointments, a cancelled one, blocked
// times, grids of 10–30 minutes, notice, a barber who does not perform the service, an inactive one),
// from a fixed seed, and compares the two for many windows.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

/** A small deterministic generator (the same shops on every run). */
function rng(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
  return {
    int: (a: number, b: number) => a + Math.floor(next() * (b - a + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
const hh = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

// A fixed "now": Wednesday 25 November 2026, 10:07 in São Paulo.
const NOW = new Date("2026-11-25T13:07:00Z");
const TZ = "America/Sao_Paulo";
const today = toWallClock(NOW, TZ).date;

type Built = { shopId: number };
const shops: Built[] = [];
/** Building the shops takes some hundreds of statements, and each comparison reads every shop's agenda: on a
 *  slow machine (PostgreSQL under CI's load) that is more than Jest's 5 s. */
const SLOW = 120_000;

beforeAll(async () => {
  const r = rng(20261125);
  for (let n = 0; n < 14; n++) {
    const shop = await createShop(db(), { agendaTimeInterval: r.pick([10, 15, 20, 30]), minNoticeMinutes: r.pick([0, 0, 45, 120]) });
    if (r.chance(0.3)) {
      // Split hours: a morning and an evening range on every day.
      await openEveryDay(db(), shop.id, "08:00", "12:00");
      await db()
        .insert(shopHours)
        .values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ barbershopId: shop.id, weekday, opens: "14:30", closes: "21:10" })));
    } else {
      await openEveryDay(db(), shop.id, hh(r.int(14, 20) * 30), hh(r.int(34, 44) * 30));
    }
    const team = [];
    for (let b = 0; b < r.int(1, 3); b++) team.push(await createBarber(db(), shop.id, { isActive: !r.chance(0.1) }));
    const performers = team.filter((_, i) => i === 0 || r.chance(0.7));
    const service = await createService(
      db(),
      shop.id,
      { durationMinutes: r.pick([25, 30, 45, 60]), category: "hair" },
      performers.map((b) => b.id),
    );
    for (const barber of team) {
      if (r.chance(0.3)) {
        const start = r.int(16, 22) * 30 + r.pick([0, 5, 10]);
        for (let weekday = 0; weekday < 7; weekday++)
          await db()
            .insert(barberHours)
            .values({ barberId: barber.id, weekday, starts: hh(start), ends: hh(start + r.int(8, 16) * 30) });
      }
      if (r.chance(0.5)) {
        const start = r.int(22, 28) * 30;
        for (let weekday = 0; weekday < 7; weekday++)
          await db()
            .insert(barberBreaks)
            .values({ barberId: barber.id, weekday, starts: hh(start), ends: hh(start + r.pick([30, 45, 60])) });
      }
      // Appointments today and on the next two days at odd minutes; some cancelled.
      for (let day = 0; day < 3; day++) {
        const date = addDays(today, day);
        let at = r.int(8, 11) * 60 + r.int(0, 59);
        while (at < 21 * 60) {
          const minutes = r.pick([20, 30, 45, 60, 75]);
          if (r.chance(0.55)) {
            await insertAppointment(db(), {
              shopId: shop.id,
              barberId: barber.id,
              serviceId: service.id,
              clientId: null,
              startsAt: fromWallClock(date, at, TZ)!,
              minutes,
              status: r.chance(0.15) ? "cancelled" : "confirmed",
            });
          }
          at += minutes + r.int(0, 50);
        }
      }
      if (r.chance(0.3)) {
        const date = addDays(today, r.int(0, 2));
        const at = r.int(9, 18) * 60 + r.int(0, 59);
        await db()
          .insert(blockedTimes)
          .values({ barberId: barber.id, startsAt: fromWallClock(date, at, TZ)!, endsAt: fromWallClock(date, at + r.int(20, 180), TZ)! });
      }
    }
    shops.push({ shopId: shop.id });
  }
}, SLOW);

/** The same answer from the booking's own rules: each barber's free times of the day, then the window. */
async function expected(shopId: number, window: FreeWindow, limit: number) {
  const [{ id: serviceId, name: serviceName }] = await db()
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(and(eq(services.barbershopId, shopId), eq(services.isActive, true), eq(services.isOnline, true)))
    .orderBy(asc(services.durationMinutes), asc(services.price), asc(services.id))
    .limit(1);
  const dates = window.date ? [window.date] : [today, addDays(today, 1)];
  const data = await loadRangeData(db(), { shopId, serviceIds: [serviceId], from: dates[0], days: dates.length });
  const from = window.after ? hourToMinutes(window.after) : 0;
  const to = window.before ? hourToMinutes(window.before) : 24 * 60;
  const out: { starts_at: string; barber_id: number | null; service_id: number; service_name: string }[] = [];
  for (const date of dates) {
    const byTime = new Map<string, number[]>();
    for (const barber of data.barbers) {
      const t = barberFreeTimes(data, barber, date, NOW);
      for (const h of [...t.morning, ...t.afternoon, ...t.night]) {
        const m = hourToMinutes(h);
        if (m >= from && m < to) byTime.set(h, [...(byTime.get(h) ?? []), barber.id]);
      }
    }
    for (const h of [...byTime.keys()].sort()) {
      const ids = byTime.get(h)!;
      out.push({
        starts_at: toZonedIso(fromWallClock(date, hourToMinutes(h), TZ)!, TZ),
        barber_id: ids.length === 1 ? ids[0] : null,
        service_id: serviceId,
        service_name: serviceName,
      });
    }
  }
  return out.slice(0, limit);
}

const WINDOWS: FreeWindow[] = [
  {},
  { after: "18:00" },
  { after: "12:00", before: "18:00" },
  { date: today },
  { date: today, after: "16:45" },
  { date: addDays(today, 1) },
  { date: addDays(today, 1), after: "10:07" },
  { date: addDays(today, 1), after: "06:00", before: "12:00" },
  { date: addDays(today, 2), after: "13:13", before: "20:00" },
  { date: addDays(today, 2), after: "20:30" },
];

async function expectAgreement(window: FreeWindow) {
  const ids = shops.map((s) => s.shopId);
  const got = await nextFreeTimesOf(db(), ids, window, { now: NOW, limit: 3 });
  let compared = 0;
  for (const id of ids) {
    const want = await expected(id, window, 3);
    const times = (got.get(id) ?? []).map((t) => ({ starts_at: t.starts_at, barber_id: t.barber_id, service_id: t.service_id, service_name: t.service_name }));
    expect({ shop: id, times }).toEqual({ shop: id, times: want });
    compared += want.length;
  }
  return compared;
}

describe("computed in the statement (no kept day)", () => {
  it.each(WINDOWS.map((w) => [JSON.stringify(w), w] as const))(
    "agrees with the booking's rules: %s",
    async (_, window) => {
      const compared = await expectAgreement(window);
      // The windows are not all empty: the comparison has times in it.
      if (window.after !== "20:30") expect(compared).toBeGreaterThan(0);
    },
    SLOW,
  );
});

describe("kept days (shop_free_days)", () => {
  const tomorrow = addDays(today, 1);
  beforeAll(async () => {
    // Today and tomorrow of every shop, then nothing more to do.
    expect(await keepFreeDays(db(), { now: NOW })).toBe(shops.length * 2);
    expect(await keepFreeDays(db(), { now: NOW })).toBe(0);
  }, SLOW);

  it.each(WINDOWS.map((w) => [JSON.stringify(w), w] as const))(
    "agree with the booking's rules: %s",
    async (_, window) => {
      const compared = await expectAgreement(window);
      if (window.after !== "20:30") expect(compared).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    "are what the lists read while current",
    async () => {
      const shopId = shops[0].shopId;
      await db()
        .update(shopFreeDays)
        .set({ slots: {} })
        .where(and(eq(shopFreeDays.barbershopId, shopId), eq(shopFreeDays.day, tomorrow)));
      expect((await nextFreeTimesOf(db(), [shopId], { date: tomorrow }, { now: NOW, limit: 3 })).get(shopId)).toEqual([]);
      await db().delete(shopFreeDays).where(eq(shopFreeDays.barbershopId, shopId));
      expect(await keepFreeDays(db(), { now: NOW })).toBe(2);
      expect((await nextFreeTimesOf(db(), [shopId], { date: tomorrow }, { now: NOW, limit: 3 })).get(shopId)).toEqual(
        await expected(shopId, { date: tomorrow }, 3),
      );
    },
    SLOW,
  );

  it(
    "are left unread from the moment a change to the agenda is committed, then kept again",
    async () => {
      const shopId = shops.find((s) => s.shopId !== shops[0].shopId)!.shopId;
      const before = (await nextFreeTimesOf(db(), [shopId], { date: tomorrow }, { now: NOW, limit: 3 })).get(shopId)!;
      expect(before.length).toBeGreaterThan(0);
      // The first time shown is taken: a blocked time over it for every barber of the shop.
      const first = new Date(before[0].starts_at);
      for (const b of await db().select({ id: barbers.id }).from(barbers).where(eq(barbers.barbershopId, shopId))) {
        await db()
          .insert(blockedTimes)
          .values({ barberId: b.id, startsAt: first, endsAt: new Date(first.getTime() + 60_000) });
      }
      const after = (await nextFreeTimesOf(db(), [shopId], { date: tomorrow }, { now: NOW, limit: 3 })).get(shopId)!;
      expect(after.map((t) => t.starts_at)).not.toContain(before[0].starts_at);
      expect(after).toEqual(await expected(shopId, { date: tomorrow }, 3));
      // The worker's next pass keeps both days of that shop again, and they still agree.
      expect(await keepFreeDays(db(), { now: NOW })).toBe(2);
      expect((await nextFreeTimesOf(db(), [shopId], { date: tomorrow }, { now: NOW, limit: 3 })).get(shopId)).toEqual(after);
    },
    SLOW,
  );
});

it(
  "gives the same times inside a transaction (the statement with its values instead of a prepared one)",
  async () => {
    const ids = shops.map((s) => s.shopId);
    const window = { date: addDays(today, 1), after: "10:07" };
    const outside = await nextFreeTimesOf(db(), ids, window, { now: NOW, limit: 3 });
    const inside = await db().transaction((tx) => nextFreeTimesOf(tx, ids, window, { now: NOW, limit: 3 }));
    expect([...inside.entries()].sort()).toEqual([...outside.entries()].sort());
    expect([...inside.values()].flat().length).toBeGreaterThan(0);
  },
  SLOW,
);
