import { and, desc, eq } from "drizzle-orm";
import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { ZAvailableTimes, ZGuestAppointmentAnswer } from "@/lib/contract/booking";
import { BOOKING_LIMITS } from "@/lib/server/appointments/booking-limits";
import { guestPhoneHash, PHONE_PROOF_COOKIE, proofHash } from "@/lib/server/appointments/guest-phone";
import { addDays } from "@/lib/server/availability/zoned-time";
import { appointments, oneTimeSecrets, outbox, users, verifiedPhones } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { resetEnvCache } from "@/lib/server/env";
import { issueCode, MAX_CODE_ATTEMPTS, redeemCode } from "@/lib/server/verification/one-time";
import { createBookableShop, createClient, localDate, req } from "@/tests/factories/booking";

// Nobody fills a barber's calendar — a horizon, limits per client and per shop,
// and a WhatsApp code for guests once a shop has taken a few guest bookings in the hour.

const testDb = useTestDb();
const db = () => testDb.current().handle.db;

type Shop = Awaited<ReturnType<typeof createBookableShop>>;
const HOURS = [
  "09:00",
  "09:30",
  "10:00",
  "10:30",
  "11:00",
  "11:30",
  "12:00",
  "12:30",
  "13:00",
  "13:30",
  "14:00",
  "14:30",
  "15:00",
  "15:30",
  "16:00",
  "16:30",
  "17:00",
];

let n = 0;
/** A phone never used before in this file, masked as typed. */
const newPhone = () => {
  const digits = String(70_000_000 + ++n * 131 + Math.floor(Math.random() * 100)).slice(0, 8);
  return { masked: `(21) 9${digits.slice(0, 4)}-${digits.slice(4)}`, e164: `+55219${digits}` };
};

const booking = (shop: Shop, over: Record<string, unknown> = {}) => ({
  barbershop_id: shop.shop.id,
  barber_id: shop.barber.id,
  services: [shop.cut.id],
  date: localDate(3),
  start_hour: "09:00",
  ...over,
});
/** `cookie`: the browser's phone proof (the Cookie header a browser sends back). */
const asGuest = (shop: Shop, phone: string, over: Record<string, unknown> = {}, cookie?: string) =>
  guestBooking(
    req("/v3/appointments/appointment-without-login", {
      method: "POST",
      body: { ...booking(shop, over), name: "Visitante Teste", phone },
      headers: cookie ? { cookie } : {},
    }),
  );
/** What a browser sends back of an answer's Set-Cookie. */
const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0];
/** A phone proved (a day left) in a browser that holds this token. */
async function provedInBrowser(e164: string): Promise<string> {
  const token = `${"t".repeat(20)}${Math.random().toString(36).slice(2, 10).padEnd(23, "x")}`;
  await db()
    .insert(verifiedPhones)
    .values({ phoneHash: guestPhoneHash(e164), proofHash: proofHash(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return `${PHONE_PROOF_COOKIE}=${token}`;
}
const asClient = (shop: Shop, token: string, over: Record<string, unknown> = {}, lang?: string) =>
  newAppointment(
    req("/v3/appointments/new-appointment", { method: "POST", token, body: booking(shop, over), headers: lang ? { "accept-language": lang } : {} }),
  );

const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");

async function codeSentTo(e164: string): Promise<string> {
  const [message] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, e164), eq(outbox.channel, "whatsapp")))
    .orderBy(desc(outbox.id))
    .limit(1);
  return /\b(\d{6})\b/.exec(message.body)![1];
}

/** Fills the shop's free guest bookings of the hour with distinct phones. */
async function useUpFreeGuestBookings(shop: Shop) {
  for (let i = 0; i < BOOKING_LIMITS.guestBookingsPerShopHourWithoutCode; i++) {
    expect((await asGuest(shop, newPhone().masked, { start_hour: HOURS[i] })).status).toBe(201);
  }
}

describe("the booking horizon", () => {
  it("refuses a start beyond 90 days with 422, and offers no time then", async () => {
    const shop = await createBookableShop(db());
    const { token } = await createClient(db());
    const far = await asClient(shop, token, { date: "9999-12-30" });
    expect(far.status).toBe(422);
    expect(await far.json()).toMatchObject({
      code: "BEYOND_BOOKING_HORIZON",
      error: "Bookings can be made at most 90 days ahead. Please choose an earlier date.",
    });
    expect((await asClient(shop, token, { date: localDate(92) })).status).toBe(422);
    expect((await asGuest(shop, newPhone().masked, { date: localDate(92) })).status).toBe(422);
    expect(await db().$count(appointments, eq(appointments.barbershopId, shop.shop.id))).toBe(0);

    const times = async (date: string) =>
      ZAvailableTimes.parse(
        await (
          await availableTimes(
            req(`/v3/appointment/available-times?barbershop_id=${shop.shop.id}&barber_id=${shop.barber.id}&services=${shop.cut.id}&date=${date}`),
          )
        ).json(),
      );
    expect((await times(localDate(92))).morning).toEqual([]);
    expect((await times(localDate(89))).morning.length).toBeGreaterThan(0);
    expect((await asClient(shop, token, { date: localDate(89) })).status).toBe(201);
  });

  it("follows BOOKING_HORIZON_DAYS", async () => {
    process.env.BOOKING_HORIZON_DAYS = "7";
    resetEnvCache();
    try {
      const shop = await createBookableShop(db());
      const { token } = await createClient(db());
      const res = await asClient(shop, token, { date: addDays(localDate(0), 9) });
      expect(res.status).toBe(422);
      expect((await res.json()).error).toContain("7 days");
    } finally {
      delete process.env.BOOKING_HORIZON_DAYS;
      resetEnvCache();
    }
  });
});

describe("limits per client", () => {
  it("lets a signed-in client hold 3 upcoming appointments at a shop and 10 in all", async () => {
    const { token } = await createClient(db());
    const first = await createBookableShop(db());
    for (const hour of HOURS.slice(0, 3)) expect((await asClient(first, token, { start_hour: hour })).status).toBe(201);
    const fourth = await asClient(first, token, { start_hour: HOURS[3] });
    expect(fourth.status).toBe(422);
    expect(await fourth.json()).toMatchObject({ code: "SHOP_UPCOMING_LIMIT", error: expect.stringContaining("3 upcoming appointments at this barbershop") });

    const others = await Promise.all([1, 2, 3].map(() => createBookableShop(db())));
    const statuses: number[] = [];
    for (const shop of others) for (const hour of HOURS.slice(0, 3)) statuses.push((await asClient(shop, token, { start_hour: hour })).status);
    // 3 + 7 = 10 upcoming; the 11th and 12th are refused.
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 422, 422]);
    const refused = await asClient(others[2], token, { start_hour: HOURS[5] });
    expect((await refused.json()).code).toBe("UPCOMING_LIMIT");
  });

  it("counts concurrent bookings of one client one by one", async () => {
    const { token } = await createClient(db());
    const shop = await createBookableShop(db());
    const results = await Promise.all(HOURS.slice(0, 8).map((hour) => asClient(shop, token, { start_hour: hour })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(BOOKING_LIMITS.upcomingPerClientAtShop);
  });
});

describe("accounts that proved no contact", () => {
  it("count like guests in the shop's hour: made-up accounts cannot fill a day, and the one asked proves its phone by a code once", async () => {
    const shop = await createBookableShop(db());
    // Six made-up sign-ups (nothing proved), three bookings each, as when a barber's whole day was taken.
    const madeUp = await Promise.all(Array.from({ length: 6 }, () => createClient(db(), { phoneProvedAt: null })));
    const statuses: number[] = [];
    for (const [i, account] of madeUp.entries()) {
      for (let j = 0; j < 3; j++) {
        const k = i * 3 + j;
        statuses.push((await asClient(shop, account.token, { start_hour: HOURS[k % HOURS.length], date: localDate(3 + Math.floor(k / HOURS.length)) })).status);
      }
    }
    // The shop's first three unproved bookings of the hour are made; every other one asks for the phone's code.
    expect(statuses.filter((s) => s === 201)).toHaveLength(BOOKING_LIMITS.guestBookingsPerShopHourWithoutCode);
    expect(statuses.filter((s) => s === 428)).toHaveLength(18 - BOOKING_LIMITS.guestBookingsPerShopHourWithoutCode);
    expect(await db().$count(appointments, eq(appointments.barbershopId, shop.shop.id))).toBe(BOOKING_LIMITS.guestBookingsPerShopHourWithoutCode);

    // Unproved accounts and guests share the count: the next guest is asked too.
    expect((await asGuest(shop, newPhone().masked, { start_hour: "16:00" })).status).toBe(428);

    // A real person's account is asked in its language, a code goes to its phone, and a wrong code books nothing.
    const person = await createClient(db(), { phoneProvedAt: null });
    const asked = await asClient(shop, person.token, { start_hour: "16:30" }, "en");
    expect(asked.status).toBe(428);
    expect(await asked.json()).toMatchObject({ code: "PHONE_VERIFICATION_REQUIRED", error: expect.stringContaining("Confirm your account's phone") });
    const code = await codeSentTo(person.user.phone!);
    const wrong = await asClient(shop, person.token, { start_hour: "16:30", phone_code: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).code).toBe("INVALID_CODE");
    expect(await db().$count(appointments, eq(appointments.clientId, person.user.id))).toBe(0);

    const right = await asClient(shop, person.token, { start_hour: "16:30", phone_code: code });
    expect(right.status).toBe(201);
    const [proved] = await db().select().from(users).where(eq(users.id, person.user.id));
    expect(proved.phoneProvedAt).not.toBeNull();
    // Proved for good: the next booking needs no code, and a proved account is never counted with the guests.
    expect((await asClient(shop, person.token, { start_hour: "17:00" })).status).toBe(201);
    const [last] = await db().select().from(appointments).where(eq(appointments.clientId, person.user.id)).orderBy(desc(appointments.id)).limit(1);
    expect(last.bookedUnproved).toBe(false);
  });

  it("a proved account books past the shop's unproved bookings of the hour without being asked", async () => {
    const shop = await createBookableShop(db());
    for (let i = 0; i < BOOKING_LIMITS.guestBookingsPerShopHourWithoutCode; i++) {
      expect((await asClient(shop, (await createClient(db(), { phoneProvedAt: null })).token, { start_hour: HOURS[i] })).status).toBe(201);
    }
    const proved = await createClient(db());
    expect((await asClient(shop, proved.token, { start_hour: HOURS[5] })).status).toBe(201);
    const byEmail = await createClient(db(), { phoneProvedAt: null, emailProvedAt: new Date() });
    expect((await asClient(shop, byEmail.token, { start_hour: HOURS[6] })).status).toBe(201);
  });
});

describe("guests past a few bookings per shop and hour", () => {
  it("asks the next guest for a WhatsApp code, refuses a wrong one, books with the right one and remembers the phone", async () => {
    const shop = await createBookableShop(db());
    await useUpFreeGuestBookings(shop);
    const phone = newPhone();

    const asked = await asGuest(shop, phone.masked, { start_hour: "15:00" });
    expect(asked.status).toBe(428);
    expect(await asked.json()).toMatchObject({ code: "PHONE_VERIFICATION_REQUIRED" });
    const code = await codeSentTo(phone.e164);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await db()
      .select()
      .from(oneTimeSecrets)
      .where(eq(oneTimeSecrets.subject, guestPhoneHash(phone.e164)));
    expect(row.secretHash).not.toContain(code);

    // Asking again within the minute sends no second code.
    expect((await asGuest(shop, phone.masked, { start_hour: "15:00" })).status).toBe(428);
    expect(await db().$count(outbox, eq(outbox.recipient, phone.e164))).toBe(1);

    const wrong = await asGuest(shop, phone.masked, { start_hour: "15:00", phone_code: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).code).toBe("INVALID_CODE");

    const right = await asGuest(shop, phone.masked, { start_hour: "15:00", phone_code: code });
    expect(right.status).toBe(201);
    expect(ZGuestAppointmentAnswer.parse(await right.json()).appointment.client_phone).toBe(phone.e164);
    const browser = cookieOf(right);
    // Single use, and the phone is remembered in this browser: its next booking needs no code.
    expect((await asGuest(shop, phone.masked, { start_hour: "16:00", phone_code: code }, browser)).status).toBe(201);
    expect((await asGuest(shop, phone.masked, { start_hour: "16:30" }, browser)).status).toBe(201);
    expect(await db().$count(verifiedPhones, eq(verifiedPhones.phoneHash, guestPhoneHash(phone.e164)))).toBe(1);

    // Another unproved phone is still asked.
    expect((await asGuest(shop, newPhone().masked, { start_hour: "17:00" })).status).toBe(428);
  });

  it("remembers a proved phone only in the browser that proved it: an HttpOnly cookie; the phone alone, or another browser's cookie, is asked again", async () => {
    const shop = await createBookableShop(db());
    await useUpFreeGuestBookings(shop);
    const phone = newPhone();
    expect((await asGuest(shop, phone.masked, { start_hour: "15:00" })).status).toBe(428);
    const proved = await asGuest(shop, phone.masked, { start_hour: "15:00", phone_code: await codeSentTo(phone.e164) });
    expect(proved.status).toBe(201);
    const setCookie = proved.headers.get("set-cookie")!;
    expect(setCookie).toMatch(new RegExp(`^${PHONE_PROOF_COOKIE}=[A-Za-z0-9_-]{43}; Path=/v3; Max-Age=2592000; HttpOnly; SameSite=Lax`));
    // Only the token's hash is kept.
    const token = cookieOf(proved).split("=")[1];
    const [kept] = await db()
      .select()
      .from(verifiedPhones)
      .where(eq(verifiedPhones.phoneHash, guestPhoneHash(phone.e164)));
    expect(kept.proofHash).not.toContain(token);

    // Anyone else writing the same phone, with no cookie, a made-up one or another phone's, is asked for a code.
    const other = await provedInBrowser(newPhone().e164);
    for (const cookie of [undefined, `${PHONE_PROOF_COOKIE}=${"a".repeat(43)}`, other]) {
      const res = await asGuest(shop, phone.masked, { start_hour: "16:00" }, cookie);
      expect(res.status).toBe(428);
    }
    expect(await db().$count(appointments, and(eq(appointments.clientPhone, phone.e164), eq(appointments.status, "pending")))).toBe(1);
    // The browser that proved it books without one.
    expect((await asGuest(shop, phone.masked, { start_hour: "16:00" }, cookieOf(proved))).status).toBe(201);
  });

  it("asks at the 4th of concurrent guest bookings too", async () => {
    const shop = await createBookableShop(db());
    const results = await Promise.all(HOURS.slice(0, 8).map((hour) => asGuest(shop, newPhone().masked, { start_hour: hour })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(BOOKING_LIMITS.guestBookingsPerShopHourWithoutCode);
    expect(statuses.filter((s) => s === 428)).toHaveLength(8 - BOOKING_LIMITS.guestBookingsPerShopHourWithoutCode);
  });

  it("compares at most 5 guesses of one code, even when they arrive together", async () => {
    const shop = await createBookableShop(db());
    await useUpFreeGuestBookings(shop);
    const phone = newPhone();
    expect((await asGuest(shop, phone.masked, { start_hour: "15:00" })).status).toBe(428);
    const code = await codeSentTo(phone.e164);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => asGuest(shop, phone.masked, { start_hour: "15:00", phone_code: wrongCode(code, i) })),
    );
    // Each is refused: a wrong code (422), or the phone's booking limit (429) before any comparison.
    expect(guesses.every((g) => g.status === 422 || g.status === 429)).toBe(true);
    const [row] = await db()
      .select()
      .from(oneTimeSecrets)
      .where(eq(oneTimeSecrets.subject, guestPhoneHash(phone.e164)));
    expect(row.attempts).toBeLessThanOrEqual(5);
    expect(await db().$count(appointments, eq(appointments.clientPhone, phone.e164))).toBe(0);
  });

  it("claims an attempt before comparing: of 30 concurrent wrong guesses 5 are compared, then the code is spent", async () => {
    const subject = `test:${Math.random()}`;
    const code = await issueCode(db(), { purpose: "guest_phone", subject });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => redeemCode(db(), "guest_phone", subject, wrongCode(code, i))));
    expect(results.every((r) => r === null)).toBe(true);
    const [row] = await db().select().from(oneTimeSecrets).where(eq(oneTimeSecrets.subject, subject));
    expect(row.attempts).toBe(MAX_CODE_ATTEMPTS);
    expect(await redeemCode(db(), "guest_phone", subject, code)).toBeNull();
    expect((await db().select().from(oneTimeSecrets).where(eq(oneTimeSecrets.subject, subject)))[0].attempts).toBe(MAX_CODE_ATTEMPTS);
  });

  it("uses a right code once", async () => {
    const subject = `test:${Math.random()}`;
    const code = await issueCode(db(), { purpose: "guest_phone", subject, value: "x" });
    const [a, b] = await Promise.all([redeemCode(db(), "guest_phone", subject, code), redeemCode(db(), "guest_phone", subject, code)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
  });

  it("limits the guest bookings of a shop in an hour, proved phones included", async () => {
    const shop = await createBookableShop(db());
    const proved = Array.from({ length: BOOKING_LIMITS.guestBookingsPerShopHour + 1 }, () => newPhone());
    const browsers = await Promise.all(proved.map((p) => provedInBrowser(p.e164)));
    const date = (i: number) => localDate(3 + Math.floor(i / HOURS.length));
    for (let i = 0; i < BOOKING_LIMITS.guestBookingsPerShopHour; i++) {
      expect((await asGuest(shop, proved[i].masked, { date: date(i), start_hour: HOURS[i % HOURS.length] }, browsers[i])).status).toBe(201);
    }
    const over = await asGuest(shop, proved.at(-1)!.masked, { date: localDate(5), start_hour: "09:00" }, browsers.at(-1));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("lets a guest phone hold 3 upcoming appointments at a shop", async () => {
    const shop = await createBookableShop(db());
    const phone = newPhone();
    const browser = await provedInBrowser(phone.e164);
    for (const hour of HOURS.slice(0, 3)) expect((await asGuest(shop, phone.masked, { start_hour: hour }, browser)).status).toBe(201);
    const fourth = await asGuest(shop, phone.masked, { start_hour: HOURS[3] }, browser);
    expect((await fourth.json()).code).toBe("SHOP_UPCOMING_LIMIT");
  });
});
