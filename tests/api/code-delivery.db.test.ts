// The page that asked for a code learns whether it arrived: every answer that says a code was sent carries a
// `delivery_id`, and GET /v3/code-delivery/{id} tells queued / sent / delivered / failed, why, and whether the code
// went by e-mail instead (decision 0047). Over real HTTP: the app's routes on a local port, and the fake Cloud API
// that keeps Meta's rules and posts its statuses to the app's webhook.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq } from "drizzle-orm";
import { GET as codeDeliveryRoute } from "@/app/v3/code-delivery/[id]/route";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { POST as sendWhatsappCode } from "@/app/v3/send-whatsapp/route";
import { PUT as putUserData } from "@/app/v3/user-data/route";
import { POST as webhook } from "@/app/v3/webhooks/whatsapp/route";
import { ZCodeDelivery } from "@/lib/contract/code-delivery";
import type { Db } from "@/lib/server/db/client";
import { outbox, users } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { resetEnvCache } from "@/lib/server/env";
import { settleAfterResponse } from "@/lib/server/http/after-response";
import { deliverDue } from "@/lib/server/notifications/outbox";
import { makeAccount, randomIp } from "@/tests/factories/account";
import { createBookableShop, localDate, req } from "@/tests/factories/booking";
import { startSmtpInbox } from "@/tests/fakes/smtp";
import { type FakeCloudApi, startFakeCloudApi } from "@/tests/fakes/whatsapp-cloud";

jest.setTimeout(30_000);
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const APP_SECRET = "meta-app-secret-0123456789";
const settings = {
  PUBLIC_SITE_URL: "https://navalha.test",
  WHATSAPP_TOKEN: "wa-token",
  WHATSAPP_PHONE_NUMBER_ID: "998877",
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: "verify-me",
};

let mail: Awaited<ReturnType<typeof startSmtpInbox>>;
let cloud: FakeCloudApi;
let app: Server;
let appUrl: string;

/** The app's routes this file needs, on a local port: the pages' requests and Meta's webhook posts arrive over HTTP. */
async function serveApp(): Promise<Server> {
  const server = createServer(async (incoming, res) => {
    const chunks: Buffer[] = [];
    for await (const c of incoming) chunks.push(c as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(incoming.headers)) if (typeof v === "string") headers[k] = v;
    const path = (incoming.url ?? "/").split("?")[0];
    const body = chunks.length ? Buffer.concat(chunks).toString("utf8") : undefined;
    const request = req(path, { method: incoming.method, body, headers });
    const delivery = /^\/v3\/code-delivery\/([^/]+)$/.exec(path);
    let answer: Response;
    if (path === "/v3/webhooks/whatsapp") answer = await webhook(request);
    else if (delivery) answer = await codeDeliveryRoute(request, { params: Promise.resolve({ id: decodeURIComponent(delivery[1]) }) });
    else if (path === "/v3/send-whatsapp") answer = await sendWhatsappCode(request);
    else if (path === "/v3/appointments/appointment-without-login") answer = await guestBooking(request);
    else if (path === "/v3/user-data") answer = await putUserData(request);
    else if (path === "/v3/appointments/new-appointment") answer = await newAppointment(request);
    else answer = new Response("{}", { status: 404 });
    const out: Record<string, string> = {};
    answer.headers.forEach((v, k) => (out[k] = v));
    res.writeHead(answer.status, out).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/** A request to the app over HTTP, as a browser sends it. */
async function http(path: string, init: { method?: string; body?: unknown; token?: string; lng?: string } = {}) {
  const headers: Record<string, string> = { "accept-language": init.lng ?? "pt-BR", "x-forwarded-for": randomIp() };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return fetch(`${appUrl}${path}`, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

const deliveryOf = async (id: string) => {
  const res = await http(`/v3/code-delivery/${id}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return ZCodeDelivery.parse(await res.json());
};

/** As the page does: asks again until `done` holds (at most about 5 s). */
async function deliveryOnce(id: string, done: (d: Awaited<ReturnType<typeof deliveryOf>>) => boolean) {
  for (let i = 0; ; i++) {
    const d = await deliveryOf(id);
    if (done(d) || i === 50) return d;
    await cloud.settle();
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  mail = await startSmtpInbox();
  app = await serveApp();
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  cloud = await startFakeCloudApi({
    token: settings.WHATSAPP_TOKEN,
    phoneNumberId: settings.WHATSAPP_PHONE_NUMBER_ID,
    webhook: { url: `${appUrl}/v3/webhooks/whatsapp`, appSecret: APP_SECRET },
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
/** A Belo Horizonte mobile (DDD 31), never written to the shop's number: its window is closed. */
function bhPhone(): { e164: string; digits: string; masked: string } {
  const n = `9${String(1_000_000 + (seq++ % 8_999_999)).slice(0, 7)}`;
  return { e164: `+55319${n}`, digits: `55319${n}`, masked: `(31) 9${n.slice(0, 4)}-${n.slice(4)}` };
}

/** Settles what runs after the answers and what the fake posts on its own. */
async function settle() {
  await settleAfterResponse();
  await cloud.settle();
}

/** A guest booking at a shop that has had its three guest bookings of the hour without a code: 428 and a code. */
async function guestAskedForCode(phone: ReturnType<typeof bhPhone>): Promise<string> {
  const f = await createBookableShop(db());
  const body = { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: localDate(3), name: "Visitante" };
  for (const [i, hour] of ["09:00", "09:30", "10:00"].entries()) {
    const other = bhPhone();
    const res = await http("/v3/appointments/appointment-without-login", {
      method: "POST",
      body: { ...body, start_hour: hour, name: `Outro ${i}`, phone: other.masked },
    });
    expect(res.status).toBe(201);
  }
  const res = await http("/v3/appointments/appointment-without-login", { method: "POST", body: { ...body, start_hour: "11:00", phone: phone.masked } });
  expect(res.status).toBe(428);
  const answer = (await res.json()) as { code: string; delivery_id?: string };
  expect(answer.code).toBe("PHONE_VERIFICATION_REQUIRED");
  expect(answer.delivery_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await settle();
  return answer.delivery_id!;
}

describe("GET /v3/code-delivery/{id}", () => {
  it("a guest's code to a number whose window is closed goes in the template: sent, then delivered", async () => {
    const phone = bhPhone();
    const id = await guestAskedForCode(phone);
    expect(await deliveryOnce(id, (d) => d.state !== "queued")).toEqual({ state: "sent", reason: null, fallback: null });
    expect(cloud.refused).toEqual([]);
    const [row] = await db().select().from(outbox).where(eq(outbox.deliveryRef, id));
    expect((await cloud.postStatus(row.providerId!, "delivered")).status).toBe(200);
    expect(await deliveryOf(id)).toEqual({ state: "delivered", reason: null, fallback: null });
  });

  it("a recovery code to a number not on WhatsApp (131026) is failed, says why, and names the e-mail that took over", async () => {
    const phone = bhPhone();
    const { user } = await makeAccount(db(), { phone: phone.e164, email: `joana.${seq}@example.com` });
    cloud.unreachable.add(phone.digits);
    const res = await http("/v3/send-whatsapp", { method: "POST", body: { phone: phone.e164 } });
    expect(res.status).toBe(202);
    const { delivery_id: id } = (await res.json()) as { delivery_id: string };
    await settle();
    expect(await deliveryOf(id)).toEqual({
      state: "failed",
      reason: "not_on_whatsapp",
      fallback: { channel: "email", to: "j***@example.com", state: "queued" },
    });
    await deliverDue(db());
    expect(await deliveryOf(id)).toEqual({ state: "failed", reason: "not_on_whatsapp", fallback: { channel: "email", to: "j***@example.com", state: "sent" } });
    await mail.receivedCount(1);
    expect(mail.messages[0].to).toBe(user.email);
    // The row says why, too.
    const [row] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.deliveryRef, id), eq(outbox.channel, "whatsapp")));
    expect(row.error).toMatch(/131026.*told by email instead/);
  });

  it("a new phone's code that WhatsApp refuses (131026) is failed with no e-mail: that phone must be proved", async () => {
    const { token, password } = await makeAccount(db());
    const phone = bhPhone();
    cloud.unreachable.add(phone.digits);
    const res = await http("/v3/user-data", { method: "PUT", token, body: { name: "Ana Paula", phone: phone.masked, current_password: password } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { pending_phone: string; delivery_id: string };
    expect(answer.pending_phone).toBe(phone.e164);
    expect(await deliveryOnce(answer.delivery_id, (d) => d.state === "failed")).toEqual({ state: "failed", reason: "not_on_whatsapp", fallback: null });
  });

  it("an unproved account's booking code that WhatsApp cannot deliver goes by e-mail, and typed in it proves the e-mail", async () => {
    const phone = bhPhone();
    const { user, token } = await makeAccount(db(), { phone: phone.e164, email: `jonas.${seq}@example.com` });
    cloud.unreachable.add(phone.digits);
    const f = await createBookableShop(db());
    const body = { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: localDate(3) };
    for (const [i, hour] of ["09:00", "09:30", "10:00"].entries()) {
      const res = await http("/v3/appointments/appointment-without-login", {
        method: "POST",
        body: { ...body, start_hour: hour, name: `Outro ${i}`, phone: bhPhone().masked },
      });
      expect(res.status).toBe(201);
    }
    const book = (extra: Record<string, string> = {}) =>
      http("/v3/appointments/new-appointment", { method: "POST", token, body: { ...body, start_hour: "11:00", ...extra } });
    const asked = await book();
    expect(asked.status).toBe(428);
    const { delivery_id: id } = (await asked.json()) as { delivery_id: string };
    expect(await deliveryOnce(id, (d) => d.state === "failed")).toEqual({
      state: "failed",
      reason: "not_on_whatsapp",
      fallback: { channel: "email", to: "j***@example.com", state: "queued" },
    });
    await deliverDue(db());
    await mail.receivedCount(1);
    expect(mail.messages[0].to).toBe(user.email);
    // The text's "… é 123456." (quoted-printable: "=C3=A9"), not any six digits of the headers.
    const code = /(?:=C3=A9|é) (\d{6})\b/.exec(mail.messages[0].raw)![1];
    expect((await book({ phone_code: code })).status).toBe(201);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.emailProvedAt).not.toBeNull();
    expect(row.phoneProvedAt).toBeNull();
  });

  it("a code accepted and failed later by a status (131047) is failed, and a late delivered does not bring it back", async () => {
    const phone = bhPhone();
    cloud.failLater.set(phone.digits, 131047);
    const id = await guestAskedForCode(phone);
    expect(await deliveryOnce(id, (d) => d.state === "failed")).toEqual({ state: "failed", reason: "window_closed", fallback: null });
    const [row] = await db().select().from(outbox).where(eq(outbox.deliveryRef, id)).orderBy(desc(outbox.id));
    await cloud.postStatus(row.providerId!, "delivered");
    expect(await deliveryOf(id)).toEqual({ state: "failed", reason: "window_closed", fallback: null });
  });

  it("asking again within the minute answers the code already sent, and its reference", async () => {
    const phone = bhPhone();
    const first = await guestAskedForCode(phone);
    const again = await guestAskedForCode(phone);
    expect(again).toBe(first);
    expect(await db().$count(outbox, eq(outbox.recipient, phone.e164))).toBe(1);
  });

  it("answers 404 for a reference with no code (a phone without an account) and 400 for one that is not a reference", async () => {
    const res = await http("/v3/send-whatsapp", { method: "POST", body: { phone: bhPhone().e164 } });
    expect(res.status).toBe(202);
    const { delivery_id: id } = (await res.json()) as { delivery_id: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await settle();
    const unknown = await http(`/v3/code-delivery/${id}`, { lng: "en" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe("NOT_FOUND");
    expect((await http("/v3/code-delivery/not-a-reference")).status).toBe(400);
  });
});
