import { eq } from "drizzle-orm";
import { GET as availableDays } from "@/app/v3/appointment/available-days/route";
import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { PUT as reschedule } from "@/app/v3/appointment/reschedule/[id]/route";
import { PUT as updateStatus } from "@/app/v3/appointment/update-status/[id]/[status]/route";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { GET as getOne } from "@/app/v3/client/appointments/[id]/route";
import { signAnswerToken } from "@/lib/server/appointments/answer-link";
import type { Db } from "@/lib/server/db/client";
import { appointments, outbox } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { deliverDue } from "@/lib/server/notifications/outbox";
import { createBookableShop, createClient, localDate, params, req, expectError } from "@/tests/factories/booking";
import { useMessageProviders } from "@/tests/fakes/message-providers";

// Moving an appointment to another time (PUT /v3/appointment/reschedule/{id}): the same barber, services
// and prices; its own time counts as free; what someone else holds, or the shop does not offer, is refused
// and changes nothing; its reminders follow it and the client is told, with the calendar event moved.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const providers = useMessageProviders();
// Each test books through the routes and delivers its messages through the local providers: several seconds on a
// loaded machine, past Jest's default 5 s.
jest.setTimeout(30_000);

const move = (id: number, body: unknown, auth: { token?: string; manageToken?: string } = {}) =>
  reschedule(
    req(`/v3/appointment/reschedule/${id}${auth.manageToken ? `?manage_token=${auth.manageToken}` : ""}`, { method: "PUT", body, token: auth.token }),
    params({ id: String(id) }),
  );
const rowOf = async (id: number) => (await db().select().from(appointments).where(eq(appointments.id, id)))[0];
const messagesOf = (id: number) => db().select().from(outbox).where(eq(outbox.appointmentId, id)).orderBy(outbox.id);
const timesUrl = (q: Record<string, string | number>) =>
  `/v3/appointment/available-times?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;
const offered = (t: { morning: string[]; afternoon: string[]; night: string[] }) => [...t.morning, ...t.afternoon, ...t.night];

/** A client's hour-long beard at 10:00 in six days, booked through the API (its confirmation and reminders written). */
async function booked(lang = "en") {
  const f = await createBookableShop(db());
  const client = await createClient(db());
  const day = localDate(6);
  const res = await newAppointment(
    req("/v3/appointments/new-appointment", {
      method: "POST",
      token: client.token,
      headers: { "accept-language": lang },
      body: {
        barbershop_id: f.shop.id,
        barber_id: f.barber.id,
        services: [f.beard.id],
        products: [{ id: f.product.id, quantity: 1 }],
        date: day,
        start_hour: "10:00",
        whatsapp_opt_in: true,
      },
    }),
  );
  expect(res.status).toBe(201);
  const { appointment } = await res.json();
  return { ...f, client, day, appointment: appointment as { id: number; starts_at: string; total: string } };
}

it("moves an appointment by half an hour over its own time: same id, barber, services and prices; the reminders follow it and the client is told, the calendar event moved", async () => {
  const { shop, barber, beard, client, day, appointment } = await booked();
  // Without `moving` 10:30 overlaps the appointment itself; its client asking with `moving` sees it free.
  const plain = await (await availableTimes(req(timesUrl({ barbershop_id: shop.id, barber_id: barber.id, services: beard.id, date: day })))).json();
  expect(offered(plain)).not.toContain("10:30");
  const moving = await availableTimes(
    req(timesUrl({ barbershop_id: shop.id, barber_id: barber.id, services: beard.id, date: day, moving: appointment.id }), { token: client.token }),
  );
  expect(moving.status).toBe(200);
  expect(offered(await moving.json())).toEqual(expect.arrayContaining(["10:00", "10:30"]));
  const days = await (
    await availableDays(
      req(`/v3/appointment/available-days?barbershop_id=${shop.id}&barber_id=${barber.id}&services=${beard.id}&from=${day}&days=2&moving=${appointment.id}`, {
        token: client.token,
      }),
    )
  ).json();
  expect(days.days[0]).toEqual({ date: day, available: true, full: false });

  const before = await messagesOf(appointment.id);
  expect(before.filter((m) => m.kind === "reminder")).toHaveLength(4);
  const res = await move(appointment.id, { date: day, start_hour: "10:30" }, { token: client.token });
  expect(res.status).toBe(200);
  const moved = (await res.json()).appointment;
  expect(moved).toMatchObject({ id: appointment.id, date: day, start_hour: "10:30", end_hour: "11:30", total: appointment.total, status: "pending" });
  expect(moved.barber.id).toBe(barber.id);
  expect(moved.services.map((s: { id: number }) => s.id)).toEqual([beard.id]);
  expect(moved.products).toHaveLength(1);
  const row = await rowOf(appointment.id);
  expect(row.icsSequence).toBe(1);
  expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe(60 * 60_000);

  // The reminders are the new time's (24 h and 2 h before 10:30), written once each; the old ones are gone.
  const after = await messagesOf(appointment.id);
  const reminders = after.filter((m) => m.kind === "reminder");
  expect(reminders).toHaveLength(4);
  expect([...new Set(reminders.map((m) => row.startsAt.getTime() - m.sendAfter.getTime()))].sort((a, b) => b - a)).toEqual([24 * 3_600_000, 2 * 3_600_000]);
  expect(reminders.every((m) => !before.some((b) => b.id === m.id))).toBe(true);
  // Each reminder offers another time in one tap, besides confirming and cancelling (its one-tap link's token).
  const reminderMail = reminders.find((m) => m.channel === "email")!;
  expect(reminderMail.body).toMatch(
    new RegExp(`Choose another time: https://navalha\\.test/agendamento/${appointment.id}/remarcar\\?t=${appointment.id}\\.\\d+\\.[^&\\s]+&lng=en`),
  );
  expect((reminderMail.payload as { mjml: string }).mjml).toMatch(new RegExp(`href="https://navalha\\.test/agendamento/${appointment.id}/remarcar\\?t=`));
  expect(
    after
      .filter((m) => m.kind === "rescheduled")
      .map((m) => m.channel)
      .sort(),
  ).toEqual(["email", "whatsapp"]);

  // Sent now: the e-mail moves the calendar event (same UID, next sequence), WhatsApp uses its own template.
  for (;;) if ((await deliverDue(db())).sent === 0) break;
  const mine = providers.mail.messages.filter((m) => m.to === client.user.email);
  const movedMail = mine.find((m) => /Booking moved/.test(m.raw));
  expect(movedMail).toBeDefined();
  expect(movedMail!.raw).toMatch(/METHOD:REQUEST/);
  expect(movedMail!.raw).toMatch(/SEQUENCE:1/);
  expect(movedMail!.raw).toMatch(new RegExp(`UID:appointment-${appointment.id}@navalha.app`));
  expect(movedMail!.raw).toMatch(/10:30/);
  const template = providers.cloud.sent
    .map((m) => m.body.template as { name: string; components: { parameters: { text?: string }[] }[] })
    .find((t) => t.name === "navalha_booking_rescheduled");
  expect(template).toBeDefined();
  expect(template!.components[0].parameters[2].text).toMatch(/10:30/);

  // The same time again (a retry after a lost answer) changes nothing and tells no one twice.
  const count = (await messagesOf(appointment.id)).length;
  const again = await move(appointment.id, { date: day, start_hour: "10:30" }, { token: client.token });
  expect(again.status).toBe(200);
  expect((await again.json()).appointment.start_hour).toBe("10:30");
  expect((await rowOf(appointment.id)).icsSequence).toBe(1);
  expect(await messagesOf(appointment.id)).toHaveLength(count);
});

it("refuses a time someone else holds, one the shop does not offer, a past day and a cancelled appointment; nothing changes", async () => {
  const { shop, barber, cut, client, day, appointment } = await booked();
  const other = await createClient(db());
  const taken = await newAppointment(
    req("/v3/appointments/new-appointment", {
      method: "POST",
      token: other.token,
      body: { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: day, start_hour: "14:00" },
    }),
  );
  expect(taken.status).toBe(201);
  const before = await rowOf(appointment.id);
  const messages = (await messagesOf(appointment.id)).length;

  await expectError(await move(appointment.id, { date: day, start_hour: "13:30" }, { token: client.token }), 409, "SLOT_TAKEN"); // 13:30–14:30 meets 14:00
  await expectError(await move(appointment.id, { date: day, start_hour: "07:00" }, { token: client.token }), 422, "TIME_NOT_OFFERED");
  await expectError(await move(appointment.id, { date: day, start_hour: "17:30" }, { token: client.token }), 422, "TIME_NOT_OFFERED"); // would end after closing
  await expectError(await move(appointment.id, { date: localDate(-1), start_hour: "10:00" }, { token: client.token }), 422, "DATE_IN_PAST");
  await expectError(await move(appointment.id, { date: "2026-02-30", start_hour: "10:00" }, { token: client.token }), 400, "VALIDATION_FAILED");
  await expectError(await move(appointment.id, { date: localDate(400), start_hour: "10:00" }, { token: client.token }), 422, "BEYOND_BOOKING_HORIZON");
  // Not theirs: the same answer as an appointment that does not exist; nobody signed in: 401.
  await expectError(await move(appointment.id, { date: day, start_hour: "15:00" }, { token: other.token }), 404, "NOT_FOUND");
  await expectError(await move(appointment.id, { date: day, start_hour: "15:00" }), 401, "UNAUTHORIZED");
  // Nor may someone else see the day as if the appointment were not there.
  await expectError(
    await availableTimes(
      req(timesUrl({ barbershop_id: shop.id, barber_id: barber.id, services: cut.id, date: day, moving: appointment.id }), { token: other.token }),
    ),
    404,
    "NOT_FOUND",
  );

  const after = await rowOf(appointment.id);
  expect(after.startsAt).toEqual(before.startsAt);
  expect(after.icsSequence).toBe(before.icsSequence);
  expect(await messagesOf(appointment.id)).toHaveLength(messages);

  const cancelled = await updateStatus(
    req(`/v3/appointment/update-status/${appointment.id}/cancelled`, { method: "PUT", token: client.token }),
    params({ id: String(appointment.id), status: "cancelled" }),
  );
  expect(cancelled.status).toBe(200);
  await expectError(await move(appointment.id, { date: day, start_hour: "15:00" }, { token: client.token }), 422, "INVALID_TRANSITION");
});

it("a guest moves their booking with the private link, whose message then carries that link; the link of another booking opens nothing", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const day = localDate(5);
  const res = await guestBooking(
    req("/v3/appointments/appointment-without-login", {
      method: "POST",
      headers: { "accept-language": "es" },
      body: {
        barbershop_id: shop.id,
        barber_id: barber.id,
        services: [cut.id],
        date: day,
        start_hour: "11:00",
        name: "Ana Souza",
        phone: "(11) 97654-3210",
        whatsapp_opt_in: true,
      },
    }),
  );
  expect(res.status).toBe(201);
  const { appointment, manage_token } = await res.json();

  await expectError(await move(appointment.id, { date: day, start_hour: "16:00" }, { manageToken: "y".repeat(43) }), 404, "NOT_FOUND");
  const times = await availableTimes(
    req(timesUrl({ barbershop_id: shop.id, barber_id: barber.id, services: cut.id, date: day, moving: appointment.id, manage_token })),
  );
  expect(times.status).toBe(200);
  const moved = await move(appointment.id, { date: day, start_hour: "16:00" }, { manageToken: manage_token });
  expect(moved.status).toBe(200);
  expect((await moved.json()).appointment.start_hour).toBe("16:00");
  expect((await rowOf(appointment.id)).icsSequence).toBe(1);
  // Their message (WhatsApp: a guest has no e-mail) links to their private page, in their language.
  const [waiting] = (await messagesOf(appointment.id)).filter((m) => m.kind === "rescheduled");
  expect(waiting.channel).toBe("whatsapp");
  const params8 = (waiting.payload as { whatsapp: { body: string[] } }).whatsapp.body;
  expect(params8[7]).toBe(`https://navalha.test/agendamento/${appointment.id}?token=${encodeURIComponent(manage_token)}&lng=es`);
  expect(params8[2]).toMatch(/16:00/);
  const seen = await availableTimes(req(timesUrl({ barbershop_id: shop.id, barber_id: barber.id, services: cut.id, date: day })));
  const free = offered(await seen.json());
  expect(free).toContain("11:00");
  expect(free).not.toContain("16:00");
});

it("a reminder's one-tap link opens the appointment for moving until it starts, and no other appointment", async () => {
  const { shop, barber, cut, day, appointment } = await booked();
  const other = await booked();
  const t = await signAnswerToken(appointment.id, new Date(appointment.starts_at));
  const withT = (path: string) => `${path}${path.includes("?") ? "&" : "?"}answer_token=${encodeURIComponent(t)}`;

  const seen = await getOne(req(withT(`/v3/client/appointments/${appointment.id}`)), params({ id: String(appointment.id) }));
  expect(seen.status).toBe(200);
  const times = await availableTimes(
    req(withT(timesUrl({ barbershop_id: shop.id, barber_id: barber.id, services: cut.id, date: day, moving: appointment.id }))),
  );
  expect(times.status).toBe(200);
  const moved = await reschedule(
    req(withT(`/v3/appointment/reschedule/${appointment.id}`), { method: "PUT", body: { date: day, start_hour: "15:00" } }),
    params({ id: String(appointment.id) }),
  );
  expect(moved.status).toBe(200);
  expect((await moved.json()).appointment.start_hour).toBe("15:00");

  // Not another appointment, and not once the appointment it was made for has started.
  const elsewhere = await reschedule(
    req(withT(`/v3/appointment/reschedule/${other.appointment.id}`), { method: "PUT", body: { date: other.day, start_hour: "15:00" } }),
    params({ id: String(other.appointment.id) }),
  );
  expect(elsewhere.status).toBe(404);
  const expired = await signAnswerToken(appointment.id, new Date(Date.now() - 60_000));
  const late = await getOne(
    req(`/v3/client/appointments/${appointment.id}?answer_token=${encodeURIComponent(expired)}`),
    params({ id: String(appointment.id) }),
  );
  expect(late.status).toBe(401);
  expect((await rowOf(other.appointment.id)).startsAt.toISOString()).toBe(new Date(other.appointment.starts_at).toISOString());
});

it("a booking moves at most three times a day: the fourth move is 429 with Retry-After and the contract's error, in the client's language, and changes nothing", async () => {
  const { client, day, appointment } = await booked("pt-BR");
  for (const hour of ["11:00", "12:00", "13:00"])
    expect((await move(appointment.id, { date: day, start_hour: hour }, { token: client.token })).status).toBe(200);
  const before = await rowOf(appointment.id);
  const count = (await messagesOf(appointment.id)).length;
  const refused = await reschedule(
    req(`/v3/appointment/reschedule/${appointment.id}`, {
      method: "PUT",
      token: client.token,
      body: { date: day, start_hour: "14:00" },
      headers: { "accept-language": "en" },
    }),
    params({ id: String(appointment.id) }),
  );
  const body = await expectError(refused, 429, "TOO_MANY_REQUESTS");
  expect(body.error).toBe("This booking has been moved 3 times today. Please wait before moving it again, or cancel it.");
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(23 * 3600);
  expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
  expect(await rowOf(appointment.id)).toEqual(before);
  expect(await messagesOf(appointment.id)).toHaveLength(count);
  // The time it already has is still a harmless retry.
  expect((await move(appointment.id, { date: day, start_hour: "13:00" }, { token: client.token })).status).toBe(200);
});
