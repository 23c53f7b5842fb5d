import { eq } from "drizzle-orm";
import { GET as availableDays } from "@/app/v3/appointment/available-days/route";
import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { PUT as reschedule } from "@/app/v3/appointment/reschedule/[id]/route";
import { PUT as updateStatus } from "@/app/v3/appointment/update-status/[id]/[status]/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { DELETE as leave } from "@/app/v3/client/waitlist/[id]/route";
import { GET as listWaitlistEntries, POST as join } from "@/app/v3/client/waitlist/route";
import { ZAvailableTimes } from "@/lib/contract/booking";
import { ZWaitlistAnswer, ZWaitlistList } from "@/lib/contract/waitlist";
import { recordWhatsappOptIn } from "@/lib/server/appointments/messages";
import { fromWallClock } from "@/lib/server/availability/zoned-time";
import type { Db } from "@/lib/server/db/client";
import { blockedTimes, outbox, waitlist } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { deliverDue } from "@/lib/server/notifications/outbox";
import { MOVE_LIMITS } from "@/lib/server/appointments/reschedule";
import { tellWaitlistOfMovedTimes } from "@/lib/server/waitlist/moved-times";
import { createBookableShop, createClient, insertAppointment, localDate, params, req, expectError } from "@/tests/factories/booking";
import { useMessageProviders } from "@/tests/fakes/message-providers";

// "Tell me if a time frees up" (POST /v3/client/waitlist): a signed-in client's entry for a day bookings filled.
// When a booking of that day is cancelled or moved away and the entry's services fit, one message goes out
// (e-mail, and WhatsApp where the phone said yes) with the free times and the link that books one.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const providers = useMessageProviders();

const at = (day: string, hour: string) => fromWallClock(day, Number(hour.slice(0, 2)) * 60 + Number(hour.slice(3)), "America/Sao_Paulo")!;
const joinWaitlist = (token: string, body: unknown, lang = "en") =>
  join(req("/v3/client/waitlist", { method: "POST", token, body, headers: { "accept-language": lang } }));
const cancel = (id: number, token: string) =>
  updateStatus(req(`/v3/appointment/update-status/${id}/cancelled`, { method: "PUT", token }), params({ id: String(id), status: "cancelled" }));
/** The waitlist messages to these recipients (the file's tests share one database). */
const waitlistMessages = async (...recipients: (string | null)[]) =>
  (await db().select().from(outbox).where(eq(outbox.kind, "waitlist")).orderBy(outbox.id)).filter((m) => recipients.includes(m.recipient));

/** A moment past the delay after which a time a booking moved away from reaches the waitlist. */
const afterMoveDelay = () => new Date(Date.now() + MOVE_LIMITS.waitlistDelayMs + 1000);

/**
 * A shop open 09:00–18:00 whose one barber is booked all day in five days: 09:00–10:00 (a client's beard),
 * 10:00–10:30 (another client's cut, booked through the API) and 10:30–18:00.
 */
async function fullDay() {
  const f = await createBookableShop(db());
  const day = localDate(5);
  const early = await createClient(db());
  const cutClient = await createClient(db());
  const beardRow = await insertAppointment(db(), {
    shopId: f.shop.id,
    barberId: f.barber.id,
    serviceId: f.beard.id,
    clientId: early.user.id,
    startsAt: at(day, "09:00"),
    minutes: 60,
  });
  const booked = await newAppointment(
    req("/v3/appointments/new-appointment", {
      method: "POST",
      token: cutClient.token,
      body: { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: day, start_hour: "10:00" },
    }),
  );
  expect(booked.status).toBe(201);
  const cutId = (await booked.json()).appointment.id as number;
  await insertAppointment(db(), { shopId: f.shop.id, barberId: f.barber.id, serviceId: f.cut.id, clientId: null, startsAt: at(day, "10:30"), minutes: 450 });
  return { ...f, day, early, beardRow, cutClient, cutId };
}

it("a full day is marked in the date strip; a client asks to be told; a cancelled cut tells the one whose cut fits (e-mail and WhatsApp), not the one whose beard does not; a beard moved away tells the other", async () => {
  const { shop, barber, cut, beard, day, early, beardRow, cutClient, cutId } = await fullDay();
  const strip = await (
    await availableDays(req(`/v3/appointment/available-days?barbershop_id=${shop.id}&barber_id=${barber.id}&services=${cut.id}&from=${day}&days=2`))
  ).json();
  expect(strip.days).toEqual([
    { date: day, available: false, full: true },
    { date: localDate(6), available: true, full: false },
  ]);

  const wantsCut = await createClient(db(), { name: "Bruno Lima" });
  const wantsBeard = await createClient(db());
  await recordWhatsappOptIn(db(), wantsCut.user.phone!, new Date());
  const joined = await joinWaitlist(wantsCut.token, { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: day }, "pt-BR");
  expect(joined.status).toBe(201);
  const { entry } = ZWaitlistAnswer.parse(await joined.json());
  expect(entry).toMatchObject({
    barbershop: { id: shop.id, slug: shop.slug },
    barber: { id: barber.id, name: barber.name },
    services: [{ id: cut.id, name: "Corte" }],
    date: day,
    notified_at: null,
  });
  expect((await joinWaitlist(wantsBeard.token, { barbershop_id: shop.id, services: [beard.id], date: day })).status).toBe(201);
  // Asking again replaces the entry: still one.
  expect((await joinWaitlist(wantsCut.token, { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: day }, "pt-BR")).status).toBe(201);
  const mine = ZWaitlistList.parse(await (await listWaitlistEntries(req("/v3/client/waitlist", { token: wantsCut.token }))).json());
  expect(mine.items.map((e) => e.id)).toEqual([entry.id]);

  // The cut's client cancels: 10:00–10:30 is free. A cut fits and is told; a beard (an hour) does not.
  expect((await cancel(cutId, cutClient.token)).status).toBe(200);
  const everyone = [wantsCut.user.phone, wantsCut.user.email, wantsBeard.user.phone, wantsBeard.user.email];
  let sent = await waitlistMessages(...everyone);
  expect(sent.map((m) => [m.channel, m.recipient])).toEqual([
    ["whatsapp", wantsCut.user.phone],
    ["email", wantsCut.user.email],
  ]);
  // The WhatsApp template's text as it reads (its parameters are checked once sent, below).
  expect(sent[0].body).toMatch(
    new RegExp(
      `^Bruno, vagou um horário na ${shop.name} em .+: 10:00\\. Quem agendar primeiro fica com ele: https://navalha\\.test/barbearia/${shop.slug}/agendar\\?`,
    ),
  );
  const mail = sent.find((m) => m.channel === "email")!;
  expect(mail.subject).toMatch(new RegExp(`^Vagou um horário: ${shop.name}, `));
  expect(mail.body).toContain("Olá, Bruno!");
  expect(mail.body).toMatch(/Horários livres: 10:00\n/);
  expect(mail.body).toContain(`https://navalha.test/barbearia/${shop.slug}/agendar?service=${cut.id}&barber=${barber.id}&date=${day}&step=when`);
  const rows = await db().select().from(waitlist).where(eq(waitlist.barbershopId, shop.id)).orderBy(waitlist.id);
  expect(rows.map((r) => r.notifiedAt !== null)).toEqual([true, false]);

  for (;;) if ((await deliverDue(db())).sent === 0) break;
  expect(providers.mail.messages.find((m) => m.to === wantsCut.user.email)?.raw).toMatch(/Subject: =\?UTF-8\?Q\?Vagou_um_hor=C3=A1rio/);
  const template = providers.cloud.sent
    .map((m) => m.body.template as { name: string; components: { parameters: { text?: string }[] }[] })
    .find((t) => t.name === "navalha_waitlist_time_free");
  expect(template?.components[0].parameters.map((p) => p.text)).toEqual([
    "Bruno",
    shop.name,
    expect.any(String),
    "10:00",
    expect.stringContaining(`/barbearia/${shop.slug}/agendar?`),
  ]);

  // The hour-long beard at 09:00 moves to the next day: 09:00–10:30 is free, the beard fits, its entry is told
  // (in English, the language it was asked in; any barber), and the cut's spent entry is not told again.
  const moved = await reschedule(
    req(`/v3/appointment/reschedule/${beardRow.id}`, { method: "PUT", token: early.token, body: { date: localDate(6), start_hour: "10:00" } }),
    params({ id: String(beardRow.id) }),
  );
  expect(moved.status).toBe(200);
  await tellWaitlistOfMovedTimes(db(), afterMoveDelay());
  sent = await waitlistMessages(...everyone);
  expect(sent.map((m) => m.recipient)).toEqual([wantsCut.user.phone, wantsCut.user.email, wantsBeard.user.email]);
  expect(sent[2].subject).toMatch(/^A time freed up: /);
  expect(sent[2].body).toMatch(/Free times: 09:00, 09:30\n/);
  expect(sent[2].body).toContain("Barber: Any barber");
  expect(sent[2].body).toContain(`barber=any&date=${day}`);
});

it("refuses a day with a free time, a day nobody works, a past day and a barber who does not cut; nothing is written", async () => {
  const { shop, barber, cut, day } = await fullDay();
  const client = await createClient(db());
  await expectError(
    await joinWaitlist(client.token, { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: localDate(6) }),
    422,
    "WAITLIST_DAY_HAS_TIMES",
  );
  await db()
    .insert(blockedTimes)
    .values({ barberId: barber.id, startsAt: at(localDate(7), "00:00"), endsAt: at(localDate(8), "00:00") });
  await expectError(
    await joinWaitlist(client.token, { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: localDate(7) }),
    422,
    "WAITLIST_DAY_CLOSED",
  );
  await expectError(await joinWaitlist(client.token, { barbershop_id: shop.id, services: [cut.id], date: localDate(-1) }), 422, "DATE_IN_PAST");
  await expectError(await joinWaitlist(client.token, { barbershop_id: shop.id, services: [cut.id], date: localDate(400) }), 422, "BEYOND_BOOKING_HORIZON");
  const other = await createBookableShop(db());
  await expectError(
    await joinWaitlist(client.token, { barbershop_id: shop.id, barber_id: other.barber.id, services: [cut.id], date: day }),
    422,
    "SERVICE_NOT_PERFORMED",
  );
  await expectError(await joinWaitlist(client.token, { barbershop_id: shop.id, services: [other.cut.id], date: day }), 422, "SERVICE_NOT_AVAILABLE");
  await expectError(
    await join(req("/v3/client/waitlist", { method: "POST", body: { barbershop_id: shop.id, services: [cut.id], date: day } })),
    401,
    "UNAUTHORIZED",
  );
  expect(await db().select().from(waitlist).where(eq(waitlist.barbershopId, shop.id))).toEqual([]);
});

it("a client sees and leaves their own waitlist entries only; leaving twice is fine; a spent or past entry tells no one", async () => {
  const { shop, barber, cut, day, cutClient, cutId } = await fullDay();
  const a = await createClient(db());
  const b = await createClient(db());
  const { entry } = ZWaitlistAnswer.parse(
    await (await joinWaitlist(a.token, { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: day })).json(),
  );
  expect((await (await listWaitlistEntries(req("/v3/client/waitlist", { token: b.token }))).json()).items).toEqual([]);
  await expectError(
    await leave(req(`/v3/client/waitlist/${entry.id}`, { method: "DELETE", token: b.token }), params({ id: String(entry.id) })),
    404,
    "NOT_FOUND",
  );
  expect((await leave(req(`/v3/client/waitlist/${entry.id}`, { method: "DELETE", token: a.token }), params({ id: String(entry.id) }))).status).toBe(204);
  expect((await leave(req(`/v3/client/waitlist/${entry.id}`, { method: "DELETE", token: a.token }), params({ id: String(entry.id) }))).status).toBe(204);
  expect((await (await listWaitlistEntries(req("/v3/client/waitlist", { token: a.token }))).json()).items).toEqual([]);
  // Gone before the time freed up: nobody is told.
  expect((await cancel(cutId, cutClient.token)).status).toBe(200);
  expect(await waitlistMessages(a.user.email, a.user.phone)).toEqual([]);
});

it("an afternoon that bookings filled: the day's times say so; a client asks for the afternoon only and is told when an afternoon time frees up, not a morning one", async () => {
  const f = await createBookableShop(db());
  const day = localDate(5);
  const morning = await createClient(db());
  const afternoon = await createClient(db());
  const early = await insertAppointment(db(), {
    shopId: f.shop.id,
    barberId: f.barber.id,
    serviceId: f.cut.id,
    clientId: morning.user.id,
    startsAt: at(day, "09:00"),
    minutes: 30,
  });
  const late = await insertAppointment(db(), {
    shopId: f.shop.id,
    barberId: f.barber.id,
    serviceId: f.cut.id,
    clientId: afternoon.user.id,
    startsAt: at(day, "12:00"),
    minutes: 360,
  });
  for (const barber of [`&barber_id=${f.barber.id}`, ""]) {
    const times = ZAvailableTimes.parse(
      await (await availableTimes(req(`/v3/appointment/available-times?barbershop_id=${f.shop.id}${barber}&services=${f.cut.id}&date=${day}`))).json(),
    );
    expect(times).toMatchObject({ morning: ["09:30", "10:00", "10:30", "11:00", "11:30"], afternoon: [], night: [], full_periods: ["afternoon"] });
  }
  // The evening is not full: the shop closes at 18:00.
  const client = await createClient(db());
  const ask = (periods: string[]) => joinWaitlist(client.token, { barbershop_id: f.shop.id, services: [f.cut.id], date: day, periods });
  await expectError(await ask(["morning"]), 422, "WAITLIST_DAY_HAS_TIMES");
  await expectError(await ask(["morning", "afternoon"]), 422, "WAITLIST_DAY_HAS_TIMES");
  await expectError(await ask(["night"]), 422, "WAITLIST_DAY_CLOSED");
  await expectError(await ask([]), 422, "WAITLIST_DAY_HAS_TIMES");
  expect(await db().select().from(waitlist).where(eq(waitlist.barbershopId, f.shop.id))).toEqual([]);
  const asked = await ask(["afternoon"]);
  expect(asked.status).toBe(201);
  expect(ZWaitlistAnswer.parse(await asked.json()).entry).toMatchObject({ date: day, periods: ["afternoon"], barber: null, notified_at: null });

  // The 09:00 cut is cancelled: a morning time, not what the client asked for.
  expect((await cancel(early.id, morning.token)).status).toBe(200);
  expect(await waitlistMessages(client.user.email, client.user.phone)).toEqual([]);
  // The afternoon is cancelled: told, with the afternoon's times only.
  expect((await cancel(late.id, afternoon.token)).status).toBe(200);
  const [mail] = await waitlistMessages(client.user.email, client.user.phone);
  expect(mail.body).toMatch(/Free times: 12:00, 12:30, 13:00, 13:30, 14:00, 14:30 …\n/);
  const mine = ZWaitlistList.parse(await (await listWaitlistEntries(req("/v3/client/waitlist", { token: client.token }))).json());
  expect(mine.items).toMatchObject([{ periods: ["afternoon"], notified_at: expect.any(String) }]);
});

it("a booking moved away is told to the waitlist only after the delay; moved away and straight back, it tells nobody and spends no waitlist entry", async () => {
  const { shop, barber, beard, day, early, beardRow } = await fullDay();
  const waiting = await createClient(db());
  const alsoWaiting = await createClient(db());
  expect((await joinWaitlist(waiting.token, { barbershop_id: shop.id, barber_id: barber.id, services: [beard.id], date: day })).status).toBe(201);
  expect((await joinWaitlist(alsoWaiting.token, { barbershop_id: shop.id, services: [beard.id], date: day })).status).toBe(201);
  const moveBeard = (date: string, start_hour: string) =>
    reschedule(
      req(`/v3/appointment/reschedule/${beardRow.id}`, { method: "PUT", token: early.token, body: { date, start_hour } }),
      params({ id: String(beardRow.id) }),
    );
  const everyone = [waiting.user.email, waiting.user.phone, alsoWaiting.user.email, alsoWaiting.user.phone];

  // Away to the next day and straight back: nobody is told, then or once the delay has passed, and both still wait.
  expect((await moveBeard(localDate(6), "11:00")).status).toBe(200);
  expect(await waitlistMessages(...everyone)).toEqual([]);
  expect((await moveBeard(day, "09:00")).status).toBe(200);
  await tellWaitlistOfMovedTimes(db(), afterMoveDelay());
  expect(await waitlistMessages(...everyone)).toEqual([]);
  const rows = await db().select().from(waitlist).where(eq(waitlist.barbershopId, shop.id));
  expect(rows.map((r) => r.notifiedAt)).toEqual([null, null]);

  // Away for good: nobody before the delay, both once it has passed (checked once, however often it runs).
  expect((await moveBeard(localDate(6), "11:00")).status).toBe(200);
  await tellWaitlistOfMovedTimes(db(), new Date(Date.now() + MOVE_LIMITS.waitlistDelayMs - 60_000));
  expect(await waitlistMessages(...everyone)).toEqual([]);
  await tellWaitlistOfMovedTimes(db(), afterMoveDelay());
  await tellWaitlistOfMovedTimes(db(), afterMoveDelay());
  expect((await waitlistMessages(...everyone)).map((m) => m.recipient).sort()).toEqual([waiting.user.email, alsoWaiting.user.email].sort());
});
