import { expectAccessible } from "./axe";
import { type APIRequestContext, expect, test } from "./clock";
import { logIn, setSession } from "./booking-fixtures";
import { FULL_CHROMIUM } from "./browsers";
import { latestCode } from "./outbox";
import { startFakePushService } from "../tests/fakes/push-service";

// "Receber no navegador" on the alerts page: the click asks the permission, registers the console's service worker
// and subscribes. Chromium cannot subscribe here: in a Playwright context (a profile off the record) it refuses at once
// ("Registration failed - permission denied", the permission granted or not), and in a profile on disk it waits on
// Google's push service, unreachable here (over 90 s, 2026-12-04). So the first journey checks the worker and what the
// page says either way, and the second stands for Google's service: a local push service (tests/fakes/push-service.ts)
// holds the browser's keys and is the endpoint of the subscription sent to the site, takes the server's request and
// decrypts it as Chromium's push client would, and the test hands the message to the worker through the DevTools
// protocol (ServiceWorker.deliverPushMessage), the way Chromium hands on what its push service delivers.
// The full browser: the headless shell has no Push API, so the switch would stay off.
test.use({ locale: "pt-BR", launchOptions: FULL_CHROMIUM });

const DESK = { login: "recepcao@navalha.app", password: "demo1234" };

test("the switch registers the console's service worker and asks for the permission on the click", async ({ page, context, request }) => {
  const desk = await logIn(request, DESK);
  const auth = { authorization: `Bearer ${desk.token}` };
  const [{ shop }] = (await (await request.get("/v3/staff/shops", { headers: auth })).json()).items as { shop: { id: number } }[];
  const settings = await (await request.get(`/v3/staff/shops/${shop.id}/alerts/push`, { headers: auth })).json();
  expect(settings).toMatchObject({ enabled: true, public_key: expect.stringMatching(/^[\w-]{87}$/) });
  await setSession(page, desk);
  await context.grantPermissions(["notifications"]);
  await page.goto(`/painel/${shop.id}/alertas`);
  const toggle = page.getByRole("switch", { name: /Receber no navegador/ });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  // Nothing is registered before the click.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await expectAccessible(page);
  await toggle.click();
  await expect(page.getByText(/Este navegador vai receber seus alertas|O navegador não conseguiu se inscrever/)).toBeVisible({ timeout: 20_000 });
  const worker = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration("/");
    return (reg?.active ?? reg?.waiting ?? reg?.installing)?.scriptURL ?? null;
  });
  expect(worker).toMatch(/\/sw\.js$/);
  await expectAccessible(page);
});

/** The local push service's port: the one http origin scripts/e2e-server.sh lets the server push to. */
const PUSH_PORT = Number(process.env.PUSH_FAKE_PORT || Number(process.env.E2E_PORT || 3391) + 21000);

/** A text as a regular expression that matches it alone. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A list the API gives bare or under `items`. */
const items = <T>(answer: T[] | { items: T[] }): T[] => (Array.isArray(answer) ? answer : answer.items);

/** A client of the journey's own, signed up through the API, booking the shop's latest free time some days ahead. */
async function clientBooks(request: APIRequestContext, shopId: number) {
  const tag = `${Date.now().toString(36)}p`;
  const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8);
  const name = `Aviso ${tag}`;
  const phone = `+55119${digits}`;
  const registered = await request.post("/v3/register/client/web_client", {
    data: {
      name,
      email: `aviso-${tag}@example.com`,
      phone: `(11) 9${digits.slice(0, 4)}-${digits.slice(4)}`,
      password: "segredo-aviso-123",
      password_confirmation: "segredo-aviso-123",
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const authorization = `Bearer ${((await registered.json()) as { token: string }).token}`;
  const barbers = items<{ id: number; name: string }>(await (await request.get(`/v3/barbershop/team/barbers/${shopId}`)).json());
  const today = new Date(Date.now() - 3 * 3_600_000);
  // Eleven days ahead and on: a day the agenda journeys leave alone; the latest time, where the site's journeys do not book.
  for (let d = 11; d < 18; d++) {
    const date = new Date(today.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    for (const barber of barbers) {
      const services = items<{ id: number }>(await (await request.get(`/v3/barbershop/${shopId}/barber/${barber.id}/services`)).json());
      if (!services.length) continue;
      const times = (await (
        await request.get(`/v3/appointment/available-times?barbershop_id=${shopId}&barber_id=${barber.id}&services=${services[0].id}&date=${date}`)
      ).json()) as { morning: string[]; afternoon: string[]; night: string[] };
      const start_hour = [...times.morning, ...times.afternoon, ...times.night].at(-1);
      if (!start_hour) continue;
      const data = { barbershop_id: shopId, barber_id: barber.id, services: [services[0].id], date, start_hour };
      const book = (extra: Record<string, unknown> = {}) =>
        request.post("/v3/appointments/new-appointment", { headers: { authorization, "accept-language": "pt-BR" }, data: { ...data, ...extra } });
      let res = await book();
      // Past the shop's first unproved bookings of the hour a code goes to the account's phone (decision 0043).
      if (res.status() === 428) res = await book({ phone_code: await latestCode(request, phone) });
      expect(res.status(), await res.text()).toBe(201);
      return { id: ((await res.json()) as { appointment: { id: number } }).appointment.id, name, phone, barber, date, start_hour };
    }
  }
  throw new Error(`shop ${shopId} has no free time 11 to 17 days ahead`);
}

test(
  "a client's booking reaches the front desk's browser by Web Push, and its service worker shows it",
  { tag: "@desktop" },
  async ({ page, context, request }) => {
    // The desktop project only: one push service on one port, and the worker is the same on a phone.
    const push = await startFakePushService({ port: PUSH_PORT });
    try {
      const desk = await logIn(request, DESK);
      const auth = { authorization: `Bearer ${desk.token}` };
      const [{ shop }] = (await (await request.get("/v3/staff/shops", { headers: auth })).json()).items as { shop: { id: number } }[];
      const settings = (await (await request.get(`/v3/staff/shops/${shop.id}/alerts/push`, { headers: auth })).json()) as { public_key: string };
      await setSession(page, desk);
      await context.grantPermissions(["notifications"]);

      // The DevTools protocol tells of the page's service worker registrations, with the id a push is delivered to.
      const cdp = await context.newCDPSession(page);
      const registrations = new Map<string, string>();
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
        for (const r of updated) {
          if (r.isDeleted) registrations.delete(r.scopeURL);
          else registrations.set(r.scopeURL, r.registrationId);
        }
      });
      await cdp.send("ServiceWorker.enable");

      // The switch registers the console's worker (its subscribing at Chromium's push service fails here, as said above).
      await page.goto(`/painel/${shop.id}/alertas`);
      const origin = new URL(page.url()).origin;
      await page.getByRole("switch", { name: /Receber no navegador/ }).click();
      await expect(page.getByText(/Este navegador vai receber seus alertas|O navegador não conseguiu se inscrever/)).toBeVisible({ timeout: 20_000 });
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(`${origin}/sw.js`);
      await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();

      // The browser's subscription, at the local push service: its endpoint there, its P-256 key and auth secret.
      const browser = push.subscribe(settings.public_key);
      const subscribed = await request.post(`/v3/staff/shops/${shop.id}/alerts/push`, { headers: auth, data: browser.json });
      expect(subscribed.status(), await subscribed.text()).toBe(200);
      expect(await subscribed.json()).toMatchObject({ push: true, push_devices: expect.any(Number) });
      try {
        // A client books; the outbox sends the front desk's alert, which the push service takes (201) and decrypts.
        const booking = await clientBooks(request, shop.id);
        const mine = () => push.received.find((r) => r.subscriptionId === browser.id && (r.payload as { tag?: string }).tag === `appointment-${booking.id}`);
        await expect.poll(mine, { timeout: 20_000 }).toBeTruthy();
        expect(push.refused).toEqual([]);
        const got = mine()!;
        expect(got.headers).toMatchObject({ ttl: expect.stringMatching(/^\d+$/), "content-encoding": "aes128gcm", urgency: "high" });
        expect(got.payload).toMatchObject({
          title: expect.stringMatching(new RegExp(`^Novo agendamento: ${booking.name}, .*${booking.start_hour} com ${literally(booking.barber.name)}$`)),
          url: `${origin}/painel/${shop.id}/agenda?dia=${booking.date}`,
        });

        // The push delivered to the worker as Chromium's push service client would; the worker shows it.
        await page.evaluate(async () => {
          for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
        });
        await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: registrations.get(`${origin}/`)!, data: got.plaintext });
        const shown = () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              data: n.data as unknown,
            })),
          );
        await expect.poll(shown).toHaveLength(1);
        const [notification] = await shown();
        expect(notification).toEqual({
          title: (got.payload as { title: string }).title,
          body: expect.stringContaining(booking.name),
          tag: `appointment-${booking.id}`,
          data: { url: `${origin}/painel/${shop.id}/agenda?dia=${booking.date}` },
        });
        expect(notification.body.split("\n")).toEqual([
          expect.stringMatching(new RegExp(`^${booking.name} \\(\\(11\\) 9\\d{4}-\\d{4}\\)$`)),
          expect.stringContaining(booking.start_hour),
          booking.barber.name,
          expect.any(String),
        ]);
      } finally {
        // The front desk's browser forgotten: alerts of other journeys' bookings do not go on to a closed push service.
        const dropped = await request.delete(`/v3/staff/shops/${shop.id}/alerts/push`, { headers: auth, data: { endpoint: browser.endpoint } });
        expect(dropped.ok()).toBeTruthy();
      }
    } finally {
      await push.close();
    }
  },
);
