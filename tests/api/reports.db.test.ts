import { GET as getReport } from "@/app/v3/staff/shops/[shop_id]/reports/route";
import { ZReport, type TReport } from "@/lib/contract/reports";
import type { Db } from "@/lib/server/db/client";
import { agendaBookings, appointments, appointmentServices, barberBreaks, barberHours, blockedTimes, shopHours } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { shopReport } from "@/lib/server/reports/report";
import { requireStaff } from "@/lib/server/staff/access";
import { call, params } from "@/tests/factories/account";
import { expectError } from "@/tests/factories/booking";
import { makeBarber, makeClient, makeService, makeShop } from "@/tests/factories/shops";
import { makeMember } from "@/tests/factories/staff";

// The shop's report over three days with bookings of known totals: every figure checked, counted in São Paulo's
// time zone (UTC−3), through the route as JSON and CSV, and refused to roles without reports.view.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const FROM = "2025-03-03"; // a Monday
const TO = "2025-03-05";
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);

let f: Awaited<ReturnType<typeof seed>>;

async function seed() {
  const shop = await makeShop(db());
  // Monday to Saturday 09:00–18:00; closed on Sunday.
  await db()
    .insert(shopHours)
    .values([1, 2, 3, 4, 5, 6].map((weekday) => ({ barbershopId: shop.id, weekday, opens: "09:00", closes: "18:00" })));
  const a = await makeBarber(db(), shop.id, { name: "Ana Navalha" });
  // A name a spreadsheet would run as a formula, with the separator inside.
  const b = await makeBarber(db(), shop.id, { name: "=SOMA(1;2)" });
  const gone = await makeBarber(db(), shop.id, { name: "Ex-barbeiro", isActive: false });
  // Ana works the shop's hours with lunch 12:00–13:00; her block on Tuesday 11:30–14:00 overlaps the lunch.
  await db()
    .insert(barberBreaks)
    .values([1, 2, 3, 4, 5, 6].map((weekday) => ({ barberId: a.id, weekday, starts: "12:00", ends: "13:00" })));
  await db()
    .insert(blockedTimes)
    .values({ barberId: a.id, startsAt: at("2025-03-04", "11:30"), endsAt: at("2025-03-04", "14:00") });
  // The second barber has his own hours on Monday only (10:00–14:00, a break 12:00–12:30): the shop's on other days.
  await db().insert(barberHours).values({ barberId: b.id, weekday: 1, starts: "10:00", ends: "14:00" });
  await db().insert(barberBreaks).values({ barberId: b.id, weekday: 1, starts: "12:00", ends: "12:30" });
  await db().insert(barberHours).values({ barberId: gone.id, weekday: 1, starts: "09:00", ends: "18:00" });

  const cut = await makeService(db(), shop.id, { name: "Corte", price: "40.00" });
  const beard = await makeService(db(), shop.id, { name: "Barba", price: "30.00" });
  const [u1, u2, u3] = [await makeClient(db()), await makeClient(db()), await makeClient(db())];

  async function booking(
    barberId: number,
    startsAt: Date,
    minutes: number,
    lines: { id: number; name: string; price: string }[],
    over: Partial<typeof appointments.$inferInsert> & { noShow?: boolean } = {},
  ) {
    const { noShow, ...rest } = over;
    const subtotal = lines.reduce((s, l) => s + Number(l.price), 0);
    const additional = Number(rest.additional ?? 0);
    const discount = Number(rest.discount ?? 0);
    const [row] = await db()
      .insert(appointments)
      .values({
        barbershopId: shop.id,
        barberId,
        clientName: "Cliente",
        status: "completed",
        startsAt,
        endsAt: new Date(startsAt.getTime() + minutes * 60_000),
        subtotal: subtotal.toFixed(2),
        total: (subtotal + additional - discount).toFixed(2),
        ...rest,
      })
      .returning();
    if (lines.length > 0) {
      await db()
        .insert(appointmentServices)
        .values(lines.map((l) => ({ appointmentId: row.id, serviceId: l.id, name: l.name, price: l.price, durationMinutes: 30 })));
    }
    if (noShow)
      await db()
        .insert(agendaBookings)
        .values({ appointmentId: row.id, barbershopId: shop.id, noShowAt: new Date(startsAt.getTime() + 20 * 60_000) });
    return row;
  }
  const C = { id: cut.id, name: "Corte", price: "40.00" };
  const B = { id: beard.id, name: "Barba", price: "30.00" };
  const P1 = "+5511911110001";
  const P2 = "+5511911110002";

  // Before the range: u1 and the guest P1 visited, u2's booking was cancelled, u3 did not come.
  await booking(a.id, at("2025-02-10", "09:00"), 30, [C], { clientId: u1.id });
  await booking(a.id, at("2025-01-15", "09:00"), 30, [C], { clientPhone: P1 });
  await booking(a.id, at("2025-02-11", "09:00"), 30, [C], { clientId: u2.id, status: "cancelled" });
  await booking(a.id, at("2025-02-12", "09:00"), 30, [C], { clientId: u3.id, status: "confirmed", noShow: true });

  // In the range. Monday:
  await booking(a.id, at(FROM, "09:00"), 30, [C], { clientId: u1.id }); // 40
  await booking(a.id, at(FROM, "10:00"), 60, [C, B], { clientPhone: P1, status: "confirmed", additional: "25.00" }); // 95, over: a visit
  await booking(b.id, at(FROM, "10:00"), 45, [C, B], { clientId: u1.id, discount: "20.00" }); // 50
  await booking(b.id, at(FROM, "23:30"), 30, [B], { clientPhone: P2 }); // 30: Monday in São Paulo, Tuesday in UTC; outside his hours
  // Tuesday: a no-show, and a cancelled booking.
  await booking(a.id, at("2025-03-04", "09:00"), 30, [C], { clientId: u2.id, status: "confirmed", noShow: true });
  await booking(a.id, at("2025-03-04", "10:00"), 30, [C], { clientId: u2.id, status: "cancelled" });
  // Wednesday: confirmed and over, a visit.
  await booking(b.id, at(TO, "11:00"), 30, [C], { clientId: u3.id, status: "confirmed" });
  // Outside the range in São Paulo, inside it in UTC: Sunday 23:00 and Thursday 00:30.
  await booking(a.id, at("2025-03-02", "23:00"), 30, [C], { clientId: u1.id, total: "100.00", subtotal: "100.00" });
  await booking(a.id, at("2025-03-06", "00:30"), 30, [C], { clientId: u1.id, total: "100.00", subtotal: "100.00" });

  const team = {
    owner: await makeMember(db(), shop.id, ["owner"]),
    manager: await makeMember(db(), shop.id, ["manager"]),
    desk: await makeMember(db(), shop.id, ["front_desk"]),
    barber: await makeMember(db(), shop.id, ["barber"], a.id),
  };
  return { shop, a, b, team };
}

beforeAll(async () => {
  f = await seed();
}, 60_000);

const report = (token: string, q: string, lng = "en") =>
  getReport(call(`/v3/staff/shops/${f.shop.id}/reports?${q}`, { token, lng }), params({ shop_id: String(f.shop.id) }));

it("counts revenue, visits, no-shows, occupancy and new clients of the range, each as the seeded bookings add up", async () => {
  const res = await report(f.team.owner.token, `from=${FROM}&to=${TO}`);
  expect(res.status).toBe(200);
  const body = ZReport.parse(await res.json());
  expect(body.timezone).toBe("America/Sao_Paulo");
  expect(body.totals).toEqual({
    revenue: "255.00",
    visits: 5,
    bookings: 6,
    cancelled: 1,
    no_shows: 1,
    started: 6,
    no_show_rate: 0.1667,
    // Ana: 30 + 60 + 30 (the no-show held its time); the second barber: 45 (the 23:30 booking is outside his hours).
    booked_minutes: 195,
    // Ana: 3 × 480, less the block's 90 minutes outside her lunch; the second barber: 210 + 540 + 540.
    open_minutes: 2640,
    occupancy: 0.0739,
    new_clients: 2,
    returning_clients: 2,
  });
  expect(body.days).toEqual([
    { date: "2025-03-03", revenue: "215.00", visits: 4 },
    { date: "2025-03-04", revenue: "0.00", visits: 0 },
    { date: "2025-03-05", revenue: "40.00", visits: 1 },
  ]);
  expect(body.barbers).toEqual([
    { barber_id: f.a.id, name: "Ana Navalha", revenue: "135.00", visits: 2, booked_minutes: 120, open_minutes: 1350, occupancy: 0.0889 },
    { barber_id: f.b.id, name: "=SOMA(1;2)", revenue: "120.00", visits: 3, booked_minutes: 75, open_minutes: 1290, occupancy: 0.0581 },
  ]);
  expect(body.services.map(({ name, revenue, visits }) => ({ name, revenue, visits }))).toEqual([
    { name: "Corte", revenue: "160.00", visits: 4 },
    { name: "Barba", revenue: "90.00", visits: 3 },
  ]);
});

it("leaves out of revenue and of the no-show rate what has not happened yet at `now`, but counts it as booked", async () => {
  const access = await requireStaff(db(), f.team.manager.user.id, f.shop.id, "reports.view");
  const body = await shopReport(db(), access, { from: FROM, to: TO }, at("2025-03-04", "12:00"));
  expect(body.totals).toMatchObject({
    revenue: "215.00",
    visits: 4,
    bookings: 6,
    no_show_rate: 0.2,
    booked_minutes: 195,
    new_clients: 1,
    returning_clients: 2,
  });
  expect(body.days[2]).toEqual({ date: TO, revenue: "0.00", visits: 0 });
});

it("gives zeros and no rates for a range without bookings or hours", async () => {
  const res = await report(f.team.manager.token, "from=2025-03-09&to=2025-03-09");
  const body = (await res.json()) as TReport;
  expect(body.totals).toMatchObject({ revenue: "0.00", visits: 0, bookings: 0, no_show_rate: null, open_minutes: 0, occupancy: null, new_clients: 0 });
  expect(body.days).toEqual([{ date: "2025-03-09", revenue: "0.00", visits: 0 }]);
  expect(body.services).toEqual([]);
});

it("answers the same figures as a CSV file for a spreadsheet of the reader's language, names guarded against formulas", async () => {
  const pt = await report(f.team.owner.token, `from=${FROM}&to=${TO}&format=csv`, "pt-BR");
  expect(pt.status).toBe(200);
  expect(pt.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(pt.headers.get("content-disposition")).toBe(`attachment; filename="navalha-relatorio-${f.shop.id}-${FROM}-${TO}.csv"`);
  const bytes = new Uint8Array(await pt.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
  const lines = text.split("\r\n");
  expect(lines).toContain("Faturamento (R$);255,00");
  expect(lines).toContain("Taxa de faltas;16,7%");
  expect(lines).toContain("Ocupação;7,4%");
  expect(lines).toContain("Agendamentos que já começaram;6");
  expect(lines).toContain("Clientes novos;2");
  expect(lines).toContain("2025-03-03;215,00;4");
  expect(lines).toContain("Ana Navalha;135,00;2;120;1350;8,9%");
  expect(lines).toContain(`"'=SOMA(1;2)";120,00;3;75;1290;5,8%`);
  expect(lines).toContain("Corte;160,00;4");
  expect(lines.at(-1)).toBe("");

  const en = await report(f.team.owner.token, `from=${FROM}&to=${TO}&format=csv`, "en");
  const enText = await en.text();
  expect(enText.split("\r\n")).toEqual(expect.arrayContaining(["Revenue (BRL),255.00", "'=SOMA(1;2),120.00,3,75,1290,5.8%", "2025-03-03,215.00,4"]));
});

it("refuses a range that ends before it starts or is longer than 366 days, in the reader's language", async () => {
  const back = await expectError(await report(f.team.owner.token, `from=${TO}&to=${FROM}`, "pt-BR"), 400, "VALIDATION_FAILED");
  expect(back.error).toBe("O período precisa terminar no mesmo dia ou depois de começar, e ter no máximo 366 dias.");
  const long = await expectError(await report(f.team.owner.token, "from=2024-01-01&to=2025-01-01", "es"), 400, "VALIDATION_FAILED");
  expect(long.error).toMatch(/366 días/);
  expect((await report(f.team.owner.token, "from=2024-01-01&to=2024-12-31")).status).toBe(200);
  await expectError(await report(f.team.owner.token, "from=2025-02-30&to=2025-03-01"), 400, "VALIDATION_FAILED");
  await expectError(await report(f.team.owner.token, `from=${FROM}`), 400, "VALIDATION_FAILED");
});

it("is for the owner and managers only: the front desk and a barber are refused", async () => {
  await expectError(await report(f.team.desk.token, `from=${FROM}&to=${TO}`), 403, "STAFF_PERMISSION");
  await expectError(await report(f.team.barber.token, `from=${FROM}&to=${TO}&format=csv`), 403, "STAFF_PERMISSION");
});
