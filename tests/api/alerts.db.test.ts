import { and, eq, inArray, sql } from "drizzle-orm";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as clientBooking } from "@/app/v3/appointments/new-appointment/route";
import { DELETE as clientCancel } from "@/app/v3/appointments/delete/[id]/route";
import { POST as postBooking } from "@/app/v3/staff/shops/[shop_id]/agenda/bookings/route";
import { PUT as putTime } from "@/app/v3/staff/shops/[shop_id]/agenda/bookings/[booking_id]/time/route";
import { GET as getAlerts, PUT as putAlerts } from "@/app/v3/staff/shops/[shop_id]/alerts/route";
import { afterQuietHours } from "@/lib/server/alerts/enqueue";
import { recordWhatsappOptIn, recordWhatsappOptOut } from "@/lib/server/appointments/messages";
import { rescheduleAppointment } from "@/lib/server/appointments/reschedule";
import { fromWallClock } from "@/lib/server/availability/zoned-time";
import type { Db } from "@/lib/server/db/client";
import { appointments, outbox, staffAlertPrefs, users, waitlist, whatsappConsents } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { deliverDue } from "@/lib/server/notifications/outbox";
import { consentKey } from "@/lib/server/notifications/whatsapp-window";
import { useMessageProviders } from "@/tests/fakes/message-providers";
import { call, freshPhone, params, randomIp } from "@/tests/factories/account";
import { createBarber, createBookableShop, createClient, expectError, localDate } from "@/tests/factories/booking";
import { makeMember } from "@/tests/factories/staff";

// The shop told of its bookings: who gets an alert of each change, by which channel and when, written in the
// change's own transaction.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const providers = useMessageProviders({ MESSAGE_RETRY_BASE_MS: "10" });

const DAY = localDate(6);
const TZ = "America/Sao_Paulo";

async function makeShop() {
  const f = await createBookableShop(db());
  const barber2 = await createBarber(db(), f.shop.id, { name: "Zé Segundo" });
  await db().execute(sql`insert into barber_services (barber_id, service_id) values (${barber2.id}, ${f.cut.id})`);
  const team = {
    owner: await makeMember(db(), f.shop.id, ["owner"]),
    manager: await makeMember(db(), f.shop.id, ["manager"]),
    desk: await makeMember(db(), f.shop.id, ["front_desk"]),
    barber: await makeMember(db(), f.shop.id, ["barber"], f.barber.id),
    barber2: await makeMember(db(), f.shop.id, ["barber"], barber2.id),
  };
  return { ...f, barber2, team };
}

const shopParams = (shopId: number) => params({ shop_id: String(shopId) });
const readPrefs = (shopId: number, token: string) => getAlerts(call(`/v3/staff/shops/${shopId}/alerts`, { token }), shopParams(shopId));
const savePrefs = (shopId: number, token: string, body: unknown, lng = "en") =>
  putAlerts(call(`/v3/staff/shops/${shopId}/alerts`, { method: "PUT", token, body, lng }), shopParams(shopId));
const prefs = (over: Record<string, unknown> = {}) => ({
  email: true,
  whatsapp: false,
  events: ["booked", "cancelled", "moved", "waitlist_filled"],
  quiet_from: null,
  quiet_until: null,
  ...over,
});
const bookOnline = (shopId: number, barberId: number, serviceId: number, start_hour: string) =>
  guestBooking(
    call("/v3/appointments/appointment-without-login", {
      method: "POST",
      ip: randomIp(),
      body: { barbershop_id: shopId, barber_id: barberId, services: [serviceId], date: DAY, start_hour, name: "Convidado Online", phone: freshPhone().masked },
    }),
  );

const bookAsClient = async (token: string, start_hour: string) =>
  clientBooking(
    call("/v3/appointments/new-appointment", {
      method: "POST",
      token,
      body: { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: DAY, start_hour },
    }),
  );

/** The alerts of one appointment: recipient, channel, and the moment each may go. */
async function alertsOf(appointmentId: number) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.appointmentId, appointmentId), eq(outbox.kind, "staff-alert")))
    .orderBy(outbox.id);
}
const emailsOf = (...members: { user: { email: string | null } }[]) => members.map((m) => m.user.email!).sort();

let f: Awaited<ReturnType<typeof makeShop>>;
let other: Awaited<ReturnType<typeof createBookableShop>> & { barberMember: Awaited<ReturnType<typeof makeMember>> };
beforeAll(async () => {
  f = await makeShop();
  const o = await createBookableShop(db());
  other = { ...o, barberMember: await makeMember(db(), o.shop.id, ["barber"], o.barber.id) };
}, 60_000);

describe("each member's own preferences", () => {
  it("starts with e-mail on for every event, and saves a member's own choice only", async () => {
    const res = await readPrefs(f.shop.id, f.team.barber2.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: true,
      whatsapp: false,
      events: ["booked", "cancelled", "moved", "waitlist_filled"],
      quiet_from: null,
      timezone: TZ,
      scope: "own",
      has_email: true,
    });
    expect((await (await readPrefs(f.shop.id, f.team.desk.token)).json()).scope).toBe("shop");
    const saved = await savePrefs(f.shop.id, f.team.barber2.token, prefs({ events: ["cancelled"], quiet_from: "22:00", quiet_until: "07:00" }));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ events: ["cancelled"], quiet_from: "22:00", quiet_until: "07:00" });
    // A colleague's stay as they were.
    const rows = await db().select().from(staffAlertPrefs).where(eq(staffAlertPrefs.barbershopId, f.shop.id));
    expect(rows.map((r) => r.staffId)).toEqual([f.team.barber2.member.id]);
    expect(rows[0].language).toBe("en");
    await savePrefs(f.shop.id, f.team.barber2.token, prefs());
  });

  it("refuses half quiet hours and WhatsApp without a phone, saving nothing; a member of another shop is refused", async () => {
    await expectError(await savePrefs(f.shop.id, f.team.owner.token, prefs({ quiet_from: "22:00" })), 400, "VALIDATION_FAILED");
    const phoneless = await makeMember(db(), f.shop.id, ["manager"]);
    await db().update(users).set({ phone: null }).where(eq(users.id, phoneless.user.id));
    const body = await expectError(await savePrefs(f.shop.id, phoneless.token, prefs({ whatsapp: true }), "pt-BR"), 422, "ALERTS_NO_PHONE");
    expect(body.error).toMatch(/telefone/);
    expect(await db().select().from(staffAlertPrefs).where(eq(staffAlertPrefs.staffId, phoneless.member.id))).toEqual([]);
    await expectError(await readPrefs(f.shop.id, other.barberMember.token), 403, "NOT_SHOP_STAFF");
    await expectError(await savePrefs(f.shop.id, other.barberMember.token, prefs()), 403, "NOT_SHOP_STAFF");
    await db().delete(users).where(eq(users.id, phoneless.user.id));
  });

  it("takes WhatsApp on as the member's yes, and a PARAR withdraws it", async () => {
    const res = await savePrefs(f.shop.id, f.team.manager.token, prefs({ whatsapp: true }), "es");
    expect((await res.json()).whatsapp).toBe(true);
    const [consent] = await db()
      .select()
      .from(whatsappConsents)
      .where(eq(whatsappConsents.phoneHash, consentKey(f.team.manager.user.phone!)));
    expect(consent.optedInAt).not.toBeNull();
    await recordWhatsappOptOut(db(), f.team.manager.user.phone!.replace(/\D/g, ""), new Date(Date.now() + 1000));
    expect((await (await readPrefs(f.shop.id, f.team.manager.token)).json()).whatsapp).toBe(false);
    await recordWhatsappOptIn(db(), f.team.manager.user.phone!, new Date(Date.now() + 2000));
    expect((await (await readPrefs(f.shop.id, f.team.manager.token)).json()).whatsapp).toBe(true);
  });
});

describe("alerts of each change", () => {
  it("tells the barber concerned and the owner, manager and front desk of a booking on the site, each by his channels", async () => {
    const res = await bookOnline(f.shop.id, f.barber.id, f.cut.id, "09:00");
    expect(res.status).toBe(201);
    const { appointment } = await res.json();
    const rows = await alertsOf(appointment.id);
    const email = rows.filter((r) => r.channel === "email");
    expect(email.map((r) => r.recipient).sort()).toEqual(emailsOf(f.team.owner, f.team.manager, f.team.desk, f.team.barber));
    // The colleague's barber and the other shop's barber hear nothing of it.
    expect(rows.map((r) => r.recipient)).not.toContain(f.team.barber2.user.email);
    expect(rows.map((r) => r.recipient)).not.toContain(other.barberMember.user.email);
    // The manager said yes to WhatsApp: the utility template, in his language (Spanish).
    const wa = rows.filter((r) => r.channel === "whatsapp");
    expect(wa.map((r) => r.recipient)).toEqual([f.team.manager.user.phone]);
    expect(wa[0].payload).toMatchObject({ whatsapp: { name: "navalha_staff_booking_alert", language: "es" } });
    expect((wa[0].payload as { whatsapp: { body: string[] } }).whatsapp.body[0]).toBe("Nueva reserva");
    const managerMail = email.find((r) => r.recipient === f.team.manager.user.email)!;
    expect(managerMail.subject).toMatch(/^Nueva reserva: Convidado Online/);
    const ownerMail = email.find((r) => r.recipient === f.team.owner.user.email)!;
    expect(ownerMail.subject).toMatch(/^Novo agendamento: Convidado Online/);
    expect(ownerMail.body).toContain(`/painel/${f.shop.id}/agenda?dia=${DAY}`);
    expect((ownerMail.payload as { mjml: string }).mjml).toContain("<mjml");
    for (const r of rows) expect(r.sendAfter.getTime()).toBeLessThanOrEqual(Date.now());
    // One row per change and person: writing the same alert again (another process, a retry) adds nothing.
    expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(rows.length);
  });

  it("does not alert the member who made the change: a front-desk booking, a manager's move", async () => {
    const booked = await postBooking(
      call(`/v3/staff/shops/${f.shop.id}/agenda/bookings`, {
        method: "POST",
        token: f.team.desk.token,
        body: {
          barber_id: f.barber2.id,
          date: DAY,
          start_hour: "10:00",
          services: [f.cut.id],
          client: { name: "Cliente do Balcão", phone: freshPhone().masked },
        },
      }),
      shopParams(f.shop.id),
    );
    expect(booked.status).toBe(201);
    const { booking } = await booked.json();
    let rows = await alertsOf(booking.id);
    expect(
      rows
        .filter((r) => r.channel === "email")
        .map((r) => r.recipient)
        .sort(),
    ).toEqual(emailsOf(f.team.owner, f.team.manager, f.team.barber2));

    const moved = await putTime(
      call(`/v3/staff/shops/${f.shop.id}/agenda/bookings/${booking.id}/time`, {
        method: "PUT",
        token: f.team.manager.token,
        body: { date: DAY, start_hour: "11:00" },
      }),
      params({ shop_id: String(f.shop.id), booking_id: String(booking.id) }),
    );
    expect(moved.status).toBe(200);
    rows = (await alertsOf(booking.id)).filter((r) => r.dedupeKey?.includes(":moved:"));
    expect(rows.map((r) => r.recipient).sort()).toEqual(emailsOf(f.team.owner, f.team.desk, f.team.barber2));
    expect(rows.find((r) => r.recipient === f.team.owner.user.email)!.subject).toMatch(/^Remarcado: Cliente do Balcão/);
  });

  it("tells of a client's cancellation, by the events each chose; a member who left it out hears nothing", async () => {
    await savePrefs(f.shop.id, f.team.desk.token, prefs({ events: ["booked"] }));
    const client = await createClient(db(), { name: "Cliente Que Cancela" });
    const res = await clientBooking(
      call("/v3/appointments/new-appointment", {
        method: "POST",
        token: client.token,
        body: { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: DAY, start_hour: "12:00" },
      }),
    );
    const { appointment } = await res.json();
    const cancelled = await clientCancel(
      call(`/v3/appointments/delete/${appointment.id}`, { method: "DELETE", token: client.token }),
      params({ id: String(appointment.id) }),
    );
    expect(cancelled.status).toBe(200);
    const rows = (await alertsOf(appointment.id)).filter((r) => r.channel === "email" && r.dedupeKey?.includes(":cancelled:"));
    expect(rows.map((r) => r.recipient).sort()).toEqual(emailsOf(f.team.owner, f.team.manager, f.team.barber));
    expect(rows[0].subject).toMatch(/^(Cancelado|Cancelada|Cancelled): Cliente Que Cancela/);
    await savePrefs(f.shop.id, f.team.desk.token, prefs());
  });

  it("tells of a waitlist place filled when the client told of a freed time books that day", async () => {
    const client = await createClient(db(), { name: "Cliente da Lista" });
    await db()
      .insert(waitlist)
      .values({ userId: client.user.id, barbershopId: f.shop.id, day: DAY, serviceIds: [f.cut.id], language: "pt-BR", notifiedAt: new Date() });
    const res = await clientBooking(
      call("/v3/appointments/new-appointment", {
        method: "POST",
        token: client.token,
        body: { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: DAY, start_hour: "13:00" },
      }),
    );
    const { appointment } = await res.json();
    const rows = (await alertsOf(appointment.id)).filter((r) => r.channel === "email");
    expect(rows.length).toBe(4);
    expect(rows.every((r) => r.dedupeKey!.includes(":waitlist_filled:"))).toBe(true);
  });

  it("holds an alert due in a member's quiet hours until they end, in the shop's time zone", async () => {
    const at = (date: string, hhmm: string) => fromWallClock(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), TZ)!;
    const night = { from: 22 * 60, until: 7 * 60 };
    expect(afterQuietHours(at(DAY, "23:30"), TZ, night)).toEqual(at(localDate(7), "07:00"));
    expect(afterQuietHours(at(DAY, "03:00"), TZ, night)).toEqual(at(DAY, "07:00"));
    expect(afterQuietHours(at(DAY, "12:00"), TZ, night)).toEqual(at(DAY, "12:00"));
    expect(afterQuietHours(at(DAY, "13:00"), TZ, { from: 12 * 60, until: 14 * 60 })).toEqual(at(DAY, "14:00"));

    // The barber is quiet all day but the last minute: his alert of a booking made now waits; the owner's goes.
    const now = new Date();
    const { minutes } = (await import("@/lib/server/availability/zoned-time")).toWallClock(now, TZ);
    const until = (minutes + 1) % 1440;
    const from = (minutes + 2) % 1440;
    const hh = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    await savePrefs(f.shop.id, f.team.barber.token, prefs({ quiet_from: hh(from), quiet_until: hh(until) }));
    const res = await bookOnline(f.shop.id, f.barber.id, f.cut.id, "14:00");
    const { appointment } = await res.json();
    const rows = await alertsOf(appointment.id);
    const barberRow = rows.find((r) => r.recipient === f.team.barber.user.email)!;
    const ownerRow = rows.find((r) => r.recipient === f.team.owner.user.email)!;
    expect(barberRow.sendAfter.getTime()).toBeGreaterThan(Date.now());
    expect(barberRow.sendAfter.getTime() - Date.now()).toBeLessThanOrEqual(2 * 60_000);
    expect(ownerRow.sendAfter.getTime()).toBeLessThanOrEqual(Date.now());
    await savePrefs(f.shop.id, f.team.barber.token, prefs());
  });

  it("writes alerts with the change's transaction: none when it fails, the booking unmoved", async () => {
    const client = await createClient(db(), { name: "Cliente Movido" });
    const res = await bookAsClient(client.token, "15:00");
    const { appointment } = await res.json();
    expect(res.status).toBe(201);
    const before = (await alertsOf(appointment.id)).length;
    expect(before).toBeGreaterThan(0);
    await expect(
      rescheduleAppointment(
        db(),
        appointment.id,
        { date: DAY, start_hour: "16:00" },
        { user: null, staffShopId: f.shop.id, staffUserId: f.team.owner.user.id },
        new Date(),
        async () => {
          throw new Error("the record of the move could not be written");
        },
      ),
    ).rejects.toThrow("could not be written");
    expect((await alertsOf(appointment.id)).length).toBe(before);
    const [row] = await db().select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row.startsAt).toEqual(fromWallClock(DAY, 15 * 60, TZ));
    // A booking refused (the time is taken) leaves no alert behind either.
    const count = async () => (await db().select({ id: outbox.id }).from(outbox).where(eq(outbox.kind, "staff-alert"))).length;
    const total = await count();
    const rival = await createClient(db(), { name: "Cliente Atrasado" });
    expect((await bookAsClient(rival.token, "15:00")).status).toBe(409);
    expect(await count()).toBe(total);
  });

  it("never tells a barber of another shop, nor this shop's staff of the other shop's bookings", async () => {
    const res = await bookOnline(other.shop.id, other.barber.id, other.cut.id, "09:00");
    const { appointment } = await res.json();
    const rows = await alertsOf(appointment.id);
    expect(rows.map((r) => r.recipient)).toEqual([other.barberMember.user.email]);
    const ours = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.appointmentId, appointment.id), inArray(outbox.recipient, emailsOf(f.team.owner, f.team.manager, f.team.desk, f.team.barber))));
    expect(ours).toEqual([]);
  });

  it("reaches the members through the outbox: the e-mail in the inbox, the WhatsApp template as the Cloud API takes it", async () => {
    const client = await createClient(db(), { name: "Cliente Entregue" });
    const res = await bookAsClient(client.token, "16:30");
    expect(res.status).toBe(201);
    const { appointment } = await res.json();
    const rows = await alertsOf(appointment.id);
    expect(rows.length).toBe(5);
    expect(rows.every((r) => r.status === "pending")).toBe(true);
    for (let i = 0; i < 5; i++) await deliverDue(db(), { limit: 200 });
    const after = await alertsOf(appointment.id);
    expect(after.map((r) => r.status)).toEqual(rows.map(() => "sent"));
    // The raw message is quoted-printable: read as written.
    const decoded = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const mails = providers.mail.messages.filter((m) => decoded(m.raw).includes(`agenda?dia=${DAY}`) && decoded(m.raw).includes("Cliente Entregue"));
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining(emailsOf(f.team.owner, f.team.desk, f.team.barber)));
    const digits = f.team.manager.user.phone!.replace(/\D/g, "");
    const sent = providers.cloud.sent
      .filter((m) => m.to === digits)
      .map((m) => (m.body as { template?: { name: string; language: { code: string } } }).template);
    expect(sent.map((t) => [t?.name, t?.language.code])).toContainEqual(["navalha_staff_booking_alert", "es"]);
    // Sent once: the worker running again sends nothing more.
    const count = providers.cloud.sent.length;
    await deliverDue(db(), { limit: 200 });
    expect(providers.cloud.sent.length).toBe(count);
  });
});
