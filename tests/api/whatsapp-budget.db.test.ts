// What WhatsApp codes may cost: a budget an hour per destination prefix and one for all codes (decision 0047).
// Hundreds of people on different prefixes get their codes; a pump of many numbers under one prefix stops
// there, with 429 WHATSAPP_SEND_LIMIT, Retry-After and the message in the caller's language, and the codes
// already written still go.
import { and, eq, like } from "drizzle-orm";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as sendWhatsapp } from "@/app/v3/send-whatsapp/route";
import type { Db } from "@/lib/server/db/client";
import { outbox, rateLimits } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { resetEnvCache } from "@/lib/server/env";
import { settleAfterResponse } from "@/lib/server/http/after-response";
import { destinationPrefix } from "@/lib/server/notifications/whatsapp-budget";
import { call, makeAccount, randomIp } from "@/tests/factories/account";
import { createBookableShop, localDate } from "@/tests/factories/booking";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
jest.setTimeout(120_000);

afterEach(async () => {
  await settleAfterResponse();
  for (const k of ["WHATSAPP_SENDS_PER_HOUR", "WHATSAPP_SENDS_PER_PREFIX_HOUR"]) delete process.env[k];
  resetEnvCache();
});

const DDDS = ["11", "21", "31", "41", "51", "61", "71", "81"];
let tail = Math.floor(Math.random() * 900_000);
/** A mobile under the `i`th of many prefixes (area code, the ninth digit, two more digits). */
function phoneOnPrefix(i: number): string {
  const ddd = DDDS[Math.floor(i / 40) % DDDS.length];
  const two = String(60 + (i % 40));
  return `+55${ddd}9${two}${String(100_000 + (tail++ % 900_000))}`;
}
/** As the pages mask it: (11) 98765-4321. */
const masked = (e164: string) => `(${e164.slice(3, 5)}) ${e164.slice(5, 10)}-${e164.slice(10)}`;
/** A mobile under the one prefix a pump aims at. */
const pumpedPhone = () => `+5512987${String(100_000 + (tail++ % 900_000))}`;

const ask = (phone: string, lng = "pt-BR") => sendWhatsapp(call("/v3/send-whatsapp", { ip: randomIp(), lng, body: { phone } }));
const codesTo = (phone: string) => db().$count(outbox, and(eq(outbox.recipient, phone), eq(outbox.channel, "whatsapp")));

it("names a prefix by the number's first digits with the ninth digit, so both of its forms spend from one budget", () => {
  expect(destinationPrefix("+5511987654321")).toBe("5511987");
  expect(destinationPrefix("+553187654321")).toBe(destinationPrefix("+5531987654321"));
  expect(destinationPrefix("+14155550123", 4)).toBe("1415");
});

it("200 people on different prefixes each get a code, while a pump of one prefix stops at its budget and what it queued still goes", async () => {
  process.env.WHATSAPP_SENDS_PER_PREFIX_HOUR = "10";
  resetEnvCache();
  const people = [];
  for (let i = 0; i < 200; i++) people.push(await makeAccount(db(), { phone: phoneOnPrefix(i) }));
  expect(new Set(people.map((p) => destinationPrefix(p.user.phone!))).size).toBe(200);

  // The pump: numbers under one prefix, each new (so no per-phone limit holds them), from addresses of their own.
  const pumped = [];
  for (let i = 0; i < 10; i++) {
    const { user } = await makeAccount(db(), { phone: pumpedPhone() });
    pumped.push(user.phone!);
    expect((await ask(user.phone!)).status).toBe(202);
  }
  const stopped = await ask(pumpedPhone(), "es");
  expect(stopped.status).toBe(429);
  expect(Number(stopped.headers.get("retry-after"))).toBeGreaterThan(3000);
  expect(await stopped.json()).toEqual({
    error: "Se enviaron demasiados códigos por WhatsApp en la última hora. Inténtalo de nuevo en 60 min, o usa tu e-mail si tienes uno.",
    code: "WHATSAPP_SEND_LIMIT",
  });
  const again = await ask(pumpedPhone(), "en");
  expect(again.status).toBe(429);
  expect((await again.json()).error).toMatch(/^Too many WhatsApp codes have been sent in the last hour/);
  // A refused send spends nothing: the prefix's counter stays at its budget.
  const [counter] = await db().select().from(rateLimits).where(eq(rateLimits.key, "wa_code_prefix:5512987"));
  expect(counter.points).toBe(10);

  // The codes the pump had already queued are kept and go.
  await settleAfterResponse();
  for (const phone of pumped) expect(await codesTo(phone)).toBe(1);

  // Everyone else, on their own prefixes, asks and gets a code.
  for (const p of people) expect((await ask(p.user.phone!)).status).toBe(202);
  await settleAfterResponse();
  for (const p of people) expect(await codesTo(p.user.phone!)).toBe(1);
});

it("the hour of all codes stops every prefix once it is spent, a guest's code included", async () => {
  await db().delete(rateLimits).where(like(rateLimits.key, "wa_code_%"));
  process.env.WHATSAPP_SENDS_PER_HOUR = "3";
  resetEnvCache();
  for (let i = 0; i < 3; i++) expect((await ask(phoneOnPrefix(i))).status).toBe(202);
  const refused = await ask(phoneOnPrefix(100));
  expect(refused.status).toBe(429);
  expect((await refused.json()).code).toBe("WHATSAPP_SEND_LIMIT");

  // A guest booking that needs a code: 429 instead of 428, and no code row is written.
  const shop = await createBookableShop(db());
  const body = { barbershop_id: shop.shop.id, barber_id: shop.barber.id, services: [shop.cut.id], date: localDate(3), name: "Visitante" };
  const answers: number[] = [];
  const hours = ["09:00", "09:30", "10:00", "10:30", "11:00"];
  const phones = hours.map((_, i) => phoneOnPrefix(150 + i));
  for (let i = 0; i < hours.length; i++) {
    const res = await guestBooking(
      call("/v3/appointments/appointment-without-login", { ip: randomIp(), body: { ...body, start_hour: hours[i], phone: masked(phones[i]) } }),
    );
    answers.push(res.status);
  }
  // The shop's first few guest bookings need no code; then a code is needed and none may go.
  expect(answers.slice(0, 3)).toEqual([201, 201, 201]);
  expect(answers.slice(3)).toEqual([429, 429]);
  for (const phone of phones) expect(await codesTo(phone)).toBe(0);
});
