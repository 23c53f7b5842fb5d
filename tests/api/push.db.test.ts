import { and, eq } from "drizzle-orm";
import webpush from "web-push";
import { POST as clientBooking } from "@/app/v3/appointments/new-appointment/route";
import { DELETE as unsubscribe, GET as readPush, POST as subscribe } from "@/app/v3/staff/shops/[shop_id]/alerts/push/route";
import { PUT as putAlerts } from "@/app/v3/staff/shops/[shop_id]/alerts/route";
import type { Db } from "@/lib/server/db/client";
import { outbox, pushSubscriptions, staffAlertPrefs } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { resetEnvCache } from "@/lib/server/env";
import { deliverDue } from "@/lib/server/notifications/outbox";
import { type FakePushService, startFakePushService } from "@/tests/fakes/push-service";
import { call, params } from "@/tests/factories/account";
import { createBookableShop, createClient, expectError, localDate } from "@/tests/factories/booking";
import { makeMember } from "@/tests/factories/staff";

// Web Push alerts to the shop's console: a browser subscribes through the staff route, a client's booking reaches
// the barber's browser through the outbox and a local push service that verifies the VAPID signature and decrypts
// the payload as the browser would; a subscription the push service says is gone is removed.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const DAY = localDate(5);
const vapid = webpush.generateVAPIDKeys();
let push: FakePushService;
const settings = () => ({
  PUBLIC_SITE_URL: "https://navalha.test",
  WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
  WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
  WEB_PUSH_SUBJECT: "mailto:contato@navalha.test",
  WEB_PUSH_HTTP_ORIGINS: push.url,
  MESSAGE_RETRY_BASE_MS: "10",
});

let f: Awaited<ReturnType<typeof createBookableShop>>;
let barber: Awaited<ReturnType<typeof makeMember>>;
let owner: Awaited<ReturnType<typeof makeMember>>;
beforeAll(async () => {
  push = await startFakePushService();
  Object.assign(process.env, settings());
  resetEnvCache();
  f = await createBookableShop(db());
  barber = await makeMember(db(), f.shop.id, ["barber"], f.barber.id);
  owner = await makeMember(db(), f.shop.id, ["owner"]);
}, 60_000);
afterAll(async () => {
  for (const k of Object.keys(settings())) delete process.env[k];
  resetEnvCache();
  await push.close();
});
beforeEach(() => {
  push.received.length = 0;
  push.refused.length = 0;
});

const shopParams = () => params({ shop_id: String(f.shop.id) });
const url = () => `/v3/staff/shops/${f.shop.id}/alerts/push`;
const subscribeAs = (token: string, body: unknown, lng = "en") => subscribe(call(url(), { method: "POST", token, body, lng }), shopParams());
const bookAsClient = async (start_hour: string) => {
  const client = await createClient(db(), { name: `Cliente ${start_hour.replace(":", "h")}` });
  const res = await clientBooking(
    call("/v3/appointments/new-appointment", {
      method: "POST",
      token: client.token,
      body: { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: DAY, start_hour },
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()).appointment as { id: number };
};
const pushRowsOf = (appointmentId: number) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.appointmentId, appointmentId), eq(outbox.channel, "push")));
const subscriptionsOf = (staffId: number) => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.staffId, staffId));

describe("a browser subscribes", () => {
  it("reads the VAPID public key, and keeps the browser's subscription with push on", async () => {
    const read = await readPush(call(url(), { token: barber.token }), shopParams());
    expect(await read.json()).toEqual({ enabled: true, public_key: vapid.publicKey, push: false, push_devices: 0 });
    const browser = push.subscribe(vapid.publicKey);
    const res = await subscribeAs(barber.token, browser.json);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ push: true, push_devices: 1 });
    // The same browser again replaces its keys, not a second row.
    await subscribeAs(barber.token, browser.json);
    expect(await subscriptionsOf(barber.member.id)).toHaveLength(1);
    const [prefs] = await db().select().from(staffAlertPrefs).where(eq(staffAlertPrefs.staffId, barber.member.id));
    expect(prefs).toMatchObject({ push: true, email: true });
    // Unsubscribing the last browser turns push off.
    const gone = await unsubscribe(call(url(), { method: "DELETE", token: barber.token, body: { endpoint: browser.endpoint } }), shopParams());
    expect(await gone.json()).toMatchObject({ push: false, push_devices: 0 });
  });

  it("refuses an endpoint that is not a known push service, in the member's language, and saves nothing", async () => {
    const browser = push.subscribe(vapid.publicKey);
    for (const endpoint of [
      "https://intranet.example/push/1",
      "http://127.0.0.1:1/push/1",
      "https://fcm.googleapis.com:8443/x",
      "ftp://fcm.googleapis.com/x",
    ]) {
      const res = await subscribeAs(owner.token, { ...browser.json, endpoint }, "es");
      const body = await expectError(res, 422, "PUSH_ENDPOINT");
      expect(body.error).toMatch(/No se guardó nada/);
    }
    await expectError(await subscribeAs(owner.token, { ...browser.json, keys: { ...browser.json.keys, auth: "short" } }), 400, "VALIDATION_FAILED");
    expect(await subscriptionsOf(owner.member.id)).toEqual([]);
  });

  it("refuses to subscribe when the site has no VAPID keys (422 PUSH_OFF)", async () => {
    delete process.env.WEB_PUSH_VAPID_PUBLIC_KEY;
    delete process.env.WEB_PUSH_VAPID_PRIVATE_KEY;
    resetEnvCache();
    try {
      expect(await (await readPush(call(url(), { token: owner.token }), shopParams())).json()).toMatchObject({ enabled: false, public_key: null });
      await expectError(await subscribeAs(owner.token, push.subscribe(vapid.publicKey).json), 422, "PUSH_OFF");
    } finally {
      Object.assign(process.env, settings());
      resetEnvCache();
    }
    expect(await subscriptionsOf(owner.member.id)).toEqual([]);
  });
});

describe("an alert by Web Push", () => {
  it("reaches the barber's browser, decrypted, naming the booking; a colleague without push gets none", async () => {
    const browser = push.subscribe(vapid.publicKey);
    expect((await subscribeAs(barber.token, browser.json, "pt-BR")).status).toBe(200);
    const booking = await bookAsClient("10:00");
    const [row, ...more] = await pushRowsOf(booking.id);
    expect(more).toEqual([]);
    expect(row.status).toBe("pending");
    await deliverDue(db());
    expect(push.refused).toEqual([]);
    expect(push.received).toHaveLength(1);
    const got = push.received[0];
    expect(got.subscriptionId).toBe(browser.id);
    expect(got.headers.ttl).toMatch(/^\d+$/);
    expect(got.payload).toMatchObject({
      title: expect.stringMatching(/^Novo agendamento: Cliente 10h00/),
      body: expect.stringContaining("Cliente 10h00"),
      url: `https://navalha.test/painel/${f.shop.id}/agenda?dia=${DAY}`,
    });
    expect((await pushRowsOf(booking.id))[0]).toMatchObject({ status: "sent", body: "[delivered; content removed]", payload: null });
  });

  it("waits for the push service's Retry-After on a 429, then sends", async () => {
    push.throttleNext(1, 120);
    const booking = await bookAsClient("11:00");
    const now = new Date();
    await deliverDue(db(), { now });
    expect(push.refused.map((r) => r.status)).toEqual([429]);
    const [row] = await pushRowsOf(booking.id);
    expect(row.status).toBe("pending");
    expect(row.sendAfter.getTime()).toBe(now.getTime() + 120_000);
    expect((await subscriptionsOf(barber.member.id))[0].lastError).toMatch(/429/);
    await deliverDue(db(), { now: new Date(now.getTime() + 60_000) });
    expect(push.received).toEqual([]);
    await deliverDue(db(), { now: new Date(now.getTime() + 121_000) });
    expect(push.received).toHaveLength(1);
  });

  it("removes a subscription the push service says is gone (410), and sends it nothing more", async () => {
    const [sub] = await subscriptionsOf(barber.member.id);
    push.drop(sub.endpoint.split("/").pop()!);
    const booking = await bookAsClient("12:00");
    await deliverDue(db());
    expect(push.refused.map((r) => r.status)).toEqual([410]);
    expect((await pushRowsOf(booking.id))[0]).toMatchObject({ status: "failed", error: expect.stringMatching(/410.*removed/) });
    expect(await subscriptionsOf(barber.member.id)).toEqual([]);
    const later = await bookAsClient("13:00");
    expect(await pushRowsOf(later.id)).toEqual([]);
  });

  it("keeps an alert due in quiet hours until they end", async () => {
    const browser = push.subscribe(vapid.publicKey);
    await subscribeAs(barber.token, browser.json);
    // Quiet around the clock but one minute: whatever the time now, the alert waits.
    const wall = new Intl.DateTimeFormat("en-GB", { timeZone: f.shop.timezone, hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date());
    const [h, m] = wall.split(":").map(Number);
    const until = (h * 60 + m + 2) % 1440;
    const hm = (x: number) => `${String(Math.floor(x / 60)).padStart(2, "0")}:${String(x % 60).padStart(2, "0")}`;
    const put = await putAlerts(
      call(`/v3/staff/shops/${f.shop.id}/alerts`, {
        method: "PUT",
        token: barber.token,
        body: { email: true, whatsapp: false, events: ["booked"], quiet_from: hm((until + 1) % 1440), quiet_until: hm(until) },
      }),
      shopParams(),
    );
    expect(await put.json()).toMatchObject({ push: true, push_devices: 1 });
    const booking = await bookAsClient("14:00");
    const [row] = await pushRowsOf(booking.id);
    expect(row.sendAfter.getTime()).toBeGreaterThan(Date.now());
    await deliverDue(db());
    expect(push.received).toEqual([]);
  });
});
