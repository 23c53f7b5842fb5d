import type { Db } from "@/lib/server/db/client";
import { shopHours } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { findShopCardsByIds } from "@/lib/server/shops/cards";
import { makeShop } from "@/tests/factories/shops";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

/** A card's `opens_next`: when a shop closed now opens next, on its own clock (every list, the favourites and the shop page show it). */
describe("a card's opens_next", () => {
  let saoPaulo: { id: number };
  let tokyo: { id: number };
  let noHours: { id: number };
  let weekly: { id: number };
  beforeAll(async () => {
    saoPaulo = await makeShop(db());
    tokyo = await makeShop(db(), { timezone: "Asia/Tokyo" });
    noHours = await makeShop(db());
    weekly = await makeShop(db());
    await db().insert(shopHours).values({ barbershopId: weekly.id, weekday: 6, opens: "08:00", closes: "12:00" });
    // Saturday has a lunch break; Sunday mornings; closed Monday to Friday.
    for (const shop of [saoPaulo, tokyo])
      await db()
        .insert(shopHours)
        .values([
          { barbershopId: shop.id, weekday: 6, opens: "08:00", closes: "12:00" },
          { barbershopId: shop.id, weekday: 6, opens: "13:00", closes: "18:00" },
          { barbershopId: shop.id, weekday: 0, opens: "09:00", closes: "13:00" },
        ]);
  });
  const at = async (utc: string, id = saoPaulo.id) => {
    const [card] = await findShopCardsByIds(db(), [id], { now: new Date(utc) });
    return { open: card.is_open_now, next: card.opens_next };
  };

  it("names the next opening: later today, tomorrow, or a weekday of the coming week; none while open", async () => {
    // Saturday 28 November 2026 in São Paulo (UTC-03:00).
    expect(await at("2026-11-28T07:40:00Z")).toEqual({ open: false, next: { in_days: 0, weekday: 6, time: "08:00" } }); // 04:40
    expect(await at("2026-11-28T12:00:00Z")).toEqual({ open: true, next: null }); // 09:00
    expect(await at("2026-11-28T15:30:00Z")).toEqual({ open: false, next: { in_days: 0, weekday: 6, time: "13:00" } }); // 12:30: lunch
    expect(await at("2026-11-28T21:30:00Z")).toEqual({ open: false, next: { in_days: 1, weekday: 0, time: "09:00" } }); // 18:30
    // 23:30 on Saturday there, though Sunday in UTC.
    expect(await at("2026-11-29T02:30:00Z")).toEqual({ open: false, next: { in_days: 1, weekday: 0, time: "09:00" } });
    // 14:00 on Sunday: closed until next Saturday.
    expect(await at("2026-11-29T17:00:00Z")).toEqual({ open: false, next: { in_days: 6, weekday: 6, time: "08:00" } });
    // Wednesday 10:00.
    expect(await at("2026-12-02T13:00:00Z")).toEqual({ open: false, next: { in_days: 3, weekday: 6, time: "08:00" } });
  });

  it("reads the shop's own clock, says nothing for a shop with no hours, and a week for a shop that opened earlier today", async () => {
    // 22:00 on Saturday in UTC is 07:00 on Sunday in Tokyo.
    expect(await at("2026-11-28T22:00:00Z", tokyo.id)).toEqual({ open: false, next: { in_days: 0, weekday: 0, time: "09:00" } });
    expect(await at("2026-11-28T12:00:00Z", noHours.id)).toEqual({ open: false, next: null });
    // Open on Saturday mornings only: at 13:00 on a Saturday, it opens next Saturday.
    expect(await at("2026-11-28T16:00:00Z", weekly.id)).toEqual({ open: false, next: { in_days: 7, weekday: 6, time: "08:00" } });
  });
});
