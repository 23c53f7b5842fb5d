// WhatsApp as Meta runs it, end to end over real HTTP: the app sends through a fake Cloud API that keeps
// Meta's rules (declared templates, the 24-hour window, failures posted later, WhatsApp IDs without Brazil's
// ninth digit, signatures over the escaped-unicode payload), and that fake posts its webhooks to the app's
// webhook route served on a local port.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { POST as confirmPhone } from "@/app/v3/confirm-phone/route";
import { PUT as putUserData } from "@/app/v3/user-data/route";
import { POST as resetWithToken } from "@/app/v3/reset-password-with-token/route";
import { POST as sendWhatsappCode } from "@/app/v3/send-whatsapp/route";
import { GET as verifyWebhook, POST as webhook } from "@/app/v3/webhooks/whatsapp/route";
import { hasWhatsappConsent } from "@/lib/server/appointments/messages";
import type { Db } from "@/lib/server/db/client";
import { appointments, outbox, passwordResetTokens, whatsappConsents } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { resetEnvCache } from "@/lib/server/env";
import { settleAfterResponse } from "@/lib/server/http/after-response";
import { deliverDue, enqueueMessages } from "@/lib/server/notifications/outbox";
import { call, makeAccount, randomIp } from "@/tests/factories/account";
import { createBookableShop, localDate, req } from "@/tests/factories/booking";
import { startSmtpInbox } from "@/tests/fakes/smtp";
import { type FakeCloudApi, startFakeCloudApi } from "@/tests/fakes/whatsapp-cloud";

jest.setTimeout(20_000);
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const APP_SECRET = "meta-app-secret-0123456789";

let mail: Awaited<ReturnType<typeof startSmtpInbox>>;
let cloud: FakeCloudApi;
let app: Server;
const settings = {
  PUBLIC_SITE_URL: "https://navalha.test",
  WHATSAPP_TOKEN: "wa-token",
  WHATSAPP_PHONE_NUMBER_ID: "998877",
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: "verify-me",
};

/** The app's webhook route on a local port, as Meta reaches it. */
async function serveWebhook(): Promise<Server> {
  const server = createServer(async (incoming, res) => {
    const chunks: Buffer[] = [];
    for await (const c of incoming) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(incoming.headers)) if (typeof v === "string") headers.set(k, v);
    const answer = await webhook(
      req("/v3/webhooks/whatsapp", { method: "POST", body: Buffer.concat(chunks).toString("utf8"), headers: Object.fromEntries(headers) }),
    );
    res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

beforeAll(async () => {
  mail = await startSmtpInbox();
  app = await serveWebhook();
  cloud = await startFakeCloudApi({
    token: settings.WHATSAPP_TOKEN,
    phoneNumberId: settings.WHATSAPP_PHONE_NUMBER_ID,
    webhook: { url: `http://127.0.0.1:${(app.address() as AddressInfo).port}/v3/webhooks/whatsapp`, appSecret: APP_SECRET },
  });
  Object.assign(process.env, { ...settings, SMTP_URL: mail.url, WHATSAPP_API_URL: cloud.url });
  resetEnvCache();
});
afterAll(async () => {
  for (const k of [...Object.keys(settings), "SMTP_URL", "WHATSAPP_API_URL"]) delete process.env[k];
  resetEnvCache();
  await cloud.close();
  await new Promise<void>((resolve) => app.close(() => resolve()));
  await mail.close();
});
beforeEach(() => {
  mail.clear();
  cloud.sent.length = 0;
  cloud.refused.length = 0;
  cloud.unreachable.clear();
  cloud.failLater.clear();
});
afterEach(async () => {
  await settleAfterResponse();
  await cloud.settle();
});

let seq = Math.floor(Math.random() * 1_000_000);
/** A Belo Horizonte mobile (DDD 31): its WhatsApp ID, for Meta, lacks the ninth digit. */
function bhPhone(): { e164: string; digits: string; waId: string } {
  const n = `9${String(1_000_000 + (seq++ % 8_999_999)).slice(0, 7)}`;
  return { e164: `+55319${n}`, digits: `55319${n}`, waId: `5531${n}` };
}

const latestRow = async (recipient: string) => (await db().select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1))[0];

/** Asks for a recovery code by phone and waits until the fake has answered and posted what follows. */
async function askRecoveryCode(e164: string) {
  const res = await sendWhatsappCode(call("/v3/send-whatsapp", { ip: randomIp(), lng: "pt-BR", body: { phone: e164 } }));
  expect(res.status).toBe(202);
  await settleAfterResponse();
  await cloud.settle();
}

describe("one-time codes", () => {
  it("a recovery code to a number whose window is closed goes in the authentication template and arrives", async () => {
    const phone = bhPhone();
    await makeAccount(db(), { phone: phone.e164 });
    await askRecoveryCode(phone.e164);
    expect(cloud.refused).toEqual([]);
    expect(cloud.sent).toHaveLength(1);
    expect(cloud.sent[0].body).toMatchObject({ type: "template", template: { name: "navalha_verification_code", language: { code: "pt_BR" } } });
    const row = await latestRow(phone.e164);
    expect(row).toMatchObject({ status: "sent", deliveryStatus: "sent", waId: phone.waId, error: null });
  });

  it("a code WhatsApp cannot deliver (a failed status, later) goes by e-mail; the row says why, and the e-mailed code resets the password", async () => {
    const phone = bhPhone();
    const { user } = await makeAccount(db(), { phone: phone.e164 });
    cloud.failLater.set(phone.digits, 131047);
    await askRecoveryCode(phone.e164);
    await deliverDue(db()); // the worker's next round sends the e-mail
    const row = await latestRow(phone.e164);
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/^131047 Re-engagement message; told by email instead \(message \d+\)$/);
    await mail.receivedCount(1);
    expect(mail.messages[0].to).toBe(user.email);
    const code = /\b(\d{6})\b/.exec(mail.messages[0].raw)![1];
    const res = await resetWithToken(
      call("/v3/reset-password-with-token", {
        ip: randomIp(),
        body: { token: code, phone: phone.e164, password: "outra-senha-boa", password_confirmation: "outra-senha-boa" },
      }),
    );
    expect(res.status).toBe(200);
  });

  it("a number not on WhatsApp (131026 at once) gets the code by e-mail too", async () => {
    const phone = bhPhone();
    const { user } = await makeAccount(db(), { phone: phone.e164 });
    cloud.unreachable.add(phone.digits);
    await askRecoveryCode(phone.e164);
    await deliverDue(db());
    expect((await latestRow(phone.e164)).error).toMatch(/131026.*; told by email instead/);
    await mail.receivedCount(1);
    expect(mail.messages[0].to).toBe(user.email);
  });

  it("a code and its message are written together: a failing outbox write leaves no live code", async () => {
    const phone = bhPhone();
    const { user } = await makeAccount(db(), { phone: phone.e164 });
    await db().execute(sql`create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox is locked'; end $$`);
    await db().execute(sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`);
    try {
      await askRecoveryCode(phone.e164);
    } finally {
      await db().execute(sql`drop trigger refuse_outbox on outbox`);
      await db().execute(sql`drop function refuse_outbox`);
    }
    const live = await db()
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    expect(live).toEqual([]);
  });
});

describe("account notices", () => {
  it("a phone change tells the old phone in a utility template, though its window is closed", async () => {
    const old = bhPhone();
    const next = bhPhone();
    const { token, password } = await makeAccount(db(), { phone: old.e164 });
    const masked = `(31) ${next.e164.slice(5, 10)}-${next.e164.slice(10)}`;
    const asked = await putUserData(
      call("/v3/user-data", { method: "PUT", token, lng: "pt-BR", body: { name: "Ana Paula", phone: masked, current_password: password } }),
    );
    expect(asked.status).toBe(200);
    await settleAfterResponse();
    await cloud.settle();
    for (let i = 0; i < 50 && cloud.sent.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const codeSend = cloud.sent.find((m) => m.to === next.digits)!;
    const code = JSON.stringify(codeSend.body).match(/"text":"(\d{6})"/)![1];
    cloud.sent.length = 0;
    const confirmed = await confirmPhone(call("/v3/confirm-phone", { token, lng: "pt-BR", body: { code } }));
    expect(confirmed.status).toBe(200);
    for (let i = 0; i < 50 && cloud.sent.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await cloud.settle();
    expect(cloud.refused).toEqual([]);
    const notice = cloud.sent.find((m) => m.to === old.digits)!;
    expect(notice.body).toMatchObject({
      type: "template",
      template: {
        name: "navalha_account_phone_changed",
        language: { code: "pt_BR" },
        components: [{ type: "body", parameters: [{ type: "text", text: masked }] }],
      },
    });
    expect(await latestRow(old.e164)).toMatchObject({ status: "sent", kind: "phone-changed", error: null });
  });
});

describe("free-form texts", () => {
  it("go only inside the person's 24-hour window: outside it nothing is sent and the row says why", async () => {
    const phone = bhPhone();
    await enqueueMessages(db(), [{ channel: "whatsapp", recipient: phone.e164, body: "Oi! Seu horário mudou." }]);
    await deliverDue(db());
    expect(cloud.sent).toEqual([]);
    expect((await latestRow(phone.e164)).error).toMatch(/^131047 outside the 24-hour customer-service window/);
    // The person writes (from the ID without the ninth digit): a text may answer for 24 hours.
    expect((await cloud.inbound(phone.digits))!.status).toBe(200);
    await enqueueMessages(db(), [{ channel: "whatsapp", recipient: phone.e164, body: "Oi! Seu horário mudou." }]);
    await deliverDue(db());
    await cloud.settle();
    expect(cloud.sent).toHaveLength(1);
    expect(await latestRow(phone.e164)).toMatchObject({ status: "sent", deliveryStatus: "sent" });
  });
});

/** A booking of a client with a DDD 31 phone who said yes to WhatsApp, and its reminder sent. */
async function bookedWithReminder() {
  const phone = bhPhone();
  const { shop, barber, cut } = await createBookableShop(db());
  const { token } = await makeAccount(db(), { phone: phone.e164 });
  const res = await newAppointment(
    req("/v3/appointments/new-appointment", {
      method: "POST",
      token,
      headers: { "accept-language": "pt-BR" },
      body: { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: localDate(6), start_hour: "10:00", whatsapp_opt_in: true },
    }),
  );
  expect(res.status).toBe(201);
  const { appointment } = (await res.json()) as { appointment: { id: number; starts_at: string } };
  for (;;) {
    const c = await deliverDue(db(), { now: new Date(Date.parse(appointment.starts_at) - 60_000) });
    if (c.sent + c.retry + c.failed === 0) break;
  }
  await cloud.settle();
  const [reminder] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.appointmentId, appointment.id), eq(outbox.kind, "reminder"), eq(outbox.channel, "whatsapp"), eq(outbox.status, "sent")))
    .limit(1);
  return { phone, appointment, reminder };
}

describe("replies from a WhatsApp ID without the ninth digit", () => {
  it("a button tap confirms the booking", async () => {
    const { phone, appointment, reminder } = await bookedWithReminder();
    expect(cloud.refused).toEqual([]);
    expect(reminder.waId).toBe(phone.waId);
    const res = await cloud.inbound(phone.digits, {
      type: "button",
      context: { id: reminder.providerId },
      button: { payload: `confirm:${appointment.id}`, text: "Confirmar" },
    });
    expect(await res!.json()).toEqual({ received: 1, applied: 1 });
    expect((await db().select().from(appointments).where(eq(appointments.id, appointment.id)))[0].status).toBe("confirmed");
  });

  it("a PARAR stops WhatsApp to the number as stored, and the table keeps no phone", async () => {
    const { phone, appointment } = await bookedWithReminder();
    expect(await hasWhatsappConsent(db(), phone.e164)).toBe(true);
    await cloud.inbound(phone.digits, { type: "text", text: { body: "PARAR" } });
    expect(await hasWhatsappConsent(db(), phone.e164)).toBe(false);
    const waiting = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.appointmentId, appointment.id), eq(outbox.channel, "whatsapp"), eq(outbox.status, "pending")));
    expect(waiting).toEqual([]);
    const rows = await db().select().from(whatsappConsents);
    expect(JSON.stringify(rows)).not.toContain(phone.digits.slice(4));
    expect(JSON.stringify(rows)).not.toContain(phone.waId.slice(4));
  });
});

describe("the webhook", () => {
  const accented = (id: string) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "0",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              contacts: [{ profile: { name: "João Conceição" }, wa_id: "553199990000" }],
              messages: [{ from: "553199990000", id, type: "text", text: { body: "Olá! Escolher outro horário, por favor 💈" } }],
            },
          },
        ],
      },
    ],
  });

  it.each(["literal", "escaped"] as const)("accepts Meta's signature over a body with accents sent %s", async (form) => {
    const res = await cloud.postWebhook(accented(`wamid.accents-${form}`), form);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 1, applied: 0 });
  });

  it("still refuses a signature that matches neither form", async () => {
    const raw = JSON.stringify(accented("wamid.forged"));
    const res = await fetch(`http://127.0.0.1:${(app.address() as AddressInfo).port}/v3/webhooks/whatsapp`, {
      method: "POST",
      headers: { "x-hub-signature-256": `sha256=${"0".repeat(64)}` },
      body: raw,
    });
    expect(res.status).toBe(401);
  });

  it("a failed status is final: a late delivered does not bring the message back", async () => {
    const { reminder } = await bookedWithReminder();
    expect(await (await cloud.postStatus(reminder.providerId!, "failed", 131026)).json()).toMatchObject({ applied: 1 });
    expect(await (await cloud.postStatus(reminder.providerId!, "delivered")).json()).toMatchObject({ applied: 0 });
    expect(await (await cloud.postStatus(reminder.providerId!, "read")).json()).toMatchObject({ applied: 0 });
    const [row] = await db().select().from(outbox).where(eq(outbox.id, reminder.id));
    expect(row).toMatchObject({ status: "failed", deliveryStatus: "failed", error: "131026 Message undeliverable" });
  });

  it("statuses only move forward: a late sent after read changes nothing", async () => {
    const { reminder } = await bookedWithReminder();
    await cloud.postStatus(reminder.providerId!, "read");
    expect(await (await cloud.postStatus(reminder.providerId!, "delivered")).json()).toMatchObject({ applied: 0 });
    expect((await db().select().from(outbox).where(eq(outbox.id, reminder.id)))[0].deliveryStatus).toBe("read");
  });

  it("applies a repeated delivery once", async () => {
    const phone = bhPhone();
    const body = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "0",
          changes: [{ field: "messages", value: { messages: [{ from: phone.waId, id: "wamid.stop-once", type: "text", text: { body: "PARAR" } }] } }],
        },
      ],
    };
    expect(await (await cloud.postWebhook(body)).json()).toEqual({ received: 1, applied: 1 });
    expect(await (await cloud.postWebhook(body)).json()).toEqual({ received: 1, applied: 0 });
    const { reminder } = await bookedWithReminder();
    expect(await (await cloud.postStatus(reminder.providerId!, "delivered")).json()).toMatchObject({ applied: 1 });
    expect(await (await cloud.postStatus(reminder.providerId!, "delivered")).json()).toMatchObject({ applied: 0 });
  });

  it("answers 413 to a body past 1 MB without reading it to the end", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(32);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        if (pulled > 50 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await webhook(
      new NextRequest("http://localhost/v3/webhooks/whatsapp", {
        method: "POST",
        body: endless,
        headers: { "x-hub-signature-256": `sha256=${"0".repeat(64)}` },
        duplex: "half",
      } as ConstructorParameters<typeof NextRequest>[1]),
    );
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(2 * 1024 * 1024);
  });

  it("answers the verification handshake only to the right token", async () => {
    const ask = (token: string) => verifyWebhook(req(`/v3/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`));
    expect((await ask("verify-me")).status).toBe(200);
    expect((await ask("verify-m")).status).toBe(403);
    expect((await ask("verify-me-too")).status).toBe(403);
  });
});
