import { and, eq } from "drizzle-orm";
import { POST as answerRoute } from "@/app/v3/appointments/answer/route";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { PUT as updateStatus } from "@/app/v3/appointment/update-status/[id]/[status]/route";
import { GET as verifyWebhook, POST as webhook } from "@/app/v3/webhooks/whatsapp/route";
import { verifyAnswerToken } from "@/lib/server/appointments/answer-link";
import { reminderSchedule } from "@/lib/server/appointments/messages";
import type { Db } from "@/lib/server/db/client";
import { appointments, outbox, whatsappConsents } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { deliverDue, enqueueMessages } from "@/lib/server/notifications/outbox";
import { signBody } from "@/lib/server/notifications/whatsapp-webhook";
import { consentKey } from "@/lib/server/notifications/whatsapp-window";
import { createBookableShop, createClient, localDate, params, req } from "@/tests/factories/booking";
import { type SmtpInbox, useMessageProviders } from "@/tests/fakes/message-providers";
import type { Received } from "@/tests/fakes/smtp";
import { type FakeCloudApi, inboundWebhook } from "@/tests/fakes/whatsapp-cloud";

// Booking messages end to end: written with the booking, delivered by the worker through a real SMTP
// server and a fake WhatsApp Cloud API that speaks its HTTP, answered through the signed webhook.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const APP_SECRET = "test-app-secret-0123456789";
/** A minute before the appointment: both reminders are due, none is too late. */
const justBefore = (a: { starts_at: string }) => new Date(Date.parse(a.starts_at) - 60_000);

const providers = useMessageProviders({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: "verify-me", MESSAGE_RETRY_BASE_MS: "10" });
let mail: SmtpInbox;
let inbox: Received[] = [];
let cloud: FakeCloudApi;
beforeAll(() => {
  ({ mail, cloud } = providers);
  inbox = mail.messages;
});

/** Delivers until nothing is due (earlier tests of this file leave messages of their own). */
async function drain(now?: Date) {
  const total = { sent: 0, retry: 0, failed: 0 };
  for (;;) {
    const c = await deliverDue(db(), { now });
    total.sent += c.sent;
    total.retry += c.retry;
    total.failed += c.failed;
    if (c.sent + c.retry + c.failed === 0) return total;
  }
}
const rowsOf = (appointmentId: number) => db().select().from(outbox).where(eq(outbox.appointmentId, appointmentId)).orderBy(outbox.id);
const signed = (body: unknown) => {
  const raw = JSON.stringify(body);
  return webhook(req("/v3/webhooks/whatsapp", { method: "POST", body: raw, headers: { "x-hub-signature-256": signBody(raw, APP_SECRET) } }));
};

async function book(lang: string, optIn: boolean, shopOver: Parameters<typeof createBookableShop>[1] = {}) {
  const { shop, barber, cut } = await createBookableShop(db(), shopOver);
  const client = await createClient(db());
  const res = await newAppointment(
    req("/v3/appointments/new-appointment", {
      method: "POST",
      token: client.token,
      headers: { "accept-language": lang },
      body: { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: localDate(6), start_hour: "10:00", whatsapp_opt_in: optIn },
    }),
  );
  expect(res.status).toBe(201);
  const { appointment } = await res.json();
  return { shop, client, appointment: appointment as { id: number; starts_at: string; ends_at: string } };
}

it("a booking writes its confirmation and reminders with it; the worker sends the e-mail (HTML, .ics REQUEST) and the WhatsApp template in the booking's language", async () => {
  // The shop's WhatsApp saved without the country code, as shops often write it.
  const { client, appointment } = await book("es", true, { whatsapp: "(21) 96775-8850" });
  const rows = await rowsOf(appointment.id);
  expect(rows.map((r) => `${r.kind}:${r.channel}`).sort()).toEqual(
    [
      "confirmation:email",
      "confirmation:whatsapp",
      "reminder:email",
      "reminder:email",
      "reminder:whatsapp",
      "reminder:whatsapp",
      "review-request:email",
    ].sort(),
  );
  // The visit's "how was it?" goes by e-mail two hours after it ends (12:45 here: within the day).
  expect(rows.find((r) => r.kind === "review-request")!.sendAfter.getTime() - Date.parse(appointment.ends_at)).toBe(2 * 3_600_000);
  const starts = new Date(appointment.starts_at).getTime();
  const reminderTimes = [...new Set(rows.filter((r) => r.kind === "reminder").map((r) => starts - r.sendAfter.getTime()))].sort((a, b) => b - a);
  expect(reminderTimes).toEqual([24 * 3_600_000, 2 * 3_600_000]);

  // Now: only the confirmations are due.
  expect(await deliverDue(db())).toEqual({ sent: 2, retry: 0, failed: 0 });
  expect(inbox).toHaveLength(1);
  expect(inbox[0].to).toBe(client.user.email);
  expect(inbox[0].raw).toMatch(/Content-Type: text\/html/);
  expect(inbox[0].raw).toMatch(/METHOD:REQUEST/);
  expect(inbox[0].raw).toMatch(/Cita reservada/);
  // How to tell the shop they are running late: its WhatsApp, with the country code wa.me needs.
  // (Quoted-printable undone, for the ASCII looked for.)
  const decoded = inbox[0].raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  expect(decoded).toMatch(/>WhatsApp<\/td><td[^>]*><a href="https:\/\/wa\.me\/5521967758850"[^>]*>\(21\) 96775-8850<\/a><\/td>/);
  // The calendar event links to the page the e-mail links to, in the booking's language.
  const calendar = decoded.slice(decoded.indexOf("BEGIN:VCALENDAR")).replace(/\r\n /g, "");
  expect(calendar).toMatch(new RegExp(`\nDESCRIPTION:.*\\\\nhttps://navalha\\.test/agendamento/${appointment.id}\\?lng=es\r\n`));
  // The address alone has the link to the way there, once.
  expect(decoded.match(/<a href="https:\/\/www\.google\.com\/maps\/search\/[^"]*"[^>]*>[^<]*mo llegar<\/a>/g)).toHaveLength(1);
  expect(decoded.match(/mo llegar</g)).toHaveLength(1);
  expect(cloud.sent).toHaveLength(1);
  const template = cloud.sent[0].body.template as { name: string; language: { code: string }; components: { type: string; parameters: { text?: string }[] }[] };
  expect(template.name).toBe("navalha_booking_received");
  expect(template.language.code).toBe("es");
  expect(template.components[0].parameters.map((p) => p.text)).toEqual([
    expect.stringMatching(/^Cliente/),
    expect.stringMatching(/^Barbearia/),
    expect.stringMatching(/de noviembre de 2026|de diciembre de 2026|, 10:00 \(/),
    expect.stringMatching(/^Barbeiro/),
    "Corte",
    expect.stringMatching(/^R\$\s45,00$/),
    expect.stringMatching(/https:\/\/www\.google\.com\/maps/),
    `https://navalha.test/agendamento/${appointment.id}?lng=es`,
  ]);
  expect(cloud.sent[0].to).toBe(client.user.phone!.replace(/\D/g, ""));
  // Delivered: the text it carried is not kept.
  const sent = (await rowsOf(appointment.id)).filter((r) => r.kind === "confirmation");
  expect(sent.every((r) => r.status === "sent" && r.body.startsWith("[delivered"))).toBe(true);
  expect(sent.find((r) => r.channel === "whatsapp")!.providerId).toBe(cloud.sent[0].id);

  // Later: the reminders, once each, the WhatsApp one with Confirm, Cancel and "another time" buttons.
  expect(await drain(justBefore(appointment))).toEqual({ sent: 4, retry: 0, failed: 0 });
  expect(await drain(justBefore(appointment))).toEqual({ sent: 0, retry: 0, failed: 0 });
  const buttons = cloud.sent.slice(1).map((m) => (m.body.template as { components: { type: string }[] }).components.filter((c) => c.type === "button").length);
  expect(buttons).toEqual([3, 3]);
});

it("without the WhatsApp box ticked nothing goes by WhatsApp; writing a message twice under one key keeps one", async () => {
  const { appointment } = await book("pt-BR", false);
  const rows = await rowsOf(appointment.id);
  expect(rows.filter((r) => r.channel === "whatsapp")).toHaveLength(0);
  const again = await enqueueMessages(db(), [
    { channel: "email", recipient: "x@example.com", body: "x", dedupeKey: rows[0].dedupeKey!, appointmentId: appointment.id },
  ]);
  expect(again).toBe(0);
  expect(await rowsOf(appointment.id)).toHaveLength(rows.length);
});

it("cancelling removes the pending reminders in the same transaction and sends the cancellation with METHOD:CANCEL and a higher SEQUENCE", async () => {
  const { client, appointment } = await book("pt-BR", true);
  await drain();
  mail.clear();
  const res = await updateStatus(
    req(`/v3/appointment/update-status/${appointment.id}/cancelled`, { method: "PUT", token: client.token }),
    params({ id: String(appointment.id), status: "cancelled" }),
  );
  expect(res.status).toBe(200);
  const rows = await rowsOf(appointment.id);
  expect(rows.filter((r) => r.kind === "reminder")).toHaveLength(0);
  expect(
    rows
      .filter((r) => r.kind === "cancelled")
      .map((r) => r.channel)
      .sort(),
  ).toEqual(["email", "whatsapp"]);
  await drain(justBefore(appointment));
  const mine = inbox.filter((m) => m.to === client.user.email);
  expect(mine).toHaveLength(1);
  expect(mine[0].raw).toMatch(/METHOD:CANCEL/);
  expect(mine[0].raw).toMatch(/SEQUENCE:1/);
  expect(mine[0].raw).toMatch(/UID:appointment-\d+@navalha.app/);
  // Called off, it offers to book the same again, not to manage what is gone (nor the way there).
  const cancellation = rows.find((r) => r.kind === "cancelled" && r.channel === "email")!;
  expect(cancellation.body).toMatch(/Agendar de novo: https?:\/\/[^/\s]+\/barbearia\/[^/\s]+\/agendar\?service=\d+&barber=\d+/);
  expect(cancellation.body).not.toContain("Ver, remarcar ou cancelar");
  expect(cancellation.body).not.toContain("google.com/maps");
});

it("a guest who gives an e-mail gets the confirmation there, with the private link and the calendar invitation; one who gives none and no WhatsApp gets nothing", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const book = (start_hour: string, extra: Record<string, unknown>) =>
    guestBooking(
      req("/v3/appointments/appointment-without-login", {
        method: "POST",
        headers: { "accept-language": "en" },
        body: {
          barbershop_id: shop.id,
          barber_id: barber.id,
          services: [cut.id],
          date: localDate(5),
          start_hour,
          name: "Ivo Lima",
          phone: "(11) 98123-4567",
          ...extra,
        },
      }),
    );
  const res = await book("11:00", { email: "  ivo.lima@example.com " });
  expect(res.status).toBe(201);
  const { appointment, manage_token } = await res.json();
  expect(appointment.client_email).toBe("ivo.lima@example.com");
  const rows = await rowsOf(appointment.id);
  expect(rows.filter((r) => r.channel === "email").map((r) => [r.kind, r.recipient])).toEqual([
    ["confirmation", "ivo.lima@example.com"],
    ["reminder", "ivo.lima@example.com"],
    ["reminder", "ivo.lima@example.com"],
  ]);
  expect(rows.some((r) => r.channel === "whatsapp")).toBe(false);
  const confirmation = rows.find((r) => r.kind === "confirmation")!;
  expect(confirmation.body).toContain(`/agendamento/${appointment.id}?token=${encodeURIComponent(manage_token)}&lng=en`);
  mail.clear();
  await drain();
  const mine = inbox.filter((m) => m.to === "ivo.lima@example.com");
  expect(mine).toHaveLength(1);
  expect(mine[0].raw).toMatch(/METHOD:REQUEST/);

  // Not an e-mail: refused as bad input.
  const bad = await book("13:00", { email: "ivo at example" });
  expect(bad.status).toBe(400);
  const none = await book("14:00", {});
  expect(none.status).toBe(201);
  const plain = (await none.json()).appointment;
  expect(plain.client_email).toBeNull();
  expect(await rowsOf(plain.id)).toEqual([]);
});

it("a failing provider is tried again with a growing wait, then the message is marked failed; an unreachable number fails at once", async () => {
  const { appointment } = await book("pt-BR", true);
  await db()
    .delete(outbox)
    .where(and(eq(outbox.appointmentId, appointment.id), eq(outbox.channel, "email")));
  cloud.failNext(100);
  let now = new Date();
  const waits: number[] = [];
  for (let i = 0; i < 5; i++) {
    await deliverDue(db(), { now, limit: 1 });
    const [row] = (await rowsOf(appointment.id)).filter((r) => r.kind === "confirmation");
    if (row.status === "failed") break;
    waits.push(row.sendAfter.getTime() - now.getTime());
    now = new Date(row.sendAfter.getTime() + 1);
  }
  const [row] = (await rowsOf(appointment.id)).filter((r) => r.kind === "confirmation");
  expect(row.status).toBe("failed");
  expect(row.attempts).toBe(5);
  expect(waits.length).toBe(4);
  for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]);
  cloud.failNext(0);

  const other = await book("pt-BR", true);
  const phone = (await db().select().from(appointments).where(eq(appointments.id, other.appointment.id)))[0].clientPhone!;
  cloud.unreachable.add(phone.replace(/\D/g, ""));
  await drain();
  const [wa] = (await rowsOf(other.appointment.id)).filter((r) => r.kind === "confirmation" && r.channel === "whatsapp");
  expect(wa.status).toBe("failed");
  expect(wa.attempts).toBe(1);
  expect(wa.error).toMatch(/131026/);
  expect(inbox.some((m) => m.to === other.client.user.email)).toBe(true);
});

it("a reminder still waiting when its appointment has begun (after retries) is not sent", async () => {
  const { appointment } = await book("pt-BR", true);
  await drain();
  const late = new Date(Date.parse(appointment.starts_at) + 60_000);
  const before = cloud.sent.length;
  expect(await drain(late)).toEqual({ sent: 0, retry: 0, failed: 0 });
  expect(cloud.sent.length).toBe(before);
  const reminders = (await rowsOf(appointment.id)).filter((r) => r.kind === "reminder");
  expect(reminders.every((r) => r.status === "failed" && r.error === "expired before it could be sent")).toBe(true);
});

it("two workers delivering at once send each message once", async () => {
  await drain();
  cloud.sent.length = 0;
  mail.clear();
  const booked = await Promise.all([book("pt-BR", true), book("en", true), book("es", true)]);
  const at = justBefore(booked[0].appointment);
  await Promise.all([drain(at), drain(at), drain(at)]);
  const ids = booked.map((b) => b.appointment.id);
  // (Each visit's "how was it?" goes after it ends.)
  const rows = (await db().select().from(outbox)).filter((r) => ids.includes(r.appointmentId ?? -1) && r.kind !== "review-request");
  expect(rows.every((r) => r.status === "sent")).toBe(true);
  expect(cloud.sent).toHaveLength(rows.filter((r) => r.channel === "whatsapp").length);
  expect(new Set(cloud.sent.map((m) => m.id)).size).toBe(cloud.sent.length);
  expect(inbox).toHaveLength(rows.filter((r) => r.channel === "email").length);
});

describe("the WhatsApp webhook", () => {
  it("answers Meta's verification only with our verify token", async () => {
    const ok = await verifyWebhook(req("/v3/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=12345"));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("12345");
    expect((await verifyWebhook(req("/v3/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1"))).status).toBe(403);
  });

  it("refuses a bad or missing signature with 401 and changes nothing", async () => {
    const { appointment } = await book("pt-BR", true);
    await drain(justBefore(appointment));
    const reminder = (await rowsOf(appointment.id)).find((r) => r.kind === "reminder" && r.channel === "whatsapp")!;
    const phone = reminder.recipient.replace(/\D/g, "");
    const body = JSON.stringify(
      inboundWebhook([
        {
          from: phone,
          id: "wamid.in1",
          type: "button",
          context: { id: reminder.providerId },
          button: { payload: `cancel:${appointment.id}`, text: "Cancelar" },
        },
      ]),
    );
    const attempts: Record<string, string>[] = [{}, { "x-hub-signature-256": signBody(body, "another-secret") }, { "x-hub-signature-256": "sha256=zz" }];
    for (const headers of attempts) {
      const res = await webhook(req("/v3/webhooks/whatsapp", { method: "POST", body, headers }));
      expect(res.status).toBe(401);
    }
    expect((await db().select().from(appointments).where(eq(appointments.id, appointment.id)))[0].status).toBe("pending");
  });

  it("a tap on a reminder's button confirms; one from another number, or on an unknown message, is ignored; statuses are kept", async () => {
    const { appointment } = await book("pt-BR", true);
    await drain(justBefore(appointment));
    const reminder = (await rowsOf(appointment.id)).find((r) => r.kind === "reminder" && r.channel === "whatsapp")!;
    const phone = reminder.recipient.replace(/\D/g, "");
    const tap = (from: string, context: string) =>
      inboundWebhook([
        { from, id: `wamid.${Math.random()}`, type: "button", context: { id: context }, button: { payload: `confirm:${appointment.id}`, text: "Confirmar" } },
      ]);
    expect(await (await signed(tap("5511999990000", reminder.providerId!))).json()).toEqual({ received: 1, applied: 0 });
    expect(await (await signed(tap(phone, "wamid.unknown"))).json()).toEqual({ received: 1, applied: 0 });
    expect(await (await signed({ hello: "world" })).json()).toEqual({ received: 0, applied: 0 });
    expect((await db().select().from(appointments).where(eq(appointments.id, appointment.id)))[0].status).toBe("pending");
    expect(await (await signed(tap(phone, reminder.providerId!))).json()).toEqual({ received: 1, applied: 1 });
    expect((await db().select().from(appointments).where(eq(appointments.id, appointment.id)))[0].status).toBe("confirmed");
    await signed(inboundWebhook([], [{ id: reminder.providerId, status: "read", timestamp: "1", recipient_id: phone }]));
    expect((await rowsOf(appointment.id)).find((r) => r.id === reminder.id)!.deliveryStatus).toBe("read");
  });

  it("a tap on a reminder's 'another time' answers in the chat with the link that moves the booking, once per tap, in the booking's language", async () => {
    const { appointment } = await book("es", true);
    await drain(justBefore(appointment));
    const reminder = (await rowsOf(appointment.id)).find((r) => r.kind === "reminder" && r.channel === "whatsapp")!;
    const sentReminder = cloud.sent.find((m) => m.id === reminder.providerId)!;
    const buttons = (sentReminder.body.template as { components: { type: string; index?: string; parameters: { payload?: string }[] }[] }).components.filter(
      (c) => c.type === "button",
    );
    expect(buttons.map((b) => b.parameters[0].payload)).toEqual([`confirm:${appointment.id}`, `cancel:${appointment.id}`, `reschedule:${appointment.id}`]);
    const phone = reminder.recipient.replace(/\D/g, "");
    const tap = inboundWebhook([
      {
        from: phone,
        id: "wamid.tap-1",
        type: "button",
        context: { id: reminder.providerId },
        button: { payload: `reschedule:${appointment.id}`, text: "Elegir otro horario" },
      },
    ]);
    expect(await (await signed(tap)).json()).toEqual({ received: 1, applied: 1 });
    // Meta delivering the same webhook again sends nothing more.
    await signed(tap);
    const links = (await rowsOf(appointment.id)).filter((r) => r.kind === "reschedule-link");
    expect(links).toHaveLength(1);
    cloud.sent.length = 0;
    await drain();
    expect(cloud.sent).toHaveLength(1);
    expect(cloud.sent[0].body.type).toBe("text");
    const text = (cloud.sent[0].body.text as { body: string }).body;
    expect(text).toMatch(/^Elige otro horario para tu cita en /);
    const link = new URL(/https:\/\/\S+/.exec(text)![0]);
    expect(link.pathname).toBe(`/agendamento/${appointment.id}/remarcar`);
    expect(link.searchParams.get("lng")).toBe("es");
    expect(await verifyAnswerToken(link.searchParams.get("t")!)).toEqual({ ok: true, appointmentId: appointment.id });
    // The appointment itself is as it was: moving happens on the page the link opens.
    expect((await db().select().from(appointments).where(eq(appointments.id, appointment.id)))[0].status).toBe("pending");
  });

  it("PARAR stops WhatsApp at once: the waiting reminders to that phone are dropped, the e-mails stay", async () => {
    const { appointment } = await book("pt-BR", true);
    const phone = (await rowsOf(appointment.id)).find((r) => r.channel === "whatsapp")!.recipient;
    await signed(inboundWebhook([{ from: phone.replace(/\D/g, ""), id: "wamid.stop", type: "text", text: { body: " Parar " } }]));
    const rows = await rowsOf(appointment.id);
    expect(rows.filter((r) => r.channel === "whatsapp")).toHaveLength(0);
    expect(rows.filter((r) => r.channel === "email").length).toBeGreaterThan(0);
    const [consent] = await db()
      .select()
      .from(whatsappConsents)
      .where(eq(whatsappConsents.phoneHash, consentKey(phone)));
    expect(consent.optedOutAt).not.toBeNull();
  });
});

describe("the one-tap answer", () => {
  async function linkOf(appointmentId: number) {
    const rows = await rowsOf(appointmentId);
    const text = rows.find((r) => r.kind === "reminder" && r.channel === "email")!.body;
    return decodeURIComponent(/responder\?t=([^&\s]+)/.exec(text)![1]);
  }
  const post = (t: string, answer: string, form = false) =>
    answerRoute(
      req(
        "/v3/appointments/answer",
        form
          ? { method: "POST", body: new URLSearchParams({ t, answer }).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } }
          : { method: "POST", body: { t, answer } },
      ),
    );

  it("confirms with a POST only; a second tap says it is already done; a tampered or expired link changes nothing", async () => {
    const { appointment } = await book("pt-BR", false);
    const token = await linkOf(appointment.id);
    expect(await verifyAnswerToken(token)).toEqual({ ok: true, appointmentId: appointment.id });
    expect((await verifyAnswerToken(token, new Date(Date.parse(appointment.starts_at) + 1000))).ok).toBe(false);
    const tampered = token.replace(/^\d+/, String(appointment.id + 1));
    expect((await (await post(tampered, "cancel")).json()).outcome).toBe("invalid");
    const form = await post(token, "confirm", true);
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toMatch(/^\/agendamento\/responder\?t=.+&done=confirmed$/);
    expect((await (await post(token, "confirm")).json()).outcome).toBe("alreadyConfirmed");
    expect((await (await post(token, "cancel")).json()).outcome).toBe("cancelled");
    expect((await (await post(token, "cancel")).json()).outcome).toBe("alreadyCancelled");
    expect((await post("garbage", "bogus")).status).toBe(400);
  });
});

describe("reminder times", () => {
  const tz = "America/Sao_Paulo";
  const at = (iso: string) => new Date(iso);
  it("go 24 h and 2 h before, none already past at booking, none in the night (moved to 07:00, else to 21:55 the evening before)", () => {
    // Friday 10:00 in São Paulo (13:00 UTC): 24 h before is Thursday 10:00; 2 h before is 08:00.
    expect(reminderSchedule(at("2026-12-04T13:00:00Z"), tz, [1440, 120], at("2026-12-01T12:00:00Z")).map((r) => r.at.toISOString())).toEqual([
      "2026-12-03T13:00:00.000Z",
      "2026-12-04T11:00:00.000Z",
    ]);
    // Booked an hour before: both moments have passed.
    expect(reminderSchedule(at("2026-12-04T13:00:00Z"), tz, [1440, 120], at("2026-12-04T12:00:00Z"))).toEqual([]);
    // 08:00 local: 2 h before is 06:00, in the night: 07:00 that morning, an hour before (at least half the lead),
    // rather than 21:55 the evening before, hours after the 24 h one and none on the day.
    expect(reminderSchedule(at("2026-12-04T11:00:00Z"), tz, [1440, 120], at("2026-12-01T12:00:00Z")).map((r) => r.at.toISOString())).toEqual([
      "2026-12-03T11:00:00.000Z",
      "2026-12-04T10:00:00.000Z",
    ]);
    // 07:30 local: 07:00 would be half an hour before, less than half the lead: 21:55 the evening before.
    expect(reminderSchedule(at("2026-12-04T10:30:00Z"), tz, [120], at("2026-12-01T12:00:00Z")).map((r) => r.at.toISOString())).toEqual([
      "2026-12-04T00:55:00.000Z",
    ]);
    // 23:30 local, 24 h before: 23:30 the day before → 07:00 on the day, 16.5 h before.
    expect(reminderSchedule(at("2026-12-05T02:30:00Z"), tz, [1440], at("2026-12-01T12:00:00Z")).map((r) => r.at.toISOString())).toEqual([
      "2026-12-04T10:00:00.000Z",
    ]);
    // 06:30 local (a shop that opens early), 24 h before is 06:30 the day before → 07:00 then (23.5 h before).
    expect(reminderSchedule(at("2026-12-04T09:30:00Z"), tz, [1440], at("2026-12-01T12:00:00Z")).map((r) => r.at.toISOString())).toEqual([
      "2026-12-03T10:00:00.000Z",
    ]);
  });
});
