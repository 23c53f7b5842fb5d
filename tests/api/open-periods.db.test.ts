import { eq, sql } from "drizzle-orm";
import { PERIOD_HOURS, PERIODS } from "@/lib/contract/search-constants";
import { hourToMinutes } from "@/lib/server/availability/zoned-time";
import type { Db } from "@/lib/server/db/client";
import { barbershops, shopHours } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { makeShop } from "@/tests/factories/shops";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

/** The bits the lists expect, from PERIOD_HOURS: open at some time in [start, end) of the period. */
function expectedBits(hours: { weekday: number; opens: string; closes: string }[]): number {
  let bits = 0;
  for (const h of hours)
    PERIODS.forEach((period, i) => {
      const { start, end } = PERIOD_HOURS[period];
      if (hourToMinutes(h.opens) < hourToMinutes(end) && hourToMinutes(h.closes) > hourToMinutes(start)) bits |= 1 << (h.weekday * 3 + i);
    });
  return bits;
}

async function openPeriods(shopId: number): Promise<number> {
  const [row] = await db().select({ bits: barbershops.openPeriods }).from(barbershops).where(eq(barbershops.id, shopId));
  return row?.bits ?? -1;
}

async function hoursOf(shopId: number) {
  return db()
    .select({ weekday: shopHours.weekday, opens: shopHours.opens, closes: shopHours.closes })
    .from(shopHours)
    .where(eq(shopHours.barbershopId, shopId));
}

describe("barbershops.open_periods", () => {
  it("agrees with PERIOD_HOURS at and around every period's edges", async () => {
    // Edges: a range ending exactly when a period starts is not open in it; one starting a minute before it ends is.
    const ranges: [string, string][] = [
      ["00:00", "06:00"],
      ["05:59", "06:01"],
      ["06:00", "12:00"],
      ["11:59", "12:01"],
      ["12:00", "18:00"],
      ["17:59", "18:00"],
      ["18:00", "18:01"],
      ["23:00", "24:00"],
      ["07:00", "11:00"],
      ["09:00", "19:00"],
      ["00:00", "24:00"],
    ];
    for (const [opens, closes] of ranges) {
      const shop = await makeShop(db());
      const hours = [0, 3, 6].map((weekday) => ({ barbershopId: shop.id, weekday, opens, closes }));
      await db().insert(shopHours).values(hours);
      expect([opens, closes, await openPeriods(shop.id)]).toEqual([opens, closes, expectedBits(hours)]);
    }
  });

  it("follows every insert, update and delete of a shop's hours, in bulk too", async () => {
    const a = await makeShop(db());
    const b = await makeShop(db());
    expect(await openPeriods(a.id)).toBe(0);
    // One statement for both shops: each is refreshed.
    await db()
      .insert(shopHours)
      .values([
        { barbershopId: a.id, weekday: 1, opens: "08:00", closes: "12:00" },
        { barbershopId: a.id, weekday: 1, opens: "14:00", closes: "20:00" },
        { barbershopId: b.id, weekday: 5, opens: "19:00", closes: "23:00" },
      ]);
    expect(await openPeriods(a.id)).toBe(expectedBits(await hoursOf(a.id)));
    expect(await openPeriods(a.id)).toBe((1 | 2 | 4) << 3);
    expect(await openPeriods(b.id)).toBe(4 << 15);

    await db()
      .update(shopHours)
      .set({ weekday: 2, closes: "17:00" })
      .where(sql`${shopHours.barbershopId} = ${a.id} and ${shopHours.opens} = '14:00'`);
    expect(await openPeriods(a.id)).toBe((1 << 3) | (2 << 6));

    // A row moved to another shop refreshes both.
    await db()
      .update(shopHours)
      .set({ barbershopId: b.id })
      .where(sql`${shopHours.barbershopId} = ${a.id} and ${shopHours.weekday} = 2`);
    expect(await openPeriods(a.id)).toBe(1 << 3);
    expect(await openPeriods(b.id)).toBe((4 << 15) | (2 << 6));

    await db().delete(shopHours).where(eq(shopHours.barbershopId, a.id));
    expect(await openPeriods(a.id)).toBe(0);
    // Deleting a shop deletes its hours; the refresh finds no shop to update and does not fail.
    await db().delete(barbershops).where(eq(barbershops.id, b.id));
    expect(await openPeriods(b.id)).toBe(-1);
  });
});
