import { and, eq, ne, sql } from "drizzle-orm";
import { POST as clientBooking } from "@/app/v3/appointments/new-appointment/route";
import { POST as postBooking } from "@/app/v3/staff/shops/[shop_id]/agenda/bookings/route";
import { PUT as putTime } from "@/app/v3/staff/shops/[shop_id]/agenda/bookings/[booking_id]/time/route";
import type { TAgendaBooking } from "@/lib/contract/agenda";
import { addDays } from "@/lib/server/availability/zoned-time";
import { type Db } from "@/lib/server/db/client";
import { agendaChanges, appointments, outbox, staffChanges } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { call, freshPhone, params } from "@/tests/factories/account";
import { createBarber, createBookableShop, createClient, expectError, insertAppointment, localDate } from "@/tests/factories/booking";
import { makeMember } from "@/tests/factories/staff";

// Moving a booking on the agenda to another barber of the shop, or to a new end (a resize), through the move's route:
// the same transaction and exclusion constraint as every booking, the same role checks, the client told as of a move.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const onPostgres = Boolean(process.env.DATABASE_URL);

const DAY = localDate(5);

async function makeAgendaShop() {
  const f = await createBookableShop(db());
  const barber2 = await createBarber(db(), f.shop.id, { name: "Zé Segundo" });
  // The second barber does the cut, not the beard.
  await db().execute(sql`insert into barber_services (barber_id, service_id) values (${barber2.id}, ${f.cut.id})`);
  const away = await createBarber(db(), f.shop.id, { name: "Zé de Férias", isActive: false });
  await db().execute(sql`insert into barber_services (barber_id, service_id) values (${away.id}, ${f.cut.id})`);
  const team = {
    desk: await makeMember(db(), f.shop.id, ["front_desk"]),
    manager: await makeMember(db(), f.shop.id, ["manager"]),
    barber: await makeMember(db(), f.shop.id, ["barber"], f.barber.id),
    barber2: await makeMember(db(), f.shop.id, ["barber"], barber2.id),
  };
  // A client with an account (and an e-mail) at the shop: told of each move.
  const regular = await createClient(db(), { name: "Cliente Antigo" });
  await insertAppointment(db(), {
    shopId: f.shop.id,
    barberId: f.barber.id,
    serviceId: f.cut.id,
    clientId: regular.user.id,
    startsAt: new Date(Date.now() - 20 * 86_400_000),
    status: "completed",
  });
  return { ...f, barber2, away, team, regular };
}
type Shop = Awaited<ReturnType<typeof makeAgendaShop>>;

const bookingParams = (shopId: number, bookingId: number) => params({ shop_id: String(shopId), booking_id: String(bookingId) });
const move = (shopId: number, id: number, token: string, body: unknown, lng = "en") =>
  putTime(call(`/v3/staff/shops/${shopId}/agenda/bookings/${id}/time`, { method: "PUT", token, body, lng }), bookingParams(shopId, id));
async function walkIn(s: Shop, start_hour: string, over: Record<string, unknown> = {}): Promise<TAgendaBooking> {
  const body = {
    barber_id: s.barber.id,
    date: DAY,
    start_hour,
    services: [s.cut.id],
    client: { name: "Cliente do Balcão", phone: freshPhone().masked },
    ...over,
  };
  const res = await postBooking(
    call(`/v3/staff/shops/${s.shop.id}/agenda/bookings`, { method: "POST", token: s.team.desk.token, body }),
    params({ shop_id: String(s.shop.id) }),
  );
  expect(res.status).toBe(201);
  return (await res.json()).booking;
}
const rowOf = async (id: number) => (await db().select().from(appointments).where(eq(appointments.id, id)))[0];
/** The "moved" messages waiting for the client (a later move replaces those of the one before). */
const movedMessages = async (id: number) =>
  (
    await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.appointmentId, id), eq(outbox.kind, "rescheduled")))
  ).map((m) => m.id);

let f: Shop;
beforeAll(async () => {
  f = await makeAgendaShop();
}, 60_000);

describe("to another barber", () => {
  it("moves a booking to a colleague who does its services, at another time; the client is told and the change recorded", async () => {
    const a = await walkIn(f, "09:00", { client: { id: f.regular.user.id } });
    const res = await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "10:00", barber_id: f.barber2.id });
    expect(res.status).toBe(200);
    expect((await res.json()).booking).toMatchObject({ barber_id: f.barber2.id, start_hour: "10:00", end_hour: "10:30" });
    expect((await rowOf(a.id)).barberId).toBe(f.barber2.id);
    expect(await movedMessages(a.id)).not.toHaveLength(0);
    const [change] = await db()
      .select()
      .from(staffChanges)
      .where(and(eq(staffChanges.subjectId, a.id), eq(staffChanges.action, "booking.move")));
    expect(change.before).toMatchObject({ barber_id: f.barber.id });
    expect(change.after).toMatchObject({ barber_id: f.barber2.id });
    // Both columns hear of it: a barber's live agenda carries his own column's changes only.
    const live = await db()
      .select({ kind: agendaChanges.kind, barber: agendaChanges.barberId })
      .from(agendaChanges)
      .where(and(eq(agendaChanges.appointmentId, a.id), eq(agendaChanges.kind, "booking.moved")));
    expect(live.map((c) => c.barber).sort()).toEqual([f.barber.id, f.barber2.id].sort());
    // Both barbers are alerted (by e-mail, as a member's alerts are by default).
    const alerted = await db()
      .select({ recipient: outbox.recipient })
      .from(outbox)
      .where(and(eq(outbox.appointmentId, a.id), eq(outbox.kind, "staff-alert")));
    expect(alerted.map((m) => m.recipient)).toEqual(expect.arrayContaining([f.team.barber.user.email, f.team.barber2.user.email]));
  });

  it("moves to the same time of another barber", async () => {
    const a = await walkIn(f, "11:00", { client: { id: f.regular.user.id } });
    const res = await move(f.shop.id, a.id, f.team.manager.token, { date: DAY, start_hour: "11:00", barber_id: f.barber2.id });
    expect(res.status).toBe(200);
    expect((await res.json()).booking).toMatchObject({ barber_id: f.barber2.id, start_hour: "11:00" });
    expect(await movedMessages(a.id)).not.toHaveLength(0);
  });

  it.each([
    ["pt-BR", "09:00", "Este barbeiro não oferece todos os serviços deste agendamento."],
    ["en", "10:00", "This barber does not offer every service of this booking."],
    ["es", "11:00", "Este barbero no ofrece todos los servicios de esta reserva."],
  ])("refuses (422, in %s) a colleague who does not do one of its services; nothing changes", async (lng, hour, message) => {
    const day = addDays(DAY, 3);
    const a = await walkIn(f, hour, { services: [f.beard.id], date: day });
    const body = await expectError(
      await move(f.shop.id, a.id, f.team.desk.token, { date: day, start_hour: hour, barber_id: f.barber2.id }, lng),
      422,
      "SERVICE_NOT_PERFORMED",
    );
    expect(body.error).toBe(message);
    expect((await rowOf(a.id)).barberId).toBe(f.barber.id);
  });

  it("refuses another shop's barber (403) and an inactive barber (422); nothing changes", async () => {
    const other = await createBookableShop(db());
    const a = await walkIn(f, "13:00");
    await expectError(await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "13:00", barber_id: other.barber.id }), 403, "NOT_OF_SHOP");
    const inactive = await expectError(
      await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "13:00", barber_id: f.away.id }, "pt-BR"),
      422,
      "BARBER_NOT_IN_SHOP",
    );
    expect(inactive.error).toBe("Este barbeiro não está recebendo agendamentos agora.");
    const row = await rowOf(a.id);
    expect({ barber: row.barberId, starts: row.startsAt }).toEqual({ barber: f.barber.id, starts: new Date(a.starts_at) });
    expect(await movedMessages(a.id)).toHaveLength(0);
  });

  it("answers the move's 409 when the colleague's time is taken", async () => {
    const a = await walkIn(f, "14:00");
    await walkIn(f, "14:00", { barber_id: f.barber2.id });
    await expectError(await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "14:00", barber_id: f.barber2.id }), 409, "SLOT_TAKEN");
    expect((await rowOf(a.id)).barberId).toBe(f.barber.id);
  });
});

describe("a new end", () => {
  it("lengthens and shortens a booking on the 5-minute grid; the client is told as of a move", async () => {
    const a = await walkIn(f, "15:00", { client: { id: f.regular.user.id } });
    const longer = await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "15:00", end_hour: "15:45" });
    expect(longer.status).toBe(200);
    expect((await longer.json()).booking).toMatchObject({ start_hour: "15:00", end_hour: "15:45" });
    const told = await movedMessages(a.id);
    expect(told).not.toHaveLength(0);
    const shorter = await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "15:00", end_hour: "15:05" });
    expect((await shorter.json()).booking).toMatchObject({ end_hour: "15:05" });
    const toldAgain = await movedMessages(a.id);
    expect(toldAgain).not.toHaveLength(0);
    expect(toldAgain).not.toEqual(told);
    // The same end again changes nothing and tells nobody.
    const same = await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "15:00", end_hour: "15:05" });
    expect(same.status).toBe(200);
    expect((await rowOf(a.id)).icsSequence).toBe(2);
  });

  it("moves and resizes at once, to another barber", async () => {
    const a = await walkIn(f, "09:00", { barber_id: f.barber2.id, date: addDays(DAY, 1) });
    const res = await move(f.shop.id, a.id, f.team.desk.token, { date: addDays(DAY, 1), start_hour: "10:30", end_hour: "11:20", barber_id: f.barber.id });
    expect((await res.json()).booking).toMatchObject({ barber_id: f.barber.id, start_hour: "10:30", end_hour: "11:20" });
  });

  it.each([
    ["before the start", "15:30"],
    ["at the start", "16:00"],
    ["off the 5-minute grid", "16:32"],
  ])("refuses an end %s (400); nothing changes", async (_what, end_hour) => {
    const a = await walkIn(f, "16:00");
    const body = await expectError(
      await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "16:00", end_hour }, "es"),
      400,
      "VALIDATION_FAILED",
    );
    expect(body.error).toBe("El nuevo fin debe ser posterior al inicio, en múltiplos de 5 minutos, con al menos 5 minutos.");
    expect((await rowOf(a.id)).endsAt).toEqual(new Date(a.ends_at));
    await db().update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, a.id));
  });

  it("refuses an end over the next booking (409) or past the barber's hours (422); nothing changes", async () => {
    const a = await walkIn(f, "17:00");
    await walkIn(f, "17:30");
    await expectError(await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "17:00", end_hour: "17:35" }), 409, "SLOT_TAKEN");
    const late = await walkIn(f, "17:30", { barber_id: f.barber2.id });
    await expectError(await move(f.shop.id, late.id, f.team.desk.token, { date: DAY, start_hour: "17:30", end_hour: "18:15" }), 422, "TIME_NOT_OFFERED");
    expect((await rowOf(a.id)).endsAt).toEqual(new Date(a.ends_at));
    expect((await rowOf(late.id)).endsAt).toEqual(new Date(late.ends_at));
  });
});

describe("roles", () => {
  it("lets a barber resize his own booking, not give it to a colleague nor touch a colleague's", async () => {
    const day = addDays(DAY, 2);
    const own = await walkIn(f, "09:00", { date: day });
    const resized = await move(f.shop.id, own.id, f.team.barber.token, { date: day, start_hour: "09:30", end_hour: "10:10" });
    expect(resized.status).toBe(200);
    expect((await resized.json()).booking).toMatchObject({ start_hour: "09:30", end_hour: "10:10" });
    await expectError(await move(f.shop.id, own.id, f.team.barber.token, { date: day, start_hour: "09:30", barber_id: f.barber2.id }), 403, "STAFF_PERMISSION");
    const colleague = await walkIn(f, "09:00", { date: day, barber_id: f.barber2.id });
    await expectError(await move(f.shop.id, colleague.id, f.team.barber.token, { date: day, start_hour: "09:00", end_hour: "09:45" }), 403, "STAFF_PERMISSION");
    await expectError(
      await move(f.shop.id, colleague.id, f.team.barber.token, { date: day, start_hour: "11:00", barber_id: f.barber.id }),
      403,
      "STAFF_PERMISSION",
    );
    expect((await rowOf(own.id)).barberId).toBe(f.barber.id);
    expect((await rowOf(colleague.id)).barberId).toBe(f.barber2.id);
  });
});

(onPostgres ? it : it.skip)(
  "a move to another barber racing a client's booking of that barber and time, 30 rounds: exactly one wins each round, nothing overlaps",
  async () => {
    const race = await makeAgendaShop();
    for (let round = 0; round < 30; round++) {
      const day = addDays(localDate(3), Math.floor(round / 9));
      const hour = `${String(9 + (round % 9)).padStart(2, "0")}:00`;
      const booking = await walkIn(race, hour, { date: day });
      const client = await createClient(db());
      const [moved, online] = await Promise.all([
        move(race.shop.id, booking.id, race.team.desk.token, { date: day, start_hour: hour, end_hour: `${hour.slice(0, 2)}:45`, barber_id: race.barber2.id }),
        clientBooking(
          call("/v3/appointments/new-appointment", {
            method: "POST",
            token: client.token,
            body: { barbershop_id: race.shop.id, barber_id: race.barber2.id, services: [race.cut.id], date: day, start_hour: hour },
          }),
        ),
      ]);
      // Either the move (200) or the client (201) has the time; the other is told it is taken.
      const won = [moved.status === 200, online.status === 201].filter(Boolean).length;
      expect({ round, won, lost: [moved.status, online.status].filter((x) => x === 409).length }).toEqual({ round, won: 1, lost: 1 });
      expect((await (moved.status === 409 ? moved : online).json()).code).toBe("SLOT_TAKEN");
    }
    const live = await db()
      .select()
      .from(appointments)
      .where(and(eq(appointments.barberId, race.barber2.id), ne(appointments.status, "cancelled")));
    expect(live).toHaveLength(30);
    const overlapping = await db().execute(sql`select count(*)::int as n from appointments a join appointments b on a.barber_id = b.barber_id and a.id < b.id
      and a.status <> 'cancelled' and b.status <> 'cancelled' and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
      where a.barber_id in (${race.barber.id}, ${race.barber2.id})`);
    expect((overlapping as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (overlapping as unknown as { n: number }[])[0]?.n).toBe(0);
  },
  120_000,
);
