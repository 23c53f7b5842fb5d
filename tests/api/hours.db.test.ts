import { eq } from "drizzle-orm";
import { DELETE as deleteClosureRoute } from "@/app/v3/staff/shops/[shop_id]/closures/[closure_id]/route";
import { GET as listClosuresRoute, POST as createClosureRoute } from "@/app/v3/staff/shops/[shop_id]/closures/route";
import { GET as getHoursRoute, PUT as putHoursRoute } from "@/app/v3/staff/shops/[shop_id]/hours/route";
import { GET as historyRoute } from "@/app/v3/staff/shops/[shop_id]/history/route";
import { getAvailableTimes } from "@/lib/server/availability/load";
import type { Db } from "@/lib/server/db/client";
import { appointmentServices, barberHours, barbershops, blockedTimes, shopHours } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { call, params } from "@/tests/factories/account";
import { linkBarberService, makeBarber, makeService, makeShop } from "@/tests/factories/shops";
import { makeBooking, makeMember } from "@/tests/factories/staff";

// The shop's weekly hours and closures: ranges that overlap or run backwards are refused, a change that would leave
// bookings outside lists them and saves nothing until kept, and free times never offer what the new hours exclude.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

type Team = {
  shopId: number;
  barberId: number;
  serviceId: number;
  owner: string;
  manager: string;
  desk: string;
  barber: string;
};
let t: Team;
beforeAll(async () => {
  const shop = await makeShop(db());
  const barber = await makeBarber(db(), shop.id);
  const service = await makeService(db(), shop.id, { durationMinutes: 30 });
  await linkBarberService(db(), barber.id, service.id);
  t = {
    shopId: shop.id,
    barberId: barber.id,
    serviceId: service.id,
    owner: (await makeMember(db(), shop.id, ["owner"])).token,
    manager: (await makeMember(db(), shop.id, ["manager"])).token,
    desk: (await makeMember(db(), shop.id, ["front_desk"])).token,
    barber: (await makeMember(db(), shop.id, ["barber"], barber.id)).token,
  };
}, 60_000);

const sp = (more: Record<string, string> = {}) => params({ shop_id: String(t.shopId), ...more });
const base = () => `/v3/staff/shops/${t.shopId}`;
const putHours = (token: string, days: unknown, q = "", lng = "en") =>
  putHoursRoute(call(`${base()}/hours${q}`, { method: "PUT", token, body: { days }, lng }), sp());
const weekdays = (opens: string, closes: string, list = [1, 2, 3, 4, 5, 6]) => list.map((weekday) => ({ weekday, opens, closes }));

/** A day 8 to 14 days ahead with the given weekday (São Paulo), within the booking horizon. */
function dayAhead(weekday: number): string {
  for (let n = 8; n < 15; n++) {
    const d = new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    if (new Date(`${d}T12:00:00Z`).getUTCDay() === weekday) return d;
  }
  throw new Error("unreachable");
}
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);
const freeTimes = async (day: string) => {
  const times = await getAvailableTimes(db(), { barbershop_id: t.shopId, barber_id: t.barberId, services: [t.serviceId], date: day });
  return [...times.morning, ...times.afternoon, ...times.night];
};

describe("weekly hours", () => {
  it("lets the owner and a manager set several ranges a day; free times and open periods follow", async () => {
    const days = [...weekdays("09:00", "12:00"), ...weekdays("14:00", "19:00")];
    const res = await putHours(t.manager, days);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.days.filter((d: { weekday: number }) => d.weekday === 2)).toEqual([
      { weekday: 2, opens: "09:00", closes: "12:00" },
      { weekday: 2, opens: "14:00", closes: "19:00" },
    ]);
    const tuesday = dayAhead(2);
    const times = await freeTimes(tuesday);
    expect(times).toContain("09:00");
    expect(times).toContain("14:00");
    expect(times).not.toContain("12:00");
    expect(times).not.toContain("13:00");
    expect(times).not.toContain("19:00");
    const [shop] = await db().select({ periods: barbershops.openPeriods }).from(barbershops).where(eq(barbershops.id, t.shopId));
    expect(shop.periods).not.toBe(0);
    // Sunday closed: no free time.
    expect(await freeTimes(dayAhead(0))).toEqual([]);
    const read = await (await getHoursRoute(call(`${base()}/hours`, { token: t.barber }), sp())).json();
    expect(read.days).toHaveLength(12);
  });

  it("refuses overlapping and inverted ranges (422, in the user's language) and saves nothing", async () => {
    const before = await db().select().from(shopHours).where(eq(shopHours.barbershopId, t.shopId));
    const overlap = await putHours(
      t.owner,
      [
        { weekday: 1, opens: "09:00", closes: "13:00" },
        { weekday: 1, opens: "12:00", closes: "18:00" },
      ],
      "",
      "pt-BR",
    );
    expect(overlap.status).toBe(422);
    const body = await overlap.json();
    expect(body.code).toBe("HOURS_INVALID");
    expect(body.error).toMatch(/sobrepor/);
    expect(body.details).toEqual([{ path: "days.1", message: "Duas faixas de horário do mesmo dia se sobrepõem." }]);
    const inverted = await putHours(t.owner, [{ weekday: 1, opens: "18:00", closes: "09:00" }]);
    expect((await inverted.json()).details).toEqual([{ path: "days.0", message: "A range ends before it starts." }]);
    expect((await putHours(t.owner, [{ weekday: 1, opens: "9h", closes: "18:00" }])).status).toBe(400);
    expect(await db().select().from(shopHours).where(eq(shopHours.barbershopId, t.shopId))).toEqual(before);
  });

  it("is not for the front desk nor a barber", async () => {
    for (const token of [t.desk, t.barber]) {
      const res = await putHours(token, weekdays("08:00", "20:00"));
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("STAFF_PERMISSION");
    }
  });

  it("lists the bookings new hours leave outside (409), saves nothing until kept, and clips the barbers' own hours", async () => {
    const thursday = dayAhead(4);
    const booking = await makeBooking(db(), t.shopId, t.barberId, at(thursday, "17:00"));
    await db().insert(appointmentServices).values({ appointmentId: booking.id, serviceId: t.serviceId, name: "Corte", price: "40.00", durationMinutes: 30 });
    await db().insert(barberHours).values({ barberId: t.barberId, weekday: 4, starts: "10:00", ends: "19:00" });
    const shorter = weekdays("09:00", "15:00");
    const res = await putHours(t.manager, shorter, "", "es");
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.code).toBe("BOOKINGS_IN_THE_WAY");
    expect(body.error).toMatch(/no se guardó nada/);
    expect(body.bookings).toEqual([
      {
        id: booking.id,
        starts_at: booking.startsAt.toISOString(),
        ends_at: booking.endsAt.toISOString(),
        barber: { id: t.barberId, name: expect.any(String) },
        client_name: booking.clientName,
        services: [{ id: t.serviceId, name: "Corte" }],
      },
    ]);
    const thursdayHours = async () =>
      (await db().select().from(shopHours).where(eq(shopHours.barbershopId, t.shopId))).filter((h) => h.weekday === 4).map((h) => h.closes);
    expect(await thursdayHours()).toEqual(["12:00:00", "19:00:00"]);

    const kept = await putHours(t.manager, shorter, "?confirm=keep");
    expect(kept.status).toBe(200);
    expect(await thursdayHours()).toEqual(["15:00:00"]);
    // The barber's own hours lie within the shop's now, so no free time is offered after 15:00.
    const own = await db().select().from(barberHours).where(eq(barberHours.barberId, t.barberId));
    expect(own.map((h) => [h.weekday, h.starts, h.ends])).toEqual([[4, "10:00:00", "15:00:00"]]);
    const times = await freeTimes(thursday);
    expect(times).toContain("14:30");
    expect(times.filter((x) => x >= "15:00")).toEqual([]);
    const history = await (await historyRoute(call(`${base()}/history?subject=shop`, { token: t.owner }), sp())).json();
    expect(history.items[0]).toMatchObject({ action: "hours.update", after: { kept: true } });
    expect(history.items[0].before.days).toHaveLength(12);
  });
});

describe("closures", () => {
  it("closes whole days for every barber (no free time), lists bookings in them (409) until kept, and reopens them", async () => {
    await putHours(t.owner, weekdays("09:00", "19:00"), "?confirm=keep");
    await db().delete(barberHours).where(eq(barberHours.barberId, t.barberId));
    const friday = dayAhead(5);
    expect(await freeTimes(friday)).toContain("10:00");
    const booking = await makeBooking(db(), t.shopId, t.barberId, at(friday, "11:00"));
    const close = (q = "", token = t.manager) =>
      createClosureRoute(call(`${base()}/closures${q}`, { method: "POST", token, body: { starts_on: friday, ends_on: friday, reason: "Feriado" } }), sp());
    expect((await close("", t.desk)).status).toBe(403);
    const refused = await close();
    expect(refused.status).toBe(409);
    expect((await refused.json()).bookings.map((b: { id: number }) => b.id)).toEqual([booking.id]);
    expect(await db().select().from(blockedTimes).where(eq(blockedTimes.barberId, t.barberId))).toEqual([]);

    const made = await close("?confirm=keep");
    expect(made.status).toBe(201);
    const { closure } = await made.json();
    expect(closure).toMatchObject({ starts_on: friday, ends_on: friday, reason: "Feriado" });
    const [blocked] = await db().select().from(blockedTimes).where(eq(blockedTimes.closureId, closure.id));
    expect(blocked).toMatchObject({ barberId: t.barberId, startsAt: at(friday, "00:00") });
    expect(blocked.endsAt.getTime() - blocked.startsAt.getTime()).toBe(86_400_000);
    expect(await freeTimes(friday)).toEqual([]);
    const listed = (await (await listClosuresRoute(call(`${base()}/closures`, { token: t.barber }), sp())).json()).items;
    expect(listed.map((c: { id: number }) => c.id)).toContain(closure.id);

    const reopen = await deleteClosureRoute(
      call(`${base()}/closures/${closure.id}`, { method: "DELETE", token: t.owner }),
      sp({ closure_id: String(closure.id) }),
    );
    expect(reopen.status).toBe(200);
    expect(await db().select().from(blockedTimes).where(eq(blockedTimes.closureId, closure.id))).toEqual([]);
    expect(await freeTimes(friday)).toContain("14:00");
  });

  it("refuses a closure that ends before it starts or lasts past 63 days", async () => {
    const bad = await createClosureRoute(
      call(`${base()}/closures`, { method: "POST", token: t.owner, body: { starts_on: "2027-01-10", ends_on: "2027-01-09" }, lng: "pt-BR" }),
      sp(),
    );
    // The same code and words as inverted hours (lib/contract/shop-rules.ts).
    expect(bad.status).toBe(422);
    const inverted = await bad.json();
    expect(inverted.code).toBe("HOURS_INVALID");
    expect(inverted.details).toEqual([{ path: "ends_on", message: "Uma faixa de horário termina antes de começar." }]);
    const long = await createClosureRoute(
      call(`${base()}/closures`, { method: "POST", token: t.owner, body: { starts_on: "2027-01-01", ends_on: "2027-04-01" } }),
      sp(),
    );
    expect((await long.json()).details).toEqual([{ path: "ends_on", message: "A closure lasts at most 63 days." }]);
  });
});
