import { and, count, desc, eq, like } from "drizzle-orm";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as checkPhone } from "@/app/v3/check-phone/route";
import { POST as login } from "@/app/v3/login/route";
import { POST as register } from "@/app/v3/register/client/web_client/route";
import { POST as resetWithToken } from "@/app/v3/reset-password-with-token/route";
import { POST as sendWhatsapp } from "@/app/v3/send-whatsapp/route";
import { PUT as changePassword, POST as forgot } from "@/app/v3/user/password/route";
import { ZAuthAnswer } from "@/lib/contract/users";
import { DEVICE_COOKIE } from "@/lib/server/auth/device-cookie";
import type { Db } from "@/lib/server/db/client";
import { appointments, outbox, passwordResetTokens, rateLimits, users } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { settleAfterResponse } from "@/lib/server/http/after-response";
import { LIMITS } from "@/lib/server/rate-limit/limiter";
import { call, freshPhone, makeAccount, PASSWORD } from "@/tests/factories/account";
import { createBookableShop, localDate } from "@/tests/factories/booking";

// Brazil's mobile carriers put many phones behind one public address (carrier-grade NAT): the limits are
// keyed on what is attacked, and an address alone only has a ceiling far above what its people do together.

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const SHARED = "198.51.100.77";
const PEOPLE = 200;
jest.setTimeout(300_000);

afterEach(() => settleAfterResponse());

const signIn = (login_: string, password: string, opts: { ip?: string; cookie?: string; lng?: string } = {}) =>
  login(call("/v3/login", { ip: opts.ip ?? SHARED, lng: opts.lng, body: { login: login_, password }, headers: opts.cookie ? { cookie: opts.cookie } : {} }));

/** The device cookie a sign-in answered, as the browser sends it back. */
function deviceCookieOf(res: Response): string {
  const set = res.headers.get("set-cookie") ?? "";
  expect(set).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
  expect(set).toContain("HttpOnly");
  expect(set).toContain("SameSite=Strict");
  return set.split(";")[0];
}

/** Time passes: the account's wait before its next sign-in attempt is over. */
async function waitIsOver(userId: number) {
  await db()
    .update(rateLimits)
    .set({ expire: new Date(Date.now() - 1000) })
    .where(eq(rateLimits.key, `login_gate:user:${userId}`));
}

const rowCount = async (table: typeof users | typeof appointments | typeof passwordResetTokens) => (await db().select({ n: count() }).from(table))[0].n;

describe(`${PEOPLE} people behind one address`, () => {
  it("each check their phone, sign up, mistype their password once and sign in", async () => {
    for (let i = 0; i < PEOPLE; i++) {
      const phone = freshPhone();
      const email = `pessoa${i}@example.com`;
      const asked = await checkPhone(call("/v3/check-phone", { ip: SHARED, body: { phone: phone.masked } }));
      expect(asked.status).toBe(200);
      const made = await register(
        call("/v3/register/client/web_client", {
          ip: SHARED,
          body: { name: `Pessoa ${i}`, email, phone: phone.masked, password: `senha-${i}`, password_confirmation: `senha-${i}` },
        }),
      );
      expect(made.status).toBe(201);
      expect((await signIn(email, "senha-errada")).status).toBe(401);
      const res = await signIn(phone.masked, `senha-${i}`);
      expect(res.status).toBe(200);
      expect(ZAuthAnswer.parse(await res.json()).user.email).toBe(email);
    }
  });

  it("each ask for a password reset by e-mail and set a new password with the link", async () => {
    const people = [];
    for (let i = 0; i < PEOPLE; i++) people.push((await makeAccount(db())).user);
    for (const user of people) expect((await forgot(call("/v3/user/password", { ip: SHARED, body: { email: user.email } }))).status).toBe(202);
    await settleAfterResponse();
    for (const user of people) {
      const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, user.email!)).orderBy(desc(outbox.id)).limit(1);
      const token = /redefinir-senha\?token=([A-Za-z0-9_-]{43})/.exec(mail.body)![1];
      const done = await resetWithToken(
        call("/v3/reset-password-with-token", { ip: SHARED, body: { token, password: "nova-senha", password_confirmation: "nova-senha" } }),
      );
      expect(done.status).toBe(200);
    }
  });

  it("each book as a guest, proving the phone by the WhatsApp code where the shop asks for one", async () => {
    const SHOPS = 20;
    const HOURS = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30"];
    const shops = [];
    for (let s = 0; s < SHOPS; s++) shops.push(await createBookableShop(db()));
    let codes = 0;
    for (let i = 0; i < PEOPLE; i++) {
      const shop = shops[i % SHOPS];
      const phone = freshPhone();
      const body = {
        barbershop_id: shop.shop.id,
        barber_id: shop.barber.id,
        services: [shop.cut.id],
        date: localDate(3),
        start_hour: HOURS[Math.floor(i / SHOPS)],
        name: `Visitante ${i}`,
        phone: phone.masked,
      };
      const book = (extra: Record<string, string> = {}) =>
        guestBooking(call("/v3/appointments/appointment-without-login", { ip: SHARED, body: { ...body, ...extra } }));
      let res = await book();
      if (res.status === 428) {
        codes++;
        const [message] = await db()
          .select()
          .from(outbox)
          .where(and(eq(outbox.recipient, phone.e164), eq(outbox.channel, "whatsapp")))
          .orderBy(desc(outbox.id))
          .limit(1);
        res = await book({ phone_code: /\b(\d{6})\b/.exec(message.body)![1] });
      }
      expect(res.status).toBe(201);
    }
    expect(codes).toBeGreaterThan(100); // most shops had taken their few guest bookings without a code
    expect(await rowCount(appointments)).toBe(PEOPLE);
  });
});

describe("one attacker behind the same address", () => {
  it("cannot guess a password: the account's backoff and the (address, account) limit hold, the owner's browser still gets in", async () => {
    const { user, phone } = await makeAccount(db());
    const owner = await signIn(user.email!, PASSWORD);
    expect(owner.status).toBe(200);
    const cookie = deviceCookieOf(owner);

    // Five free failures, then the account makes strangers wait.
    for (let i = 0; i < 5; i++) expect((await signIn(user.email!, `guess-${i}`)).status).toBe(401);
    const waiting = await signIn(user.email!, "guess-5", { lng: "pt-BR" });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("retry-after"))).toBe(2);
    expect(await waiting.json()).toEqual({ error: "Muitas tentativas. Aguarde e tente novamente.", code: "TOO_MANY_REQUESTS" });

    // The owner's browser, on the same address, is let in at once; a browser the account does not know waits.
    expect((await signIn(phone.masked, PASSWORD, { cookie })).status).toBe(200);
    expect((await signIn(user.email!, PASSWORD)).status).toBe(429);
    // A cookie that names another account, or whose signature is changed, is no way in.
    const other = await makeAccount(db());
    const otherCookie = deviceCookieOf(await signIn(other.user.email!, PASSWORD, { ip: "203.0.113.50" }));
    expect((await signIn(user.email!, PASSWORD, { cookie: otherCookie })).status).toBe(429);
    expect((await signIn(user.email!, PASSWORD, { cookie: `${cookie.slice(0, -3)}${cookie.endsWith("AAA") ? "BBB" : "AAA"}` })).status).toBe(429);

    // Waiting out the backoff, one address gets 10 failures on the account in all; then even the gate's being open does not help it.
    for (let i = 5; i < 10; i++) {
      await waitIsOver(user.id);
      expect((await signIn(user.email!, `guess-${i}`)).status).toBe(401);
    }
    await waitIsOver(user.id);
    const pair = await signIn(user.email!, "guess-10", { lng: "es" });
    expect(pair.status).toBe(429);
    expect(Number(pair.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await pair.json()).error).toBe("Demasiados intentos. Espera e inténtalo de nuevo.");

    // Everyone else behind the address still signs in, and so does the owner's browser.
    const neighbour = await makeAccount(db());
    expect((await signIn(neighbour.user.email!, PASSWORD)).status).toBe(200);
    expect((await signIn(user.email!, PASSWORD, { cookie })).status).toBe(200);
  });

  it("knows the browser that signed up as well", async () => {
    const phone = freshPhone();
    const made = await register(
      call("/v3/register/client/web_client", {
        ip: SHARED,
        body: { name: "Pessoa Nova", email: "nova@example.com", phone: phone.masked, password: "senha-nova", password_confirmation: "senha-nova" },
      }),
    );
    expect(made.status).toBe(201);
    const cookie = deviceCookieOf(made);
    for (let i = 0; i < 5; i++) expect((await signIn("nova@example.com", `guess-${i}`)).status).toBe(401);
    expect((await signIn("nova@example.com", "senha-nova")).status).toBe(429);
    expect((await signIn(phone.masked, "senha-nova", { cookie })).status).toBe(200);
  });

  it("forgets the account's browsers when its password changes, as it ends its sessions", async () => {
    const { user, token } = await makeAccount(db());
    const cookie = deviceCookieOf(await signIn(user.email!, PASSWORD));
    const changed = await changePassword(
      call("/v3/user/password", { method: "PUT", token, body: { current_password: PASSWORD, password: "senha-nova", password_confirmation: "senha-nova" } }),
    );
    expect(changed.status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(user.email!, `guess-${i}`)).status).toBe(401);
    expect((await signIn(user.email!, "senha-nova", { cookie })).status).toBe(429);
  });

  it("gives a known browser only a small budget of its own: past it, it counts as a stranger", async () => {
    const { user } = await makeAccount(db());
    const cookie = deviceCookieOf(await signIn(user.email!, PASSWORD));
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.loginFailuresPerDevice.points; i++) statuses.push((await signIn(user.email!, `typo-${i}`, { cookie })).status);
    expect(statuses).toEqual(Array(LIMITS.loginFailuresPerDevice.points).fill(401));
    // The known browser's failures did not make strangers wait…
    const stranger = await signIn(user.email!, PASSWORD, { ip: "203.0.113.51" });
    expect(stranger.status).toBe(200);
    // …and a burst of guesses with the cookie, once its budget is spent, gets the strangers' few tries, not one each.
    const again = deviceCookieOf(stranger);
    for (let i = 0; i < LIMITS.loginFailuresPerDevice.points; i++) await signIn(user.email!, `typo-${i}`, { cookie: again });
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(user.email!, `burst-${i}`, { cookie: again })));
    const checked = burst.filter((r) => r.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LIMITS.loginFailuresPerAccount.points + 1); // the free tries, and one through the gate
    expect(burst.filter((r) => r.status === 429)).toHaveLength(12 - checked);
  });

  it("on IPv6, moving to another address of the same /64 gives no fresh budget", async () => {
    const { user } = await makeAccount(db());
    const inBlock = (i: number) => `2001:db8:cafe:1:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}`;
    for (let i = 0; i < 10; i++) {
      await waitIsOver(user.id);
      expect((await signIn(user.email!, `guess-${i}`, { ip: inBlock(i) })).status).toBe(401);
    }
    await waitIsOver(user.id);
    expect((await signIn(user.email!, PASSWORD, { ip: inBlock(11) })).status).toBe(429);
    // Another /64 is another subscriber.
    expect((await signIn(user.email!, PASSWORD, { ip: "2001:db8:cafe:2::1" })).status).toBe(200);
  });

  it("cannot pump reset codes or links to one phone or e-mail, while the others behind the address get theirs", async () => {
    const victim = await makeAccount(db());
    const asked = [];
    for (let i = 0; i < 3; i++)
      asked.push((await sendWhatsapp(call("/v3/send-whatsapp", { ip: SHARED, lng: "pt-BR", body: { phone: victim.phone.masked } }))).status);
    expect(asked).toEqual([202, 429, 429]);
    const refused = await forgot(call("/v3/user/password", { ip: SHARED, body: { email: victim.user.email } }));
    expect(refused.status).toBe(202); // the e-mail is another address written to: its own first send
    const second = await forgot(call("/v3/user/password", { ip: SHARED, lng: "es", body: { email: victim.user.email } }));
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await second.json()).toEqual({ error: "Demasiados intentos. Espera e inténtalo de nuevo.", code: "TOO_MANY_REQUESTS" });

    // Minute after minute, five a day reach the phone, whoever asks.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await db()
        .update(rateLimits)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(eq(rateLimits.key, `recovery_min:phone:${victim.phone.e164}`));
      statuses.push((await sendWhatsapp(call("/v3/send-whatsapp", { ip: `198.51.100.${100 + i}`, body: { phone: victim.phone.e164 } }))).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 429, 429]);
    await settleAfterResponse();
    expect(await db().$count(outbox, and(eq(outbox.recipient, victim.phone.e164), eq(outbox.channel, "whatsapp")))).toBe(5);
    expect(await db().$count(passwordResetTokens, eq(passwordResetTokens.userId, victim.user.id))).toBe(6); // five codes and one link

    // A neighbour on the same address asks for theirs and gets it.
    const neighbour = await makeAccount(db());
    expect((await sendWhatsapp(call("/v3/send-whatsapp", { ip: SHARED, body: { phone: neighbour.phone.masked } }))).status).toBe(202);
  });
});

describe("an address alone", () => {
  /** The address's counter as if its people had already done this much in the window. */
  async function alreadyUsed(rule: { name: string; points: number; durationSeconds: number }, key: string) {
    await db()
      .insert(rateLimits)
      .values({ key: `${rule.name}:${key}`, points: rule.points, expire: new Date(Date.now() + rule.durationSeconds * 1000) });
  }

  it("has a ceiling orders of magnitude above a household's, answered with 429, Retry-After and nothing written", async () => {
    const ip = "198.51.100.200";
    await alreadyUsed(LIMITS.registerPerIp, ip);
    await alreadyUsed(LIMITS.loginFailuresPerIp, ip);
    await alreadyUsed(LIMITS.guestBookingsPerIp, ip);
    expect(LIMITS.registerPerIp.points).toBeGreaterThanOrEqual(1000);
    expect(LIMITS.loginFailuresPerIp.points).toBeGreaterThanOrEqual(1000);
    expect(LIMITS.guestBookingsPerIp.points).toBeGreaterThanOrEqual(1000);

    const users0 = await rowCount(users);
    const phone = freshPhone();
    const made = await register(
      call("/v3/register/client/web_client", {
        ip,
        lng: "pt-BR",
        body: { name: "Pessoa Teto", email: "teto@example.com", phone: phone.masked, password: "senha-1", password_confirmation: "senha-1" },
      }),
    );
    expect(made.status).toBe(429);
    expect(Number(made.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await made.json()).toEqual({ error: "Muitas tentativas. Aguarde e tente novamente.", code: "TOO_MANY_REQUESTS" });
    expect(await rowCount(users)).toBe(users0);

    const { user } = await makeAccount(db());
    expect((await signIn(user.email!, "senha-errada", { ip })).status).toBe(429);
    // A browser the account knows is not walled in by its address.
    const cookie = deviceCookieOf(await signIn(user.email!, PASSWORD, { ip: "203.0.113.60" }));
    expect((await signIn(user.email!, PASSWORD, { ip, cookie })).status).toBe(200);

    const shop = await createBookableShop(db());
    const booked = await guestBooking(
      call("/v3/appointments/appointment-without-login", {
        ip,
        body: {
          barbershop_id: shop.shop.id,
          barber_id: shop.barber.id,
          services: [shop.cut.id],
          date: localDate(3),
          start_hour: "09:00",
          name: "Visitante Teto",
          phone: freshPhone().masked,
        },
      }),
    );
    expect(booked.status).toBe(429);
    expect(Number(booked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db().$count(appointments, eq(appointments.barbershopId, shop.shop.id))).toBe(0);
  });

  it("limits sign-ups naming one e-mail or one phone, whatever the address", async () => {
    const phone = freshPhone();
    const attempt = (i: number, over: Record<string, string>) =>
      register(
        call("/v3/register/client/web_client", {
          ip: `203.0.113.${70 + i}`,
          body: {
            name: "Pessoa Repetida",
            email: `repetida${i}@example.com`,
            phone: freshPhone().masked,
            password: "senha-1",
            password_confirmation: "senha-1",
            ...over,
          },
        }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.registerPerContact.points + 1; i++) statuses.push((await attempt(i, { phone: phone.masked })).status);
    expect(statuses).toEqual([201, ...Array(LIMITS.registerPerContact.points - 1).fill(409), 429]);
    expect(await db().$count(users, like(users.email, "repetida%"))).toBe(1);
  });
});
