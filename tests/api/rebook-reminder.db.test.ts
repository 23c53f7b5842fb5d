import { and, eq } from "drizzle-orm";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { POST as rebookByLink } from "@/app/v3/appointments/rebook-by-link/route";
import { DELETE as cancelReminder, GET as getReminder, PUT as setReminder } from "@/app/v3/client/appointments/[id]/rebook-reminder/route";
import { signAnswerToken } from "@/lib/server/appointments/answer-link";
import { recordWhatsappOptIn } from "@/lib/server/appointments/messages";
import { hashManageToken } from "@/lib/server/appointments/read";
import { rebookAt, rebookDate } from "@/lib/server/appointments/rebook-reminder";
import { reviewLink } from "@/lib/server/appointments/review-request";
import { fromWallClock, toWallClock } from "@/lib/server/availability/zoned-time";
import type { Db } from "@/lib/server/db/client";
import { appointments, outbox } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { deliverDue } from "@/lib/server/notifications/outbox";
import { createBookableShop, createClient, expectError, insertAppointment, localDate, params, req } from "@/tests/factories/booking";
import { type SmtpInbox, useMessageProviders } from "@/tests/fakes/message-providers";
import type { FakeCloudApi } from "@/tests/fakes/whatsapp-cloud";

// "Remind me to book again" (docs/decisions/0038-rebook-reminder.md): a visit's client asks for one message some
// weeks after it, with the link that books the same services with the same barber.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const SP = "America/Sao_Paulo";
const providers = useMessageProviders({ MESSAGE_RETRY_BASE_MS: "10" });
let mail: SmtpInbox;
let cloud: FakeCloudApi;
beforeAll(() => {
  ({ mail, cloud } = providers);
});

const path = (id: number, query = "") => `/v3/client/appointments/${id}/rebook-reminder${query}`;
const p = (id: number) => params({ id: String(id) });
const rebooks = (appointmentId: number) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.appointmentId, appointmentId), eq(outbox.kind, "rebook")))
    .orderBy(outbox.channel);
const put = (id: number, body: unknown, init: { token?: string; query?: string; lang?: string } = {}) =>
  setReminder(req(path(id, init.query), { method: "PUT", body, token: init.token, headers: { "accept-language": init.lang ?? "en" } }), p(id));

/** A client's visit that ended `daysAgo` days ago at 10:30 where the shop is. */
async function pastVisit(daysAgo: number, over: { clientId?: number | null; clientName?: string } = {}) {
  const { shop, barber, cut } = await createBookableShop(db());
  const me = await createClient(db());
  const day = localDate(-daysAgo);
  const row = await insertAppointment(db(), {
    shopId: shop.id,
    barberId: barber.id,
    serviceId: cut.id,
    clientId: over.clientId === undefined ? me.user.id : over.clientId,
    clientName: over.clientName ?? me.user.name,
    startsAt: fromWallClock(day, 10 * 60, SP)!,
  });
  return { shop, barber, cut, me, row, day };
}

it("goes at 10:00 where the shop is, the chosen weeks after the visit's day", () => {
  expect(rebookAt("2026-11-28", 4, SP)).toEqual(fromWallClock("2026-12-26", 10 * 60, SP));
  expect(toWallClock(rebookAt("2026-11-28", 2, "America/Manaus")!, "America/Manaus")).toEqual({ date: "2026-12-12", minutes: 600 });
});

it("a client's completed visit: the choices ahead, then one e-mail at the chosen time with the link that books it again, in the asking language", async () => {
  const { shop, barber, cut, me, row, day } = await pastVisit(3);
  const before = await getReminder(req(path(row.id), { token: me.token }), p(row.id));
  expect(before.status).toBe(200);
  const state = await before.json();
  expect(state.reminder).toBeNull();
  expect(state.channels).toEqual(["email"]);
  expect(state.choices.map((c: { weeks: number }) => c.weeks)).toEqual([2, 3, 4, 5, 6, 8]);
  expect(state.choices[0].date).toBe(toWallClock(new Date(Date.parse(`${day}T12:00:00Z`) + 14 * 86_400_000), "UTC").date);

  const res = await put(row.id, { weeks: 4 }, { token: me.token, lang: "es" });
  expect(res.status).toBe(200);
  const after = await res.json();
  expect(after.reminder).toEqual({ weeks: 4, date: state.choices[2].date, channels: ["email"] });

  const [message, ...others] = await rebooks(row.id);
  expect(others).toHaveLength(0);
  expect(message).toMatchObject({ channel: "email", recipient: me.user.email });
  expect(message.sendAfter).toEqual(fromWallClock(state.choices[2].date, 10 * 60, SP));
  expect(message.subject).toBe(`¿Es hora de reservar de nuevo en ${shop.name}?`);
  expect(message.body).toContain(`hace 4 semanas`);
  expect(message.body).toMatch(new RegExp(`Reservar de nuevo: https?://\\S+/barbearia/${shop.slug}/agendar\\?service=${cut.id}&barber=${barber.id}&lng=es`));

  // Not before its time; at its time the worker sends it.
  expect((await deliverDue(db(), { now: new Date(message.sendAfter.getTime() - 60_000) })).sent).toBe(0);
  expect((await deliverDue(db(), { now: message.sendAfter })).sent).toBe(1);
  const received = mail.messages.filter((m) => m.to === me.user.email);
  expect(received).toHaveLength(1);
  // Quoted-printable: soft line breaks out, "=3D" back to "=".
  const decoded = received[0].raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  expect(decoded).toMatch(/Content-Type: text\/html/);
  expect(decoded).toContain(`/barbearia/${shop.slug}/agendar?service=${cut.id}&barber=${barber.id}&lng=es`);
});

it("asking again replaces the waiting one; calling it off drops it; both leave the visit as it was", async () => {
  const { me, row } = await pastVisit(1);
  expect((await put(row.id, { weeks: 2 }, { token: me.token })).status).toBe(200);
  expect((await put(row.id, { weeks: 6 }, { token: me.token })).status).toBe(200);
  const rows = await rebooks(row.id);
  expect(rows).toHaveLength(1);
  expect(rows[0].sendAfter).toEqual(rebookAt(toWallClock(row.startsAt, SP).date, 6, SP));

  const off = await cancelReminder(req(path(row.id), { method: "DELETE", token: me.token }), p(row.id));
  expect(off.status).toBe(200);
  expect((await off.json()).reminder).toBeNull();
  expect(await rebooks(row.id)).toHaveLength(0);
  // Nothing waiting: calling it off again changes nothing.
  expect((await cancelReminder(req(path(row.id), { method: "DELETE", token: me.token }), p(row.id))).status).toBe(200);
  const [visit] = await db().select().from(appointments).where(eq(appointments.id, row.id));
  expect(visit.status).toBe(row.status);
});

it("refuses what cannot be: a visit still to come, a week not offered, a day past, someone else's visit, nobody to reach", async () => {
  const { shop, barber, cut, me, row } = await pastVisit(10);
  const upcoming = await insertAppointment(db(), {
    shopId: shop.id,
    barberId: barber.id,
    serviceId: cut.id,
    clientId: me.user.id,
    startsAt: new Date(Date.now() + 86_400_000),
  });
  await expectError(await put(upcoming.id, { weeks: 2 }, { token: me.token }), 422, "NOT_COMPLETED");
  expect((await (await getReminder(req(path(upcoming.id), { token: me.token }), p(upcoming.id))).json()).choices).toEqual([]);
  await expectError(await put(row.id, { weeks: 7 }, { token: me.token }), 400, "VALIDATION_FAILED");
  // Ten days ago: two weeks after it is four days from now, one week would be past (and is not a choice anyway).
  expect((await put(row.id, { weeks: 2 }, { token: me.token })).status).toBe(200);

  const old = await pastVisit(20);
  await expectError(await put(old.row.id, { weeks: 2 }, { token: old.me.token }), 422, "REBOOK_DATE_PASSED");
  expect(
    (await (await getReminder(req(path(old.row.id), { token: old.me.token }), p(old.row.id))).json()).choices.map((c: { weeks: number }) => c.weeks),
  ).toEqual([3, 4, 5, 6, 8]);

  const stranger = await createClient(db());
  await expectError(await put(row.id, { weeks: 3 }, { token: stranger.token }), 404, "NOT_FOUND");
  await expectError(await setReminder(req(path(row.id), { method: "PUT", body: { weeks: 3 } }), p(row.id)), 401, "UNAUTHORIZED");

  // A guest's visit whose phone never said yes to WhatsApp: nothing reaches them.
  const guest = await pastVisit(2, { clientId: null, clientName: "Ivo Lima" });
  const manage = "m".repeat(40);
  await db()
    .update(appointments)
    .set({ manageTokenHash: hashManageToken(manage), clientPhone: "+5511981234567" })
    .where(eq(appointments.id, guest.row.id));
  const state = await (await getReminder(req(path(guest.row.id, `?manage_token=${manage}`)), p(guest.row.id))).json();
  expect(state).toMatchObject({ channels: [], choices: [], reminder: null });
  await expectError(await put(guest.row.id, { weeks: 3 }, { query: `?manage_token=${manage}` }), 422, "REBOOK_NO_CHANNEL");
  expect(await rebooks(guest.row.id)).toHaveLength(0);
});

it("a guest whose phone said yes gets it on WhatsApp, as the Cloud API template named in docs/whatsapp-templates.md", async () => {
  const guest = await pastVisit(2, { clientId: null, clientName: "Ivo Lima" });
  const manage = "g".repeat(40);
  await db()
    .update(appointments)
    .set({ manageTokenHash: hashManageToken(manage), clientPhone: "+5511981234568" })
    .where(eq(appointments.id, guest.row.id));
  await recordWhatsappOptIn(db(), "+5511981234568", new Date());
  const res = await put(guest.row.id, { weeks: 3 }, { query: `?manage_token=${manage}`, lang: "pt-BR" });
  expect(res.status).toBe(200);
  expect((await res.json()).reminder.channels).toEqual(["whatsapp"]);
  const [message] = await rebooks(guest.row.id);
  expect(message).toMatchObject({ channel: "whatsapp", recipient: "+5511981234568" });
  expect(message.body).toMatch(/^Ivo, como você pediu, este é o lembrete para voltar à /);
  await deliverDue(db(), { now: message.sendAfter });
  const sent = cloud.sent.filter((r) => r.to === "5511981234568").map((r) => r.body as { template?: { name: string; language: { code: string } } });
  expect(sent.map((b) => [b.template?.name, b.template?.language.code])).toEqual([["navalha_rebook_reminder", "pt_BR"]]);
});

it("booking at the shop again drops the reminder still waiting (the client's, or the guest's by phone); another shop's stays", async () => {
  const { shop, barber, cut, me, row } = await pastVisit(1);
  expect((await put(row.id, { weeks: 4 }, { token: me.token })).status).toBe(200);
  const elsewhere = await pastVisit(1, {});
  expect((await put(elsewhere.row.id, { weeks: 4 }, { token: elsewhere.me.token })).status).toBe(200);

  const booked = await newAppointment(
    req("/v3/appointments/new-appointment", {
      method: "POST",
      token: me.token,
      body: { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: localDate(5), start_hour: "11:00" },
    }),
  );
  expect(booked.status).toBe(201);
  expect(await rebooks(row.id)).toHaveLength(0);
  expect(await rebooks(elsewhere.row.id)).toHaveLength(1);

  // A guest's, by the phone they book with again.
  const guest = await pastVisit(2, { clientId: null, clientName: "Ivo Lima" });
  const manage = "h".repeat(40);
  await db()
    .update(appointments)
    .set({ manageTokenHash: hashManageToken(manage), clientPhone: "+5511981234569" })
    .where(eq(appointments.id, guest.row.id));
  await recordWhatsappOptIn(db(), "+5511981234569", new Date());
  expect((await put(guest.row.id, { weeks: 2 }, { query: `?manage_token=${manage}` })).status).toBe(200);
  const again = await guestBooking(
    req("/v3/appointments/appointment-without-login", {
      method: "POST",
      body: {
        barbershop_id: guest.shop.id,
        barber_id: guest.barber.id,
        services: [guest.cut.id],
        date: localDate(5),
        start_hour: "12:00",
        name: "Ivo Lima",
        phone: "(11) 98123-4569",
      },
    }),
  );
  expect(again.status).toBe(201);
  expect(await rebooks(guest.row.id)).toHaveLength(0);
});

it("the link of the e-mail that asked how it was asks for it and calls it off, by the rating page's form or JSON; no other link does", async () => {
  const { shop, barber, cut, me, row, day } = await pastVisit(3);
  const token = new URL(await reviewLink({ id: row.id, ends_at: row.endsAt.toISOString() }, "pt-BR")).searchParams.get("t")!;
  const form = (fields: Record<string, string>) =>
    rebookByLink(
      req("/v3/appointments/rebook-by-link", {
        method: "POST",
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
  const back = (done: string, t = token, lng = "") => `/avaliar?t=${encodeURIComponent(t)}&done=${done}${lng ? `&lng=${lng}` : ""}`;

  // The page's form: asked in Spanish, the message is in Spanish, three weeks after the visit's day.
  const asked = await form({ t: token, weeks: "3", lng: "es" });
  expect(asked.status).toBe(303);
  expect(asked.headers.get("location")).toBe(back("reminded", token, "es"));
  const [message, ...others] = await rebooks(row.id);
  expect(others).toHaveLength(0);
  expect(message).toMatchObject({ channel: "email", recipient: me.user.email });
  expect(message.sendAfter).toEqual(rebookAt(day, 3, SP));
  expect(message.subject).toBe(`¿Es hora de reservar de nuevo en ${shop.name}?`);

  // Weeks 0 calls it off.
  expect((await form({ t: token, weeks: "0" })).headers.get("location")).toBe(back("unreminded"));
  expect(await rebooks(row.id)).toHaveLength(0);

  // JSON answers the reminder's state, as the visit's own route does.
  const json = await rebookByLink(
    req("/v3/appointments/rebook-by-link", { method: "POST", body: { t: token, weeks: 5 }, headers: { "accept-language": "en" } }),
  );
  expect(json.status).toBe(200);
  expect((await json.json()).reminder).toEqual({ weeks: 5, date: rebookDate(day, 5), channels: ["email"] });
  expect((await rebooks(row.id))[0].subject).toBe(`Time to book again at ${shop.name}?`);

  // Not the rating link (the one-tap answer's, a tampered one), a week not offered: nothing changes.
  const answerToken = await signAnswerToken(row.id, new Date(Date.now() + 86_400_000));
  for (const t of [answerToken, `${token.slice(0, -2)}xx`]) {
    expect((await form({ t, weeks: "2" })).headers.get("location")).toBe(back("invalid", t));
    await expectError(await rebookByLink(req("/v3/appointments/rebook-by-link", { method: "POST", body: { t, weeks: 2 } })), 404, "NOT_FOUND");
  }
  for (const weeks of ["7", "", "4 semanas"]) expect((await form({ t: token, weeks })).headers.get("location")).toBe(back("invalid"));
  await expectError(await rebookByLink(req("/v3/appointments/rebook-by-link", { method: "POST", body: { t: token, weeks: 7 } })), 400, "VALIDATION_FAILED");
  const [kept] = await rebooks(row.id);
  expect(kept.sendAfter).toEqual(rebookAt(day, 5, SP));

  // A day already past; a visit still to come.
  const old = await pastVisit(20);
  const oldToken = new URL(await reviewLink({ id: old.row.id, ends_at: old.row.endsAt.toISOString() }, "pt-BR")).searchParams.get("t")!;
  expect((await form({ t: oldToken, weeks: "2" })).headers.get("location")).toBe(back("datePassed", oldToken));
  const soon = await insertAppointment(db(), {
    shopId: shop.id,
    barberId: barber.id,
    serviceId: cut.id,
    clientId: me.user.id,
    startsAt: new Date(Date.now() + 26 * 3_600_000),
  });
  const soonToken = new URL(await reviewLink({ id: soon.id, ends_at: soon.endsAt.toISOString() }, "pt-BR")).searchParams.get("t")!;
  expect((await form({ t: soonToken, weeks: "4" })).headers.get("location")).toBe(back("notYet", soonToken));
  expect(await db().$count(outbox, and(eq(outbox.kind, "rebook"), eq(outbox.appointmentId, old.row.id)))).toBe(0);
  expect(await db().$count(outbox, and(eq(outbox.kind, "rebook"), eq(outbox.appointmentId, soon.id)))).toBe(0);
});
