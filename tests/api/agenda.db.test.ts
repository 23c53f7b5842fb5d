import { NextRequest } from "next/server";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as clientBooking } from "@/app/v3/appointments/new-appointment/route";
import { POST as postBlock } from "@/app/v3/staff/shops/[shop_id]/agenda/blocks/route";
import { DELETE as deleteBlock } from "@/app/v3/staff/shops/[shop_id]/agenda/blocks/[block_id]/route";
import { POST as postBooking } from "@/app/v3/staff/shops/[shop_id]/agenda/bookings/route";
import { POST as postCancel } from "@/app/v3/staff/shops/[shop_id]/agenda/bookings/[booking_id]/cancel/route";
import { PUT as putMark } from "@/app/v3/staff/shops/[shop_id]/agenda/bookings/[booking_id]/mark/route";
import { PUT as putTime } from "@/app/v3/staff/shops/[shop_id]/agenda/bookings/[booking_id]/time/route";
import { GET as getClients } from "@/app/v3/staff/shops/[shop_id]/agenda/clients/route";
import { GET as getEvents } from "@/app/v3/staff/shops/[shop_id]/agenda/events/route";
import { GET as getAgenda } from "@/app/v3/staff/shops/[shop_id]/agenda/route";
import { DELETE as deleteFeed, PUT as putFeed } from "@/app/v3/staff/shops/[shop_id]/agenda/feeds/[barber_id]/route";
import { GET as getFeed } from "@/app/v3/agenda/feed/[token]/route";
import type { TAgenda, TAgendaBooking } from "@/lib/contract/agenda";
import { addDays, fromWallClock } from "@/lib/server/availability/zoned-time";
import { type Db, openPostgres } from "@/lib/server/db/client";
import { agendaChanges, appointments, blockedTimes, outbox, staffChanges, whatsappConsents } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { WEEKLY_BLOCK_WEEKS } from "@/lib/server/agenda/actions";
import { recordWhatsappOptIn } from "@/lib/server/appointments/messages";
import { call, freshPhone, params } from "@/tests/factories/account";
import { createBarber, createBookableShop, createClient, expectError, insertAppointment, localDate } from "@/tests/factories/booking";
import { makeMember } from "@/tests/factories/staff";

// The shop's agenda through its routes, for each role: the day, the front desk's bookings, moves, cancellations,
// blocks and marks through the same transaction as online bookings, and the live stream of changes.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const onPostgres = Boolean(process.env.DATABASE_URL);

const DAY = localDate(5);
const at = (hhmm: string, day = DAY) => fromWallClock(day, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), "America/Sao_Paulo")!;

async function makeAgendaShop() {
  const f = await createBookableShop(db());
  const barber2 = await createBarber(db(), f.shop.id, { name: "Zé Segundo" });
  // The second barber performs the cut too.
  await db().execute(sql`insert into barber_services (barber_id, service_id) values (${barber2.id}, ${f.cut.id})`);
  const team = {
    owner: await makeMember(db(), f.shop.id, ["owner"]),
    manager: await makeMember(db(), f.shop.id, ["manager"]),
    desk: await makeMember(db(), f.shop.id, ["front_desk"]),
    barber: await makeMember(db(), f.shop.id, ["barber"], f.barber.id),
    barber2: await makeMember(db(), f.shop.id, ["barber"], barber2.id),
  };
  return { ...f, barber2, team };
}

const shopParams = (shopId: number) => params({ shop_id: String(shopId) });
const bookingParams = (shopId: number, bookingId: number) => params({ shop_id: String(shopId), booking_id: String(bookingId) });
const agendaOf = async (shopId: number, token: string, q = `date=${DAY}`) => {
  const res = await getAgenda(call(`/v3/staff/shops/${shopId}/agenda?${q}`, { token }), shopParams(shopId));
  return { res, body: (res.status === 200 ? await res.json() : null) as TAgenda };
};
const book = (shopId: number, token: string, body: unknown, lng = "en") =>
  postBooking(call(`/v3/staff/shops/${shopId}/agenda/bookings`, { method: "POST", token, body, lng }), shopParams(shopId));
const move = (shopId: number, id: number, token: string, body: unknown) =>
  putTime(call(`/v3/staff/shops/${shopId}/agenda/bookings/${id}/time`, { method: "PUT", token, body }), bookingParams(shopId, id));
const cancel = (shopId: number, id: number, token: string, reason = "O barbeiro adoeceu") =>
  postCancel(call(`/v3/staff/shops/${shopId}/agenda/bookings/${id}/cancel`, { method: "POST", token, body: { reason } }), bookingParams(shopId, id));
const mark = (shopId: number, id: number, token: string, m: string) =>
  putMark(call(`/v3/staff/shops/${shopId}/agenda/bookings/${id}/mark`, { method: "PUT", token, body: { mark: m } }), bookingParams(shopId, id));
const block = (shopId: number, token: string, body: unknown) =>
  postBlock(call(`/v3/staff/shops/${shopId}/agenda/blocks`, { method: "POST", token, body }), shopParams(shopId));
const walkIn = (f: Awaited<ReturnType<typeof makeAgendaShop>>, start_hour: string, over: Record<string, unknown> = {}) => ({
  barber_id: f.barber.id,
  date: DAY,
  start_hour,
  services: [f.cut.id],
  client: { name: "Cliente do Balcão", phone: freshPhone().masked },
  ...over,
});
const guestBody = (f: { shop: { id: number }; barber: { id: number }; cut: { id: number } }, start_hour: string, name = "Convidada Online") => ({
  barbershop_id: f.shop.id,
  barber_id: f.barber.id,
  services: [f.cut.id],
  date: DAY,
  start_hour,
  name,
  phone: freshPhone().masked,
});
const bookOnline = (body: unknown) => guestBooking(call("/v3/appointments/appointment-without-login", { method: "POST", body }));

let f: Awaited<ReturnType<typeof makeAgendaShop>>;
beforeAll(async () => {
  f = await makeAgendaShop();
}, 60_000);

describe("the day", () => {
  it("shows the owner, a manager and the front desk every barber's column, hours, bookings with client, services, add-ons, total and source", async () => {
    const online = await bookOnline({ ...guestBody(f, "09:00"), products: [{ id: f.product.id, quantity: 2 }], notes: "Sem máquina" });
    expect(online.status).toBe(201);
    const desk = await book(f.shop.id, f.team.desk.token, walkIn(f, "09:00", { barber_id: f.barber2.id }));
    expect(desk.status).toBe(201);
    for (const member of [f.team.owner, f.team.manager, f.team.desk]) {
      const { res, body } = await agendaOf(f.shop.id, member.token);
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ date: DAY, days: 1, timezone: "America/Sao_Paulo", step_minutes: 30 });
      expect(body.columns.map((c) => c.barber.id).sort()).toEqual([f.barber.id, f.barber2.id].sort());
      expect(body.columns[0].days).toEqual([{ date: DAY, hours: [{ start: "09:00", end: "18:00" }], breaks: [] }]);
      const mine = body.bookings.filter((b) => b.start_hour === "09:00");
      expect(mine.map((b) => [b.barber_id, b.source]).sort()).toEqual(
        [
          [f.barber.id, "guest"],
          [f.barber2.id, "front_desk"],
        ].sort(),
      );
      const guest = mine.find((b) => b.source === "guest")!;
      expect(guest).toMatchObject({
        date: DAY,
        end_hour: "09:30",
        total: "104.80",
        notes: "Sem máquina",
        services: [{ name: "Corte", duration_minutes: 30, price: "45.00" }],
        add_ons: [{ name: "Pomada", quantity: 2, price: "29.90" }],
        client: { name: "Convidada Online", no_shows: 0 },
      });
      expect(guest.client.phone).toMatch(/^\+55119\d{8}$/);
      expect(guest.starts_at).toMatch(/T09:00:00-03:00$/);
    }
  });

  it("shows a barber his own column only: nothing of a colleague's bookings or clients is sent", async () => {
    const { body } = await agendaOf(f.shop.id, f.team.barber2.token);
    expect(body.columns.map((c) => c.barber.id)).toEqual([f.barber2.id]);
    expect(body.bookings.length).toBeGreaterThan(0);
    expect(body.bookings.every((b) => b.barber_id === f.barber2.id)).toBe(true);
    expect(JSON.stringify(body)).not.toContain("Convidada Online");
    const colleague = await agendaOf(f.shop.id, f.team.barber2.token, `date=${DAY}&barber_id=${f.barber.id}`);
    await expectError(colleague.res, 403, "STAFF_PERMISSION");
  });

  it("gives a barber's week: seven days of hours, in the shop's zone", async () => {
    const { body } = await agendaOf(f.shop.id, f.team.barber.token, `date=${DAY}&days=7`);
    expect(body.days).toBe(7);
    expect(body.columns[0].days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(DAY, i)));
  });
});

describe("the day kept between reads", () => {
  // A day read is kept while the shop's versions hold: each change below is made in SQL, as another app server or
  // a job would, and the next read must show it.
  it("shows every change of what the day shows at the next read, whoever made it", async () => {
    // A day of its own, a day after the other tests'.
    const day = addDays(DAY, 1);
    const q = `date=${day}`;
    expect((await book(f.shop.id, f.team.desk.token, walkIn(f, "11:00", { date: day }))).status).toBe(201);
    const first = await agendaOf(f.shop.id, f.team.desk.token, q);
    const again = await agendaOf(f.shop.id, f.team.desk.token, q);
    expect({ ...again.body, now: null }).toEqual({ ...first.body, now: null });
    const booking = first.body.bookings.find((b) => b.barber_id === f.barber.id && b.start_hour === "11:00")!;
    const read = async () => (await agendaOf(f.shop.id, f.team.desk.token, q)).body;

    await db().execute(sql`update barbers set name = 'Barbeiro Renomeado' where id = ${f.barber.id}`);
    expect((await read()).columns.map((c) => c.barber.name)).toContain("Barbeiro Renomeado");
    await db().execute(sql`update barbers set avatar_url = '/uploads/novo.webp' where id = ${f.barber.id}`);
    expect((await read()).columns.find((c) => c.barber.id === f.barber.id)!.barber.avatar_url).toBe("/uploads/novo.webp");
    await db().execute(sql`update services set name = 'Corte Renomeado' where id = ${f.cut.id}`);
    expect((await read()).services.map((s) => s.name)).toContain("Corte Renomeado");
    await db().execute(sql`update appointments set notes = 'Chega 5 min atrasado' where id = ${booking.id}`);
    expect((await read()).bookings.find((b) => b.id === booking.id)!.notes).toBe("Chega 5 min atrasado");
    await db().execute(sql`update appointments set client_name = 'Nome Corrigido' where id = ${booking.id}`);
    expect((await read()).bookings.find((b) => b.id === booking.id)!.client.name).toBe("Nome Corrigido");
    await db().execute(sql`update shop_hours set closes = '17:00' where barbershop_id = ${f.shop.id}`);
    expect((await read()).columns.find((c) => c.barber.id === f.barber.id)!.days[0].hours).toEqual([{ start: "09:00", end: "17:00" }]);
    await db().execute(sql`update shop_hours set closes = '18:00' where barbershop_id = ${f.shop.id}`);
    await db()
      .insert(blockedTimes)
      .values({ barberId: f.barber2.id, startsAt: at("16:00", day), endsAt: at("17:00", day), reason: "Dentista" });
    expect((await read()).blocks.map((b) => b.reason)).toContain("Dentista");
    await db().execute(sql`update barbershops set agenda_time_interval = 15 where id = ${f.shop.id}`);
    expect((await read()).step_minutes).toBe(15);
    await db().execute(sql`update barbershops set agenda_time_interval = 30 where id = ${f.shop.id}`);
    await db().execute(sql`update barbers set is_active = false where id = ${f.barber2.id}`);
    expect((await read()).columns.map((c) => c.barber.id)).toEqual([f.barber.id]);
    await db().execute(sql`update barbers set is_active = true, name = 'Zé Segundo' where id = ${f.barber2.id}`);
    await db().execute(sql`update barbers set name = 'Barbeiro', avatar_url = null where id = ${f.barber.id}`);
    await db().execute(sql`update services set name = 'Corte' where id = ${f.cut.id}`);
    await db().execute(sql`delete from blocked_times where reason = 'Dentista'`);
    // Readers asking at once after a change (every open agenda does) all get it.
    await db().execute(sql`update appointments set notes = 'Todos veem' where id = ${booking.id}`);
    const together = await Promise.all([f.team.desk, f.team.owner, f.team.manager, f.team.desk].map((m) => agendaOf(f.shop.id, m.token, q)));
    expect(together.map((r) => [r.res.status, r.body?.bookings.find((b) => b.id === booking.id)?.notes])).toEqual(Array(4).fill([200, "Todos veem"]));
    // What a reader's roles hide stays hidden when the day was read for another role first.
    const seen = (await agendaOf(f.shop.id, f.team.barber2.token, q)).body;
    expect(seen.columns.map((c) => c.barber.id)).toEqual([f.barber2.id]);
    expect(seen.bookings.every((b) => b.barber_id === f.barber2.id)).toBe(true);
  });

  it("tells an open agenda of a barber renamed or a service renamed, as of a booking", async () => {
    const [{ seq: before }] = await db()
      .select({ seq: sql<number>`coalesce(max(${agendaChanges.seq}), 0)::int` })
      .from(agendaChanges)
      .where(eq(agendaChanges.barbershopId, f.shop.id));
    await db().execute(sql`update barbers set name = 'Zé Segundo' where id = ${f.barber2.id}`);
    await db().execute(sql`update barbers set name = 'Zé Segundo II' where id = ${f.barber2.id}`);
    await db().execute(sql`update services set name = 'Corte Clássico' where id = ${f.cut.id}`);
    const kinds = await db()
      .select({ kind: agendaChanges.kind, barberId: agendaChanges.barberId })
      .from(agendaChanges)
      .where(and(eq(agendaChanges.barbershopId, f.shop.id), sql`${agendaChanges.seq} > ${before}`))
      .orderBy(agendaChanges.seq);
    // The first update changed nothing: no change is recorded for it.
    expect(kinds).toEqual([
      { kind: "team.changed", barberId: f.barber2.id },
      { kind: "services.changed", barberId: null },
    ]);
    await db().execute(sql`update barbers set name = 'Zé Segundo' where id = ${f.barber2.id}`);
    await db().execute(sql`update services set name = 'Corte' where id = ${f.cut.id}`);
  });
});

describe("the front desk's bookings", () => {
  it("books a walk-in through the same checks as online: recorded, the client told (no WhatsApp without a yes), overlaps refused", async () => {
    const body = walkIn(f, "11:00");
    const res = await book(f.shop.id, f.team.desk.token, body);
    expect(res.status).toBe(201);
    const { booking } = (await res.json()) as { booking: TAgendaBooking };
    expect(booking).toMatchObject({ source: "front_desk", start_hour: "11:00", barber_id: f.barber.id, client: { id: null, name: "Cliente do Balcão" } });
    // A guest with no e-mail whose phone never said yes to WhatsApp gets no message.
    expect(await db().$count(outbox, and(eq(outbox.appointmentId, booking.id), ne(outbox.kind, "staff-alert")))).toBe(0);
    const [change] = await db()
      .select()
      .from(staffChanges)
      .where(and(eq(staffChanges.subjectId, booking.id), eq(staffChanges.action, "booking.create")));
    expect(change).toMatchObject({ barbershopId: f.shop.id, actorUserId: f.team.desk.user.id, subject: "booking" });

    // The same time again, by the desk or online: taken; a time outside his hours: never offered. Nothing is saved.
    const count = async () =>
      (
        await db()
          .select()
          .from(appointments)
          .where(and(eq(appointments.barberId, f.barber.id), ne(appointments.status, "cancelled")))
      ).length;
    const before = await count();
    await expectError(await book(f.shop.id, f.team.desk.token, walkIn(f, "11:00")), 409, "SLOT_TAKEN");
    expect((await bookOnline(guestBody(f, "11:00"))).status).toBe(409);
    const late = await expectError(await book(f.shop.id, f.team.desk.token, walkIn(f, "19:00"), "pt-BR"), 422, "TIME_NOT_OFFERED");
    expect(late.error).not.toBe("");
    expect(await count()).toBe(before);
  });

  it("sends the usual confirmation by WhatsApp where that phone said yes, and records no yes itself", async () => {
    const phone = freshPhone();
    await recordWhatsappOptIn(db(), phone.e164, new Date());
    const consents = await db().$count(whatsappConsents);
    const res = await book(f.shop.id, f.team.desk.token, walkIn(f, "12:00", { client: { name: "Cliente Sim", phone: phone.masked } }));
    const { booking } = await res.json();
    // The client's messages (the shop's own alerts of it go to its staff).
    const messages = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.appointmentId, booking.id), ne(outbox.kind, "staff-alert")));
    expect(messages.filter((m) => m.channel === "whatsapp" && m.kind === "confirmation")).toHaveLength(1);
    expect(messages.every((m) => m.recipient === phone.e164)).toBe(true);
    // The front desk cannot say yes for a client: a staff booking records no consent.
    const other = await book(f.shop.id, f.team.desk.token, walkIn(f, "12:30"));
    expect(other.status).toBe(201);
    expect(await db().$count(whatsappConsents)).toBe(consents);
  });

  it("finds one of the shop's clients as you type and books him, his no-shows counted", async () => {
    const client = await createClient(db(), { name: "Joaquim Freguês" });
    await insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber.id,
      serviceId: f.cut.id,
      clientId: client.user.id,
      startsAt: new Date(Date.now() - 10 * 86_400_000),
      status: "completed",
    });
    const found = await getClients(call(`/v3/staff/shops/${f.shop.id}/agenda/clients?q=joaq`, { token: f.team.desk.token }), shopParams(f.shop.id));
    const items = (await found.json()).items;
    expect(items).toEqual([{ id: client.user.id, name: "Joaquim Freguês", phone: client.user.phone, visits: 1, no_shows: 0 }]);
    // A colleague's client is not a barber's to find.
    const hidden = await getClients(call(`/v3/staff/shops/${f.shop.id}/agenda/clients?q=joaq`, { token: f.team.barber2.token }), shopParams(f.shop.id));
    expect((await hidden.json()).items).toEqual([]);
    const res = await book(f.shop.id, f.team.desk.token, walkIn(f, "13:00", { client: { id: client.user.id } }));
    expect(res.status).toBe(201);
    expect((await res.json()).booking).toMatchObject({ source: "front_desk", client: { id: client.user.id, name: "Joaquim Freguês" } });
    // Another shop's client is refused.
    const stranger = await createClient(db());
    await expectError(await book(f.shop.id, f.team.desk.token, walkIn(f, "13:30", { client: { id: stranger.user.id } })), 403, "NOT_OF_SHOP");
  });

  it("lets a barber book his own column, not a colleague's", async () => {
    expect((await book(f.shop.id, f.team.barber.token, walkIn(f, "14:00"))).status).toBe(201);
    await expectError(await book(f.shop.id, f.team.barber.token, walkIn(f, "14:00", { barber_id: f.barber2.id })), 403, "STAFF_PERMISSION");
  });
});

describe("move and cancel", () => {
  it("moves a booking, refuses a taken time, and answers a stale agenda acting on a cancelled booking with 409", async () => {
    const regular = await createClient(db(), { name: "Cliente Antigo" });
    await insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber2.id,
      serviceId: f.cut.id,
      clientId: regular.user.id,
      startsAt: new Date(Date.now() - 20 * 86_400_000),
      status: "completed",
    });
    const a = (await (await book(f.shop.id, f.team.desk.token, walkIn(f, "15:00", { client: { id: regular.user.id } }))).json()).booking as TAgendaBooking;
    const b = (await (await book(f.shop.id, f.team.desk.token, walkIn(f, "16:00", { client: { id: regular.user.id } }))).json()).booking as TAgendaBooking;
    const moved = await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "15:30" });
    expect(moved.status).toBe(200);
    expect((await moved.json()).booking).toMatchObject({ start_hour: "15:30", end_hour: "16:00" });
    expect(
      (
        await db()
          .select()
          .from(outbox)
          .where(and(eq(outbox.appointmentId, a.id), eq(outbox.kind, "rescheduled")))
      ).length,
    ).toBeGreaterThan(0);
    await expectError(await move(f.shop.id, a.id, f.team.desk.token, { date: DAY, start_hour: "16:00" }), 409, "SLOT_TAKEN");

    // Cancelled with a reason; the client is told.
    const cancelled = await cancel(f.shop.id, b.id, f.team.manager.token);
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).booking).toMatchObject({ status: "cancelled", cancel_reason: "O barbeiro adoeceu" });
    expect(
      (
        await db()
          .select()
          .from(outbox)
          .where(and(eq(outbox.appointmentId, b.id), eq(outbox.kind, "cancelled")))
      ).length,
    ).toBeGreaterThan(0);
    // A second device had not seen it: moving or cancelling it again is a clear 409, nothing changes.
    const [before] = await db().select().from(appointments).where(eq(appointments.id, b.id));
    await expectError(await move(f.shop.id, b.id, f.team.desk.token, { date: DAY, start_hour: "17:00" }), 409, "BOOKING_CANCELLED");
    const again = await expectError(await cancel(f.shop.id, b.id, f.team.desk.token), 409, "BOOKING_CANCELLED");
    expect(again.error).toContain("cancelled");
    const [after] = await db().select().from(appointments).where(eq(appointments.id, b.id));
    expect(after.startsAt).toEqual(before.startsAt);
    const history = await db().select().from(staffChanges).where(eq(staffChanges.subjectId, b.id));
    expect(history.map((h) => h.action).sort()).toEqual(["booking.cancel", "booking.create"]);
  });

  it("refuses a barber moving or cancelling a colleague's booking", async () => {
    const a = (await (await book(f.shop.id, f.team.desk.token, walkIn(f, "10:00", { barber_id: f.barber2.id }))).json()).booking as TAgendaBooking;
    await expectError(await move(f.shop.id, a.id, f.team.barber.token, { date: DAY, start_hour: "10:30" }), 403, "STAFF_PERMISSION");
    await expectError(await cancel(f.shop.id, a.id, f.team.barber.token), 403, "STAFF_PERMISSION");
  });
});

describe("blocks of time", () => {
  it("lists the bookings a block would cover and saves nothing; a free time is blocked and refused online", async () => {
    const over = await block(f.shop.id, f.team.manager.token, { barber_id: f.barber.id, date: DAY, start_hour: "10:30", end_hour: "12:00", reason: "Médico" });
    const body = await expectError(over, 409, "BLOCK_OVER_BOOKINGS");
    const listed = (body as unknown as { details: { path: string; message: string }[] }).details;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((d) => d.path === "bookings")).toBe(true);
    expect(await db().$count(blockedTimes, eq(blockedTimes.barberId, f.barber.id))).toBe(0);

    const ok = await block(f.shop.id, f.team.manager.token, {
      barber_id: f.barber.id,
      date: DAY,
      start_hour: "17:00",
      end_hour: "18:00",
      weekly: true,
      reason: "Academia",
    });
    expect(ok.status).toBe(201);
    expect((await ok.json()).blocks).toEqual([
      expect.objectContaining({ barber_id: f.barber.id, date: DAY, start_hour: "17:00", end_hour: "18:00", reason: "Academia" }),
    ]);
    expect(await db().$count(blockedTimes, eq(blockedTimes.barberId, f.barber.id))).toBe(WEEKLY_BLOCK_WEEKS);
    await expectError(await bookOnline(guestBody(f, "17:00")), 422, "TIME_NOT_OFFERED");
    await expectError(await book(f.shop.id, f.team.desk.token, walkIn(f, "17:30")), 422, "TIME_NOT_OFFERED");
    const nextWeek = await agendaOf(f.shop.id, f.team.owner.token, `date=${addDays(DAY, 7)}`);
    expect(nextWeek.body.blocks.map((b) => [b.barber_id, b.start_hour])).toEqual([[f.barber.id, "17:00"]]);
  });

  it("keeps the time of others to the roles that manage it: the front desk cannot block, a barber blocks his own only", async () => {
    await expectError(
      await block(f.shop.id, f.team.desk.token, { barber_id: f.barber2.id, date: DAY, start_hour: "17:00", end_hour: "17:30" }),
      403,
      "STAFF_PERMISSION",
    );
    await expectError(
      await block(f.shop.id, f.team.barber.token, { barber_id: f.barber2.id, date: DAY, start_hour: "17:00", end_hour: "17:30" }),
      403,
      "STAFF_PERMISSION",
    );
    await expectError(await block(f.shop.id, f.team.barber.token, { date: DAY, start_hour: "17:00", end_hour: "17:30" }), 403, "STAFF_PERMISSION");
    const own = await block(f.shop.id, f.team.barber2.token, { barber_id: f.barber2.id, date: addDays(DAY, 1), start_hour: "17:00", end_hour: "17:30" });
    expect(own.status).toBe(201);
    const [{ id }] = (await own.json()).blocks;
    await expectError(
      await block(f.shop.id, f.team.barber2.token, { barber_id: f.barber2.id, date: DAY, start_hour: "12:00", end_hour: "11:00" }),
      400,
      "VALIDATION_FAILED",
    );
    const removed = await deleteBlock(
      call(`/v3/staff/shops/${f.shop.id}/agenda/blocks/${id}`, { method: "DELETE", token: f.team.barber2.token }),
      params({ shop_id: String(f.shop.id), block_id: String(id) }),
    );
    expect(removed.status).toBe(204);
  });
});

describe("what happened", () => {
  it("marks a no-show (counted for the client), a completion (the review request goes now) and refuses an arrival long before the start", async () => {
    const client = await createClient(db(), { name: "Maria Faltosa" });
    const past = await insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber.id,
      serviceId: f.cut.id,
      clientId: client.user.id,
      startsAt: new Date(Date.now() - 3 * 3_600_000),
      status: "confirmed",
    });
    const res = await mark(f.shop.id, past.id, f.team.desk.token, "no_show");
    expect(res.status).toBe(200);
    expect((await res.json()).booking).toMatchObject({ mark: "no_show", client: { no_shows: 1 } });
    const later = (await (await book(f.shop.id, f.team.desk.token, walkIn(f, "16:30", { client: { id: client.user.id } }))).json()).booking;
    expect(later.client.no_shows).toBe(1);
    await expectError(await mark(f.shop.id, later.id, f.team.desk.token, "arrived"), 422, "AGENDA_STATUS_NOT_NOW");

    const done = await insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber.id,
      serviceId: f.cut.id,
      clientId: client.user.id,
      startsAt: new Date(Date.now() - 40 * 60_000),
      status: "confirmed",
    });
    const completed = await mark(f.shop.id, done.id, f.team.desk.token, "completed");
    expect(completed.status).toBe(200);
    expect((await completed.json()).booking.status).toBe("completed");
    const requests = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.appointmentId, done.id), eq(outbox.kind, "review-request")));
    expect(requests).toHaveLength(1);
    expect(requests[0].sendAfter.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe("a barber's calendar feed", () => {
  const feedParams = (barberId: number) => params({ shop_id: String(f.shop.id), barber_id: String(barberId) });
  const feedOf = (url: string) => {
    const token = url.split("/").pop()!;
    return getFeed(call(`/v3/agenda/feed/${token}`), params({ token }));
  };

  it("gives a barber a secret iCalendar URL of his bookings, replaced (the old one ends) and revoked on demand", async () => {
    const made = await putFeed(
      call(`/v3/staff/shops/${f.shop.id}/agenda/feeds/${f.barber.id}`, { method: "PUT", token: f.team.barber.token }),
      feedParams(f.barber.id),
    );
    expect(made.status).toBe(200);
    const { url } = await made.json();
    expect(url).toMatch(/\/v3\/agenda\/feed\/[\w-]{30,}$/);
    const feed = await feedOf(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    const ics = await feed.text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("SUMMARY:Cliente do Balcão");
    // His own bookings only.
    expect(ics).not.toContain("Zé Segundo");
    const ownIds = (
      await db()
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.barberId, f.barber2.id), ne(appointments.status, "cancelled")))
    ).map((r) => r.id);
    for (const id of ownIds) expect(ics).not.toContain(`UID:agenda-${id}@`);

    const again = await (
      await putFeed(call(`/v3/staff/shops/${f.shop.id}/agenda/feeds/${f.barber.id}`, { method: "PUT", token: f.team.owner.token }), feedParams(f.barber.id))
    ).json();
    expect((await feedOf(url)).status).toBe(404);
    expect((await feedOf(again.url)).status).toBe(200);
    const ended = await deleteFeed(
      call(`/v3/staff/shops/${f.shop.id}/agenda/feeds/${f.barber.id}`, { method: "DELETE", token: f.team.barber.token }),
      feedParams(f.barber.id),
    );
    expect(ended.status).toBe(204);
    expect((await feedOf(again.url)).status).toBe(404);
  });

  it("refuses a colleague's feed to a barber and any to the front desk", async () => {
    await expectError(
      await putFeed(call(`/v3/staff/shops/${f.shop.id}/agenda/feeds/${f.barber.id}`, { method: "PUT", token: f.team.barber2.token }), feedParams(f.barber.id)),
      403,
      "STAFF_PERMISSION",
    );
    await expectError(
      await putFeed(call(`/v3/staff/shops/${f.shop.id}/agenda/feeds/${f.barber.id}`, { method: "PUT", token: f.team.desk.token }), feedParams(f.barber.id)),
      403,
      "STAFF_PERMISSION",
    );
    expect((await getFeed(call("/v3/agenda/feed/not-a-feed-token-at-all"), params({ token: "not-a-feed-token-at-all" }))).status).toBe(404);
  });
});

// ── Live ─────────────────────────────────────────────────────────────────────────────────────────────────────────

type Sse = {
  events: { event: string; id: string | null; data: unknown }[];
  next: (pred: (e: { event: string; data: unknown }) => boolean, ms?: number) => Promise<{ event: string; id: string | null; data: unknown }>;
  close: () => void;
};

async function openStream(shopId: number, token: string, lastEventId?: number): Promise<Sse> {
  const abort = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "text/event-stream", "accept-language": "en" };
  if (lastEventId !== undefined) headers["last-event-id"] = String(lastEventId);
  const req = new NextRequest(new URL(`/v3/staff/shops/${shopId}/agenda/events`, "http://localhost"), { headers, signal: abort.signal });
  const res = await getEvents(req, shopParams(shopId));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const events: Sse["events"] = [];
  const waiters: (() => void)[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const lines = block.split("\n");
          const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
          if (!event) continue;
          const id = lines.find((l) => l.startsWith("id: "))?.slice(4) ?? null;
          events.push({ event, id, data: JSON.parse(lines.find((l) => l.startsWith("data: "))!.slice(6)) });
          for (const w of waiters.splice(0)) w();
        }
      }
    } catch {
      // Closed.
    }
  })();
  const next: Sse["next"] = async (pred, ms = 1000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = events.find(pred);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such event within ${ms} ms; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  };
  return { events, next, close: () => abort.abort() };
}

describe("the live agenda", () => {
  it("tells an open agenda of a booking made on the site within a second, and of a cancellation", async () => {
    const stream = await openStream(f.shop.id, f.team.desk.token);
    await stream.next((e) => e.event === "ready");
    const client = await createClient(db(), { name: "Cliente Ao Vivo" });
    const sent = Date.now();
    const res = await clientBooking(
      call("/v3/appointments/new-appointment", {
        method: "POST",
        token: client.token,
        body: { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: DAY, start_hour: "10:30" },
      }),
    );
    expect(res.status).toBe(201);
    const { appointment } = await res.json();
    const created = await stream.next((e) => e.event === "change" && (e.data as { booking_id: number }).booking_id === appointment.id);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(created.data).toMatchObject({ kind: "booking.created", booking_id: appointment.id, barber_id: f.barber.id });
    expect(Number(created.id)).toBeGreaterThan(0);
    await cancel(f.shop.id, appointment.id, f.team.owner.token);
    await stream.next((e) => e.event === "change" && (e.data as { kind: string }).kind === "booking.cancelled");
    stream.close();
  });

  it("replays what a reconnecting agenda missed (Last-Event-ID), and tells a barber of his own column only", async () => {
    const [{ seq }] = await db().select({ seq: agendaChanges.seq }).from(agendaChanges).orderBy(desc(agendaChanges.seq)).limit(1);
    const missed = (await (await book(f.shop.id, f.team.desk.token, walkIn(f, "09:30", { barber_id: f.barber2.id }))).json()).booking;
    const again = await openStream(f.shop.id, f.team.desk.token, seq);
    const replayed = await again.next((e) => e.event === "change" && (e.data as { booking_id: number }).booking_id === missed.id);
    expect(Number(replayed.id)).toBeGreaterThan(seq);
    again.close();

    const barber = await openStream(f.shop.id, f.team.barber.token, seq);
    await barber.next((e) => e.event === "ready");
    expect(barber.events.filter((e) => e.event === "change")).toEqual([]);
    const own = (await (await book(f.shop.id, f.team.desk.token, walkIn(f, "09:30"))).json()).booking;
    await barber.next((e) => e.event === "change" && (e.data as { booking_id: number }).booking_id === own.id);
    expect(barber.events.some((e) => (e.data as { barber_id?: number }).barber_id === f.barber2.id)).toBe(false);
    barber.close();
  });

  it("refuses to open the stream for someone not on the team", async () => {
    const outsider = await createClient(db());
    const res = await getEvents(call(`/v3/staff/shops/${f.shop.id}/agenda/events`, { token: outsider.token }), shopParams(f.shop.id));
    await expectError(res, 403, "NOT_SHOP_STAFF");
    await expectError(await getEvents(call(`/v3/staff/shops/${f.shop.id}/agenda/events`), shopParams(f.shop.id)), 401, "UNAUTHORIZED");
  });

  (onPostgres ? it : it.skip)("hears a booking made through another app server's pool (another connection) within a second", async () => {
    const other = await openPostgres(testDb.current().url!, 2);
    try {
      const stream = await openStream(f.shop.id, f.team.owner.token);
      await stream.next((e) => e.event === "ready");
      const sent = Date.now();
      const [row] = await other.db
        .insert(appointments)
        .values({
          barbershopId: f.shop.id,
          barberId: f.barber2.id,
          clientName: "Outro Servidor",
          status: "confirmed",
          startsAt: at("17:00", addDays(DAY, 2)),
          endsAt: at("17:30", addDays(DAY, 2)),
          subtotal: "45.00",
          total: "45.00",
        })
        .returning();
      await stream.next((e) => e.event === "change" && (e.data as { booking_id: number }).booking_id === row.id);
      expect(Date.now() - sent).toBeLessThan(1000);
      stream.close();
    } finally {
      await other.close();
    }
  });
});

// ── Races ────────────────────────────────────────────────────────────────────────────────────────────────────────

(onPostgres ? it : it.skip)(
  "a front-desk booking and an online booking of the same barber and time at once, 30 rounds: exactly one wins each round",
  async () => {
    const race = await makeAgendaShop();
    for (let round = 0; round < 30; round++) {
      const day = addDays(localDate(2), Math.floor(round / 16));
      const start_hour = `${String(9 + Math.floor((round % 16) / 2)).padStart(2, "0")}:${round % 2 ? "30" : "00"}`;
      const client = await createClient(db());
      const [desk, online] = await Promise.all([
        book(race.shop.id, race.team.desk.token, { ...walkIn(race, start_hour), date: day }),
        clientBooking(
          call("/v3/appointments/new-appointment", {
            method: "POST",
            token: client.token,
            body: { barbershop_id: race.shop.id, barber_id: race.barber.id, services: [race.cut.id], date: day, start_hour },
          }),
        ),
      ]);
      const statuses = [desk.status, online.status].sort();
      expect({ round, statuses }).toEqual({ round, statuses: [201, 409] });
      const loser = desk.status === 409 ? desk : online;
      expect((await loser.json()).code).toBe("SLOT_TAKEN");
    }
    const live = await db()
      .select()
      .from(appointments)
      .where(and(eq(appointments.barberId, race.barber.id), ne(appointments.status, "cancelled")));
    expect(live).toHaveLength(30);
  },
  120_000,
);

(onPostgres ? it : it.skip)(
  "a move by the front desk racing a client's booking of the same time, 30 rounds: one wins each round and nothing overlaps",
  async () => {
    const race = await makeAgendaShop();
    for (let round = 0; round < 30; round++) {
      const day = addDays(localDate(3), Math.floor(round / 8));
      const from = `${String(9 + (round % 8)).padStart(2, "0")}:00`;
      const to = `${String(9 + (round % 8)).padStart(2, "0")}:30`;
      const booked = await book(race.shop.id, race.team.desk.token, { ...walkIn(race, from), date: day });
      expect(booked.status).toBe(201);
      const { booking } = await booked.json();
      const client = await createClient(db());
      const [moved, online] = await Promise.all([
        move(race.shop.id, booking.id, race.team.desk.token, { date: day, start_hour: to }),
        clientBooking(
          call("/v3/appointments/new-appointment", {
            method: "POST",
            token: client.token,
            body: { barbershop_id: race.shop.id, barber_id: race.barber.id, services: [race.cut.id], date: day, start_hour: to },
          }),
        ),
      ]);
      // Either the move (200) or the client (201) has the time; the other is told it is taken.
      const won = [moved.status === 200, online.status === 201].filter(Boolean).length;
      expect({ round, won, lost: [moved.status, online.status].filter((x) => x === 409).length }).toEqual({ round, won: 1, lost: 1 });
    }
    const overlapping = await db().execute(sql`select count(*)::int as n from appointments a join appointments b on a.barber_id = b.barber_id and a.id < b.id
      and a.status <> 'cancelled' and b.status <> 'cancelled' and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
      where a.barber_id = ${race.barber.id}`);
    expect((overlapping as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (overlapping as unknown as { n: number }[])[0]?.n).toBe(0);
  },
  120_000,
);
