import { and, desc, eq } from "drizzle-orm";
import { PUT as updateStatus } from "@/app/v3/appointment/update-status/[id]/[status]/route";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { DELETE as leave } from "@/app/v3/waitlist/guest/[id]/route";
import { POST as leaveForm } from "@/app/v3/waitlist/guest/[id]/leave/route";
import { POST as join } from "@/app/v3/waitlist/guest/route";
import { ZGuestWaitlistAnswer } from "@/lib/contract/waitlist";
import { fromWallClock } from "@/lib/server/availability/zoned-time";
import type { Db } from "@/lib/server/db/client";
import { outbox, verifiedPhones, waitlist } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { guestPhoneHash } from "@/lib/server/appointments/guest-phone";
import { recordWhatsappOptOut } from "@/lib/server/appointments/messages";
import { guestWaitlistEntryByToken } from "@/lib/server/waitlist/guest";
import { createBookableShop, createClient, expectError, insertAppointment, localDate, params, req } from "@/tests/factories/booking";

// A guest's "tell me if a time frees up" (POST /v3/waitlist/guest, decision 0036): the phone is proved
// by the WhatsApp code of a guest booking, the entry is told by WhatsApp only, and the answer's token takes it back.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const at = (day: string, hour: string) => fromWallClock(day, Number(hour.slice(0, 2)) * 60 + Number(hour.slice(3)), "America/Sao_Paulo")!;
let n = 0;
const newPhone = () => {
  const digits = String(60_000_000 + ++n * 173 + Math.floor(Math.random() * 100)).slice(0, 8);
  return { masked: `(31) 9${digits.slice(0, 4)}-${digits.slice(4)}`, e164: `+55319${digits}` };
};
/** `cookie`: what the browser sends back of an earlier answer's Set-Cookie (the phone's proof). */
const ask = (body: Record<string, unknown>, lang = "pt-BR", cookie?: string) =>
  join(req("/v3/waitlist/guest", { method: "POST", body, headers: { "accept-language": lang, ...(cookie ? { cookie } : {}) } }));
const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0];
const takeBack = (id: number, token: string) =>
  leave(req(`/v3/waitlist/guest/${id}?token=${encodeURIComponent(token)}`, { method: "DELETE" }), params({ id: String(id) }));
const cancel = (id: number, token: string) =>
  updateStatus(req(`/v3/appointment/update-status/${id}/cancelled`, { method: "PUT", token }), params({ id: String(id), status: "cancelled" }));
const whatsappTo = async (e164: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, e164), eq(outbox.channel, "whatsapp")))
    .orderBy(desc(outbox.id));

/** A shop whose one barber is booked all day in five days: a client's cut at 09:00 (through the API), then the rest. */
async function fullDay() {
  const f = await createBookableShop(db());
  const day = localDate(5);
  const cutClient = await createClient(db());
  const booked = await newAppointment(
    req("/v3/appointments/new-appointment", {
      method: "POST",
      token: cutClient.token,
      body: { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: day, start_hour: "09:00" },
    }),
  );
  expect(booked.status).toBe(201);
  await insertAppointment(db(), { shopId: f.shop.id, barberId: f.barber.id, serviceId: f.cut.id, clientId: null, startsAt: at(day, "09:30"), minutes: 510 });
  return { ...f, day, cutClient, cutId: (await booked.json()).appointment.id as number };
}

it("a guest proves the phone by the WhatsApp code, is told by WhatsApp when a time frees up, and a proved phone is not asked again", async () => {
  const { shop, barber, cut, day, cutClient, cutId } = await fullDay();
  const phone = newPhone();
  const body = { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: day, name: "Carla Souza", phone: phone.masked };

  // No code yet: one goes out by WhatsApp, nothing is written.
  await expectError(await ask(body), 428, "PHONE_VERIFICATION_REQUIRED");
  const [codeMessage] = await whatsappTo(phone.e164);
  expect(codeMessage.body).toContain("seu código para confirmar o aviso de horário livre");
  const code = /\b(\d{6})\b/.exec(codeMessage.body)![1];
  expect(await db().$count(waitlist, eq(waitlist.guestPhone, phone.e164))).toBe(0);
  await expectError(await ask({ ...body, phone_code: code === "000000" ? "111111" : "000000" }), 422, "INVALID_CODE");
  expect(await db().$count(waitlist, eq(waitlist.guestPhone, phone.e164))).toBe(0);

  const asked = await ask({ ...body, phone_code: code });
  expect(asked.status).toBe(201);
  const { entry, token } = ZGuestWaitlistAnswer.parse(await asked.json());
  expect(entry).toMatchObject({
    barbershop: { id: shop.id },
    barber: { id: barber.id },
    services: [{ id: cut.id }],
    date: day,
    periods: [],
    notified_at: null,
  });
  expect(token.length).toBeGreaterThan(20);
  expect(await db().$count(verifiedPhones, eq(verifiedPhones.phoneHash, guestPhoneHash(phone.e164)))).toBe(1);
  // Asking again from the same browser (a proved phone needs no code) replaces the entry: still one.
  const again = await ask(body, "pt-BR", cookieOf(asked));
  expect(again.status).toBe(201);
  expect(ZGuestWaitlistAnswer.parse(await again.json()).entry.id).toBe(entry.id);
  expect(await db().$count(waitlist, eq(waitlist.guestPhone, phone.e164))).toBe(1);
  // Another browser giving the same phone is asked for a code, and changes nothing.
  await expectError(await ask({ ...body, periods: ["morning"] }), 428, "PHONE_VERIFICATION_REQUIRED");

  // The 09:00 cut is cancelled: the guest is told on WhatsApp, greeted by name, with the time and the link.
  expect((await cancel(cutId, cutClient.token)).status).toBe(200);
  const told = (await whatsappTo(phone.e164)).filter((m) => m.kind === "waitlist");
  expect(told).toHaveLength(1);
  expect(told[0].body).toContain("Carla");
  expect(told[0].body).toContain("09:00");
  expect(told[0].body).toContain(`/barbearia/${shop.slug}/agendar?service=${cut.id}&barber=${barber.id}&date=${day}&step=when`);
  expect(told[0].payload).toMatchObject({
    whatsapp: { name: "navalha_waitlist_time_free", body: ["Carla", shop.name, expect.any(String), "09:00", expect.any(String)] },
  });
  const [row] = await db().select().from(waitlist).where(eq(waitlist.id, entry.id));
  expect(row.notifiedAt).not.toBeNull();
});

it("a day with a time sends no code and writes nothing; a bad phone is refused; the token takes the entry back and nothing else does", async () => {
  const { shop, barber, cut, day } = await fullDay();
  const phone = newPhone();
  const open = { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: localDate(6), name: "Davi Rocha", phone: phone.masked };
  await expectError(await ask(open), 422, "WAITLIST_DAY_HAS_TIMES");
  expect(await whatsappTo(phone.e164)).toHaveLength(0);
  expect((await ask({ ...open, date: day, phone: "(11) 1234-5678" })).status).toBe(400);
  expect(await db().$count(waitlist, eq(waitlist.barbershopId, shop.id))).toBe(0);

  const body = { ...open, date: day };
  await expectError(await ask(body), 428, "PHONE_VERIFICATION_REQUIRED");
  const code = /\b(\d{6})\b/.exec((await whatsappTo(phone.e164))[0].body)![1];
  const { entry, token } = ZGuestWaitlistAnswer.parse(await (await ask({ ...body, phone_code: code })).json());

  // Another guest's token, or a made-up one, is 404 and leaves it; its own takes it back, twice is fine.
  const other = newPhone();
  await expectError(await ask({ ...body, phone: other.masked }), 428, "PHONE_VERIFICATION_REQUIRED");
  const otherCode = /\b(\d{6})\b/.exec((await whatsappTo(other.e164))[0].body)![1];
  const otherToken = ZGuestWaitlistAnswer.parse(await (await ask({ ...body, phone: other.masked, phone_code: otherCode })).json()).token;
  expect((await takeBack(entry.id, otherToken)).status).toBe(404);
  expect((await takeBack(entry.id, "made-up")).status).toBe(404);
  expect(await db().$count(waitlist, eq(waitlist.id, entry.id))).toBe(1);
  expect((await takeBack(entry.id, token)).status).toBe(204);
  expect(await db().$count(waitlist, eq(waitlist.id, entry.id))).toBe(0);
  expect((await takeBack(entry.id, token)).status).toBe(204);
});

it("a guest who cancels their own booking is not told of the time it frees; another guest waiting is", async () => {
  const f = await createBookableShop(db());
  const day = localDate(5);
  const own = newPhone();
  const booked = await guestBooking(
    req("/v3/appointments/appointment-without-login", {
      method: "POST",
      body: { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: day, start_hour: "09:00", name: "Elisa Prado", phone: own.masked },
    }),
  );
  expect(booked.status).toBe(201);
  const { appointment, manage_token } = await booked.json();
  await insertAppointment(db(), { shopId: f.shop.id, barberId: f.barber.id, serviceId: f.cut.id, clientId: null, startsAt: at(day, "09:30"), minutes: 510 });
  const body = { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: day };
  const other = newPhone();
  for (const [phone, name] of [
    [own, "Elisa Prado"],
    [other, "Fábio Reis"],
  ] as const) {
    await expectError(await ask({ ...body, name, phone: phone.masked }), 428, "PHONE_VERIFICATION_REQUIRED");
    const code = /\b(\d{6})\b/.exec((await whatsappTo(phone.e164))[0].body)![1];
    expect((await ask({ ...body, name, phone: phone.masked, phone_code: code })).status).toBe(201);
  }
  const cancelled = await updateStatus(
    req(`/v3/appointment/update-status/${appointment.id}/cancelled?manage_token=${manage_token}`, { method: "PUT" }),
    params({ id: String(appointment.id), status: "cancelled" }),
  );
  expect(cancelled.status).toBe(200);
  expect((await whatsappTo(own.e164)).filter((m) => m.kind === "waitlist")).toHaveLength(0);
  expect((await whatsappTo(other.e164)).filter((m) => m.kind === "waitlist")).toHaveLength(1);
});

it("a guest who answers PARAR after asking is not told", async () => {
  const { shop, barber, cut, day, cutClient, cutId } = await fullDay();
  const phone = newPhone();
  const body = { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: day, name: "Gil Matos", phone: phone.masked };
  await expectError(await ask(body), 428, "PHONE_VERIFICATION_REQUIRED");
  const code = /\b(\d{6})\b/.exec((await whatsappTo(phone.e164))[0].body)![1];
  expect((await ask({ ...body, phone_code: code })).status).toBe(201);
  await recordWhatsappOptOut(db(), phone.e164.slice(1), new Date(Date.now() + 1000));
  expect((await cancel(cutId, cutClient.token)).status).toBe(200);
  expect((await whatsappTo(phone.e164)).filter((m) => m.kind === "waitlist")).toHaveLength(0);
});

it("a new entry is confirmed on WhatsApp with the link to its page, in the guest's language; the page's form takes it back", async () => {
  const { shop, barber, cut, day } = await fullDay();
  const phone = newPhone();
  const body = { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: day, name: "Hana Ito", phone: phone.masked };
  await expectError(await ask(body, "en"), 428, "PHONE_VERIFICATION_REQUIRED");
  const code = /\b(\d{6})\b/.exec((await whatsappTo(phone.e164))[0].body)![1];
  const proved = await ask({ ...body, phone_code: code }, "en");
  const { entry, token } = ZGuestWaitlistAnswer.parse(await proved.json());
  const confirmations = async () => (await whatsappTo(phone.e164)).filter((m) => m.kind === "waitlist-asked");
  const [confirmation] = await confirmations();
  const link = `/aviso/${entry.id}?t=${token}&lng=en`;
  expect(confirmation.body).toMatch(/^Hana, you're set: we'll tell you here if a time frees up at .+ on \w+day, /);
  expect(confirmation.body).toContain(`Cancel the alert: http`);
  expect(confirmation.body.endsWith(link)).toBe(true);
  expect(confirmation.payload).toMatchObject({
    whatsapp: { name: "navalha_waitlist_asked", language: "en", body: ["Hana", shop.name, expect.any(String), expect.stringContaining(link)] },
  });
  expect(confirmation.secretExpiresAt).not.toBeNull();
  // Changing a waiting entry (asked again, a proved phone needs no code) sends nothing more.
  expect((await ask(body, "en", cookieOf(proved))).status).toBe(201);
  expect(await confirmations()).toHaveLength(1);

  // The page reads the entry with its own token only.
  expect(await guestWaitlistEntryByToken(db(), entry.id, token)).toMatchObject({ id: entry.id, date: day, barbershop: { id: shop.id } });
  expect(await guestWaitlistEntryByToken(db(), entry.id, token.slice(1))).toBeNull();
  expect(await guestWaitlistEntryByToken(db(), entry.id + 1000, token)).toBeNull();

  // Its form: a wrong token goes back to the page (which says the link is not valid) and leaves the entry; the right one
  // takes it back and says so; JSON answers 204; nothing without a token.
  const post = (t: string, form = true) =>
    leaveForm(
      req(
        `/v3/waitlist/guest/${entry.id}/leave`,
        form
          ? { method: "POST", body: new URLSearchParams({ t, lng: "en" }).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } }
          : { method: "POST", body: { t } },
      ),
      params({ id: String(entry.id) }),
    );
  const wrong = await post("made-up-token");
  expect(wrong.status).toBe(303);
  expect(wrong.headers.get("location")).toBe(`/aviso/${entry.id}?t=made-up-token&lng=en`);
  expect(await db().$count(waitlist, eq(waitlist.id, entry.id))).toBe(1);
  const right = await post(token);
  expect(right.status).toBe(303);
  expect(right.headers.get("location")).toBe(`${link}&done=left`);
  expect(await db().$count(waitlist, eq(waitlist.id, entry.id))).toBe(0);
  expect((await post(token, false)).status).toBe(204);
  expect((await post("", false)).status).toBe(400);
});
