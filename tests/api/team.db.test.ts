import { and, eq, like } from "drizzle-orm";
import { POST as acceptRoute } from "@/app/v3/staff/invitations/[token]/accept/route";
import { GET as previewRoute } from "@/app/v3/staff/invitations/[token]/route";
import { POST as photoRoute } from "@/app/v3/staff/shops/[shop_id]/barbers/[barber_id]/photo/route";
import { GET as barberRoute, PUT as putBarberRoute } from "@/app/v3/staff/shops/[shop_id]/barbers/[barber_id]/route";
import { PUT as servicesRoute } from "@/app/v3/staff/shops/[shop_id]/barbers/[barber_id]/services/route";
import { DELETE as deleteTimeOffRoute } from "@/app/v3/staff/shops/[shop_id]/barbers/[barber_id]/time-off/[time_off_id]/route";
import { POST as timeOffRoute } from "@/app/v3/staff/shops/[shop_id]/barbers/[barber_id]/time-off/route";
import { PUT as timeRoute } from "@/app/v3/staff/shops/[shop_id]/barbers/[barber_id]/time/route";
import { GET as historyRoute } from "@/app/v3/staff/shops/[shop_id]/history/route";
import { DELETE as revokeRoute } from "@/app/v3/staff/shops/[shop_id]/invitations/[invitation_id]/route";
import { GET as listInvitationsRoute, POST as inviteRoute } from "@/app/v3/staff/shops/[shop_id]/invitations/route";
import { GET as removalPreviewRoute, POST as removalRoute } from "@/app/v3/staff/shops/[shop_id]/team/[staff_id]/removal/route";
import { loadBookingData } from "@/lib/server/availability/load";
import type { Db } from "@/lib/server/db/client";
import { appointments, appointmentServices, barberHours, barbers, barbershops, outbox, shopStaff, staffInvitations } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { call, makeAccount, params } from "@/tests/factories/account";
import { linkBarberService, makeBarber, makeService, openAllWeek } from "@/tests/factories/shops";
import { makeBooking, makeTwoShops } from "@/tests/factories/staff";

// The team as its owner and managers run it: invitations by e-mail and WhatsApp, each barber's own profile and
// time, his services with his own price and duration, and taking someone off the team with every booking resolved.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

let f: Awaited<ReturnType<typeof makeTwoShops>>;
beforeAll(async () => {
  f = await makeTwoShops(db());
  await openAllWeek(db(), f.shopA.id);
}, 60_000);

const shop = () => String(f.shopA.id);
const invite = (token: string, body: unknown, lng = "en", shopId = shop()) =>
  inviteRoute(call(`/v3/staff/shops/${shopId}/invitations`, { method: "POST", token, body, lng }), params({ shop_id: shopId }));
const preview = (t: string) => previewRoute(call(`/v3/staff/invitations/${t}`), params({ token: t }));
const accept = (t: string, token?: string, lng = "en") =>
  acceptRoute(call(`/v3/staff/invitations/${t}/accept`, { method: "POST", token, lng }), params({ token: t }));
const barberPath = (barberId: number, tail = "") => `/v3/staff/shops/${shop()}/barbers/${barberId}${tail}`;
const bp = (barberId: number, more: Record<string, string> = {}) => params({ shop_id: shop(), barber_id: String(barberId), ...more });

/** The link's token, read from the message the outbox holds for that recipient. */
async function tokenSentTo(recipient: string): Promise<string> {
  const [row] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, "staff-invitation")));
  const match = /\/convite\/([A-Za-z0-9_-]+)/.exec(row.body);
  expect(match).not.toBeNull();
  return match![1];
}

/** A future booking of a signed-in client (so that the shop's messages reach an e-mail), with one service. */
async function clientBooking(barberId: number, startsAt: Date, serviceId: number) {
  const client = await makeAccount(db());
  const booking = await makeBooking(db(), f.shopA.id, barberId, startsAt, { clientId: client.user.id, clientName: client.user.name });
  await db().insert(appointmentServices).values({ appointmentId: booking.id, serviceId, name: "Corte", price: "40.00", durationMinutes: 30 });
  return { booking, client };
}

/** The coming Thursday at hh:mm in São Paulo, a week or more away: always in the future. */
function nextWeek(hhmm: string, weeks = 1): Date {
  const now = new Date();
  const day = new Date(now.getTime() + weeks * 7 * 86_400_000);
  const offset = (4 - day.getUTCDay() + 7) % 7;
  const thursday = new Date(day.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${thursday}T${hhmm}:00-03:00`);
}

describe("invitations", () => {
  it("sends an e-mail with a single-use link whose token is kept only as a hash, and the invited barber joins with his account", async () => {
    const res = await invite(f.a.manager.token, { name: "Rafael Lima", roles: ["barber"], channel: "email", recipient: " Rafael@Example.com " });
    expect(res.status).toBe(201);
    const { invitation } = await res.json();
    expect(invitation).toMatchObject({ name: "Rafael Lima", roles: ["barber"], channel: "email", recipient: "rafael@example.com", status: "pending" });
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeGreaterThan(71 * 3_600_000);

    const token = await tokenSentTo("rafael@example.com");
    const [stored] = await db().select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
    expect(stored.tokenHash).not.toContain(token);
    const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, "rafael@example.com"));
    expect(mail).toMatchObject({ channel: "email", subject: `Invitation to the team of ${f.shopA.name}` });
    expect(mail.secretExpiresAt?.toISOString()).toBe(invitation.expires_at);

    const seen = await (await preview(token)).json();
    expect(seen).toMatchObject({ shop: { id: f.shopA.id, name: f.shopA.name }, name: "Rafael Lima", roles: ["barber"], status: "pending" });

    const rafael = await makeAccount(db(), { name: "Rafael Lima", email: "rafael@example.com" });
    const joined = await accept(token, rafael.token);
    expect(joined.status).toBe(200);
    const answer = await joined.json();
    expect(answer).toMatchObject({ shop_id: f.shopA.id, roles: ["barber"] });
    const [member] = await db().select().from(shopStaff).where(eq(shopStaff.id, answer.staff_id));
    expect(member).toMatchObject({ userId: rafael.user.id, roles: ["barber"], barberId: answer.barber_id });
    const [barber] = await db().select().from(barbers).where(eq(barbers.id, answer.barber_id));
    expect(barber).toMatchObject({ barbershopId: f.shopA.id, name: "Rafael Lima", userId: rafael.user.id, isActive: true });
    // He sees his own profile.
    const own = await barberRoute(call(barberPath(answer.barber_id), { token: rafael.token }), bp(answer.barber_id));
    expect((await own.json()).barber).toMatchObject({ id: answer.barber_id, name: "Rafael Lima", staff_id: answer.staff_id });

    // Single use: again, or by someone else, it is refused and changes nothing.
    const again = await accept(token, rafael.token, "pt-BR");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: "INVITATION_USED", error: "Este convite já foi usado. Peça um novo convite à barbearia." });
    const other = await makeAccount(db());
    expect((await (await accept(token, other.token)).json()).code).toBe("INVITATION_USED");
    expect(await db().select().from(shopStaff).where(eq(shopStaff.userId, other.user.id))).toEqual([]);
    expect((await (await preview(token)).json()).status).toBe("accepted");
  });

  it("sends WhatsApp through the declared utility template, to the number as E.164", async () => {
    const res = await invite(f.a.owner.token, { name: "Bia Souza", roles: ["front_desk"], channel: "whatsapp", recipient: "(11) 98877-6655" }, "es");
    expect(res.status).toBe(201);
    const [row] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, "+5511988776655"), eq(outbox.kind, "staff-invitation")));
    expect(row.channel).toBe("whatsapp");
    const template = (row.payload as { whatsapp: { name: string; language: string; body: string[] } }).whatsapp;
    expect(template).toMatchObject({ name: "navalha_staff_invitation", language: "es" });
    expect(template.body).toHaveLength(4);
    expect(template.body.slice(0, 3)).toEqual(["Bia Souza", f.shopA.name, "recepción"]);
    expect(template.body[3]).toMatch(/\/convite\/[A-Za-z0-9_-]{40,}/);
  });

  it("refuses a person invited twice, and one already on the team, with a clear message", async () => {
    expect((await invite(f.a.owner.token, { name: "Caio", roles: ["barber"], channel: "email", recipient: "caio@example.com" })).status).toBe(201);
    const twice = await invite(f.a.manager.token, { name: "Caio", roles: ["manager"], channel: "email", recipient: "CAIO@example.com" }, "pt-BR");
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({
      code: "INVITATION_PENDING",
      error: "Esta pessoa já tem um convite em aberto para esta barbearia. Cancele-o antes de convidar de novo.",
    });
    const onTeam = await invite(f.a.owner.token, { name: "Barbeiro", roles: ["barber"], channel: "email", recipient: f.a.barber.user.email });
    expect(onTeam.status).toBe(409);
    expect((await onTeam.json()).code).toBe("ALREADY_ON_TEAM");
    const listed = (
      await (await listInvitationsRoute(call(`/v3/staff/shops/${shop()}/invitations`, { token: f.a.owner.token }), params({ shop_id: shop() }))).json()
    ).items;
    expect(listed.filter((i: { recipient: string }) => i.recipient === "caio@example.com")).toHaveLength(1);
  });

  it("is for the owner and managers; only an owner invites an owner; a bad contact is refused", async () => {
    for (const member of [f.a.frontDesk, f.a.barber]) {
      const res = await invite(member.token, { name: "Zé", roles: ["barber"], channel: "email", recipient: "ze@example.com" });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("STAFF_PERMISSION");
    }
    const owner = await invite(f.a.manager.token, { name: "Sócio", roles: ["owner"], channel: "email", recipient: "socio@example.com" });
    expect(owner.status).toBe(403);
    expect(await owner.json()).toEqual({ code: "STAFF_PERMISSION", error: "Only an owner can invite another owner." });
    expect((await invite(f.a.owner.token, { name: "Zé", roles: ["barber"], channel: "email", recipient: "not-an-email" })).status).toBe(400);
    expect((await invite(f.a.owner.token, { name: "Zé", roles: ["barber"], channel: "whatsapp", recipient: "12345" })).status).toBe(422);
    expect(await db().select().from(staffInvitations).where(like(staffInvitations.recipient, "%ze@%"))).toEqual([]);
  });

  it("tells an expired, a revoked and an unknown link apart, and joins nobody", async () => {
    await invite(f.a.owner.token, { name: "Duda", roles: ["barber"], channel: "email", recipient: "duda@example.com" });
    const expired = await tokenSentTo("duda@example.com");
    await db()
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.recipient, "duda@example.com"));
    const duda = await makeAccount(db());
    const late = await accept(expired, duda.token, "es");
    expect(late.status).toBe(410);
    expect(await late.json()).toEqual({ code: "INVITATION_EXPIRED", error: "Esta invitación caducó. Pide una nueva a la barbería." });
    // An expired invitation no longer blocks a new one.
    const fresh = await invite(f.a.owner.token, { name: "Duda", roles: ["barber"], channel: "email", recipient: "duda@example.com" });
    expect(fresh.status).toBe(201);
    const id = (await fresh.json()).invitation.id;
    const revoked = await revokeRoute(
      call(`/v3/staff/shops/${shop()}/invitations/${id}`, { method: "DELETE", token: f.a.manager.token }),
      params({ shop_id: shop(), invitation_id: String(id) }),
    );
    expect((await revoked.json()).invitation.status).toBe("revoked");
    const [row] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `staff-invitation:${id}:email`));
    const link = /\/convite\/([A-Za-z0-9_-]+)/.exec(row.body)![1];
    expect((await (await accept(link, duda.token)).json()).code).toBe("INVITATION_REVOKED");
    const unknown = await accept("x".repeat(43), duda.token);
    expect(unknown.status).toBe(404);
    expect((await preview("x".repeat(43))).status).toBe(404);
    expect(await db().select().from(shopStaff).where(eq(shopStaff.userId, duda.user.id))).toEqual([]);
    // Accepting needs a signed-in account.
    expect((await accept(link)).status).toBe(401);
  });
});

describe("a barber's profile and time", () => {
  it("lets a barber change his own profile and time, never a colleague's; the front desk neither", async () => {
    const mine = await putBarberRoute(
      call(barberPath(f.barberA2.id), { method: "PUT", token: f.a.barber.token, body: { name: "Léo Navalha", bio: "Degradê e barba." } }),
      bp(f.barberA2.id),
    );
    expect(mine.status).toBe(200);
    expect((await mine.json()).barber).toMatchObject({ name: "Léo Navalha", bio: "Degradê e barba." });
    const theirs = await putBarberRoute(
      call(barberPath(f.barberA1.id), { method: "PUT", token: f.a.barber.token, body: { name: "Outro", bio: "" } }),
      bp(f.barberA1.id),
    );
    expect(theirs.status).toBe(403);
    const hours = { hours: [{ weekday: 1, starts: "10:00", ends: "18:00" }], breaks: [] };
    expect((await timeRoute(call(barberPath(f.barberA1.id, "/time"), { method: "PUT", token: f.a.barber.token, body: hours }), bp(f.barberA1.id))).status).toBe(
      403,
    );
    expect(
      (await timeRoute(call(barberPath(f.barberA1.id, "/time"), { method: "PUT", token: f.a.frontDesk.token, body: hours }), bp(f.barberA1.id))).status,
    ).toBe(403);
    expect(await db().select().from(barberHours).where(eq(barberHours.barberId, f.barberA1.id))).toEqual([]);
    const ok = await timeRoute(call(barberPath(f.barberA2.id, "/time"), { method: "PUT", token: f.a.barber.token, body: hours }), bp(f.barberA2.id));
    expect(ok.status).toBe(200);
    expect((await ok.json()).barber.hours).toEqual([{ weekday: 1, starts: "10:00", ends: "18:00" }]);
    // The manager may change anyone's.
    expect(
      (
        await timeRoute(
          call(barberPath(f.barberA2.id, "/time"), { method: "PUT", token: f.a.manager.token, body: { hours: [], breaks: [] } }),
          bp(f.barberA2.id),
        )
      ).status,
    ).toBe(200);
  });

  it("refuses overlapping or inverted ranges (422, the shop's hours' words) and saves nothing", async () => {
    for (const [body, details] of [
      [
        {
          hours: [
            { weekday: 2, starts: "09:00", ends: "13:00" },
            { weekday: 2, starts: "12:00", ends: "18:00" },
          ],
          breaks: [],
        },
        [{ path: "hours.1", message: "Duas faixas de horário do mesmo dia se sobrepõem." }],
      ],
      [
        { hours: [{ weekday: 2, starts: "18:00", ends: "09:00" }], breaks: [{ weekday: 2, starts: "12:00", ends: "12:00" }] },
        [
          { path: "hours.0", message: "Uma faixa de horário termina antes de começar." },
          { path: "breaks.0", message: "Uma faixa de horário termina antes de começar." },
        ],
      ],
    ] as const) {
      const res = await timeRoute(call(barberPath(f.barberA2.id, "/time"), { method: "PUT", token: f.a.barber.token, body, lng: "pt-BR" }), bp(f.barberA2.id));
      expect(res.status).toBe(422);
      const answer = await res.json();
      expect(answer.code).toBe("HOURS_INVALID");
      expect(answer.details).toEqual(details);
    }
    expect(await db().select().from(barberHours).where(eq(barberHours.barberId, f.barberA2.id))).toEqual([]);
  });

  it("lists the bookings new hours or a day off would leave out (409) and saves nothing until they are kept", async () => {
    const service = await makeService(db(), f.shopA.id);
    const { booking } = await clientBooking(f.barberA2.id, nextWeek("17:00"), service.id);
    const weekday = 4;
    const body = { hours: [{ weekday, starts: "09:00", ends: "13:00" }], breaks: [] };
    const res = await timeRoute(call(barberPath(f.barberA2.id, "/time"), { method: "PUT", token: f.a.barber.token, body }), bp(f.barberA2.id));
    expect(res.status).toBe(409);
    const answer = await res.json();
    expect(answer.code).toBe("BOOKINGS_IN_THE_WAY");
    expect(answer.bookings).toEqual([
      expect.objectContaining({ id: booking.id, barber: { id: f.barberA2.id, name: expect.any(String) }, services: [{ id: service.id, name: "Corte" }] }),
    ]);
    expect(await db().select().from(barberHours).where(eq(barberHours.barberId, f.barberA2.id))).toEqual([]);
    // A lunch break over the booking is in the way too.
    const lunch = await timeRoute(
      call(barberPath(f.barberA2.id, "/time"), {
        method: "PUT",
        token: f.a.barber.token,
        body: { hours: [], breaks: [{ weekday, starts: "16:30", ends: "17:30" }] },
      }),
      bp(f.barberA2.id),
    );
    expect(lunch.status).toBe(409);
    const kept = await timeRoute(
      call(`${barberPath(f.barberA2.id, "/time")}?confirm=keep`, { method: "PUT", token: f.a.barber.token, body }),
      bp(f.barberA2.id),
    );
    expect(kept.status).toBe(200);
    const [still] = await db().select().from(appointments).where(eq(appointments.id, booking.id));
    expect(still.status).toBe("confirmed");

    const off = {
      starts_at: new Date(booking.startsAt.getTime() - 3_600_000).toISOString(),
      ends_at: new Date(booking.endsAt.getTime() + 3_600_000).toISOString(),
      reason: "Médico",
    };
    const backwards = await timeOffRoute(
      call(barberPath(f.barberA2.id, "/time-off"), {
        method: "POST",
        token: f.a.barber.token,
        body: { ...off, starts_at: off.ends_at, ends_at: off.starts_at },
        lng: "es",
      }),
      bp(f.barberA2.id),
    );
    expect(backwards.status).toBe(422);
    expect(await backwards.json()).toMatchObject({ code: "HOURS_INVALID", details: [{ path: "ends_at", message: "Una franja termina antes de empezar." }] });
    const refused = await timeOffRoute(call(barberPath(f.barberA2.id, "/time-off"), { method: "POST", token: f.a.barber.token, body: off }), bp(f.barberA2.id));
    expect(refused.status).toBe(409);
    expect((await refused.json()).bookings.map((b: { id: number }) => b.id)).toEqual([booking.id]);
    const added = await timeOffRoute(
      call(`${barberPath(f.barberA2.id, "/time-off")}?confirm=keep`, { method: "POST", token: f.a.barber.token, body: off }),
      bp(f.barberA2.id),
    );
    expect(added.status).toBe(201);
    const { time_off } = await added.json();
    const removed = await deleteTimeOffRoute(
      call(barberPath(f.barberA2.id, `/time-off/${time_off.id}`), { method: "DELETE", token: f.a.barber.token }),
      bp(f.barberA2.id, { time_off_id: String(time_off.id) }),
    );
    expect(removed.status).toBe(200);
    await timeRoute(call(barberPath(f.barberA2.id, "/time"), { method: "PUT", token: f.a.manager.token, body: { hours: [], breaks: [] } }), bp(f.barberA2.id));
    await db().update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, booking.id));
  });

  it("refuses a photo that is not an image (before and after the checks) and a colleague's photo", async () => {
    const form = () => {
      const data = new FormData();
      data.set("image", new Blob([new TextEncoder().encode("not an image at all")], { type: "image/png" }), "x.png");
      return data;
    };
    const bad = await photoRoute(call(barberPath(f.barberA2.id, "/photo"), { method: "POST", token: f.a.barber.token, body: form() }), bp(f.barberA2.id));
    expect(bad.status).toBe(415);
    const theirs = await photoRoute(call(barberPath(f.barberA1.id, "/photo"), { method: "POST", token: f.a.barber.token, body: form() }), bp(f.barberA1.id));
    expect(theirs.status).toBe(403);
  });
});

describe("a barber's services", () => {
  it("keeps his own duration and price, which his bookings and the shop's price range follow", async () => {
    const service = await makeService(db(), f.shopA.id, { price: "40.00", durationMinutes: 30 });
    const body = { services: [{ service_id: service.id, duration_minutes: 45, price: "55.00" }] };
    // A barber may not choose his own services; the manager does.
    expect(
      (await servicesRoute(call(barberPath(f.barberA2.id, "/services"), { method: "PUT", token: f.a.barber.token, body }), bp(f.barberA2.id))).status,
    ).toBe(403);
    const res = await servicesRoute(call(barberPath(f.barberA2.id, "/services"), { method: "PUT", token: f.a.manager.token, body }), bp(f.barberA2.id));
    expect(res.status).toBe(200);
    expect((await res.json()).barber.services).toEqual([
      { service_id: service.id, name: service.name, duration_minutes: 45, price: "55.00", own_duration: true, own_price: true },
    ]);
    const data = await loadBookingData(db(), { shopId: f.shopA.id, barberId: f.barberA2.id, serviceIds: [service.id], date: "2027-01-05" });
    expect(data.rules).toMatchObject({ durationMinutes: 45, services: [expect.objectContaining({ price: "55.00" })] });
    const [row] = await db().select({ to: barbershops.priceTo }).from(barbershops).where(eq(barbershops.id, f.shopA.id));
    expect(Number(row.to)).toBeGreaterThanOrEqual(55);
    // Off the 5-minute grid, or free: refused in the words of the shop's services page.
    for (const [wrong, detail] of [
      [
        { service_id: service.id, duration_minutes: 42 },
        { path: "services.0.duration_minutes", message: "The duration must be a multiple of 5 minutes." },
      ],
      [
        { service_id: service.id, price: "0.00" },
        { path: "services.0.price", message: "The price must be above zero." },
      ],
    ] as const) {
      const res = await servicesRoute(
        call(barberPath(f.barberA2.id, "/services"), { method: "PUT", token: f.a.manager.token, body: { services: [wrong] }, lng: "en" }),
        bp(f.barberA2.id),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([detail]);
    }
  });

  it("lists his bookings of a service taken from him (409) unless kept", async () => {
    const service = await makeService(db(), f.shopA.id);
    await linkBarberService(db(), f.barberA1.id, service.id);
    const { booking } = await clientBooking(f.barberA1.id, nextWeek("10:00", 2), service.id);
    const res = await servicesRoute(
      call(barberPath(f.barberA1.id, "/services"), { method: "PUT", token: f.a.owner.token, body: { services: [] } }),
      bp(f.barberA1.id),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).bookings.map((b: { id: number }) => b.id)).toEqual([booking.id]);
    const profile = await (await barberRoute(call(barberPath(f.barberA1.id), { token: f.a.owner.token }), bp(f.barberA1.id))).json();
    expect(profile.barber.services.map((s: { service_id: number }) => s.service_id)).toContain(service.id);
    await db().update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, booking.id));
  });
});

describe("taking someone off the team", () => {
  it("lists his bookings to come, and removes him only once each is moved or cancelled, the clients told", async () => {
    const leaving = await makeBarber(db(), f.shopA.id);
    const taker = await makeBarber(db(), f.shopA.id);
    const service = await makeService(db(), f.shopA.id);
    await linkBarberService(db(), leaving.id, service.id);
    const member = await makeAccount(db(), { name: "Sai da Equipe" });
    const [row] = await db()
      .insert(shopStaff)
      .values({ barbershopId: f.shopA.id, userId: member.user.id, roles: ["barber"], barberId: leaving.id })
      .returning();
    const first = await clientBooking(leaving.id, nextWeek("10:00", 3), service.id);
    const second = await clientBooking(leaving.id, nextWeek("14:00", 3), service.id);
    const remove = (token: string, body: unknown) =>
      removalRoute(
        call(`/v3/staff/shops/${shop()}/team/${row.id}/removal`, { method: "POST", token, body }),
        params({ shop_id: shop(), staff_id: String(row.id) }),
      );

    const listed = await (
      await removalPreviewRoute(
        call(`/v3/staff/shops/${shop()}/team/${row.id}/removal`, { token: f.a.manager.token }),
        params({ shop_id: shop(), staff_id: String(row.id) }),
      )
    ).json();
    expect(listed.bookings.map((b: { id: number }) => b.id)).toEqual([first.booking.id, second.booking.id]);

    // The front desk and a barber may not; with a booking left unresolved, nothing is saved.
    expect((await remove(f.a.frontDesk.token, { resolutions: [] })).status).toBe(403);
    expect((await remove(f.a.barber.token, { resolutions: [] })).status).toBe(403);
    const unresolved = await remove(f.a.manager.token, { resolutions: [{ booking_id: first.booking.id, action: "cancel" }] });
    expect(unresolved.status).toBe(409);
    expect((await unresolved.json()).bookings.map((b: { id: number }) => b.id)).toEqual([second.booking.id]);
    // A move to a barber who does not do the service is refused.
    const wrong = await remove(f.a.manager.token, {
      resolutions: [
        { booking_id: first.booking.id, action: "cancel" },
        { booking_id: second.booking.id, action: "move", barber_id: taker.id },
      ],
    });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).code).toBe("RESOLUTION_INVALID");
    const [untouched] = await db().select().from(appointments).where(eq(appointments.id, first.booking.id));
    expect(untouched.status).toBe("confirmed");
    expect(await db().select().from(shopStaff).where(eq(shopStaff.id, row.id))).toHaveLength(1);

    await linkBarberService(db(), taker.id, service.id);
    const done = await remove(f.a.manager.token, {
      resolutions: [
        { booking_id: first.booking.id, action: "cancel" },
        { booking_id: second.booking.id, action: "move", barber_id: taker.id },
      ],
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ removed: true, moved: 1, cancelled: 1 });
    const [cancelled] = await db().select().from(appointments).where(eq(appointments.id, first.booking.id));
    const [moved] = await db().select().from(appointments).where(eq(appointments.id, second.booking.id));
    expect(cancelled.status).toBe("cancelled");
    expect(moved).toMatchObject({ status: "confirmed", barberId: taker.id, startsAt: second.booking.startsAt });
    const told = await db()
      .select({ kind: outbox.kind, to: outbox.recipient, a: outbox.appointmentId })
      .from(outbox)
      .where(eq(outbox.appointmentId, first.booking.id));
    expect(told).toContainEqual({ kind: "cancelled", to: first.client.user.email, a: first.booking.id });
    const toldMove = await db().select({ kind: outbox.kind }).from(outbox).where(eq(outbox.appointmentId, second.booking.id));
    expect(toldMove.map((m) => m.kind)).toContain("rescheduled");
    expect(await db().select().from(shopStaff).where(eq(shopStaff.id, row.id))).toEqual([]);
    const [gone] = await db().select().from(barbers).where(eq(barbers.id, leaving.id));
    expect(gone.isActive).toBe(false);

    // Recorded: who, in which roles, what before and after.
    const history = await (
      await historyRoute(call(`/v3/staff/shops/${shop()}/history?subject=staff`, { token: f.a.owner.token }), params({ shop_id: shop() }))
    ).json();
    expect(history.items[0]).toMatchObject({
      action: "team.remove",
      actor: { user_id: f.a.manager.user.id, roles: ["manager"] },
      before: { user_id: member.user.id, roles: ["barber"], barber_id: leaving.id },
      after: {
        resolutions: [
          { booking_id: first.booking.id, action: "cancel" },
          { booking_id: second.booking.id, action: "move", barber_id: taker.id },
        ],
      },
    });
  });

  it("moves a booking only to a barber free then (409 SLOT_TAKEN), and never removes the last owner", async () => {
    const leaving = await makeBarber(db(), f.shopA.id);
    const busy = await makeBarber(db(), f.shopA.id);
    const service = await makeService(db(), f.shopA.id);
    await linkBarberService(db(), busy.id, service.id);
    const member = await makeAccount(db());
    const [row] = await db()
      .insert(shopStaff)
      .values({ barbershopId: f.shopA.id, userId: member.user.id, roles: ["barber"], barberId: leaving.id })
      .returning();
    const when = nextWeek("11:00", 4);
    const { booking } = await clientBooking(leaving.id, when, service.id);
    await clientBooking(busy.id, when, service.id);
    const res = await removalRoute(
      call(`/v3/staff/shops/${shop()}/team/${row.id}/removal`, {
        method: "POST",
        token: f.a.owner.token,
        body: { resolutions: [{ booking_id: booking.id, action: "move", barber_id: busy.id }] },
      }),
      params({ shop_id: shop(), staff_id: String(row.id) }),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("SLOT_TAKEN");
    expect(await db().select().from(shopStaff).where(eq(shopStaff.id, row.id))).toHaveLength(1);

    const owner = await removalRoute(
      call(`/v3/staff/shops/${shop()}/team/${f.a.owner.member.id}/removal`, { method: "POST", token: f.a.manager.token, body: { resolutions: [] } }),
      params({ shop_id: shop(), staff_id: String(f.a.owner.member.id) }),
    );
    expect(owner.status).toBe(403);
  });
});
