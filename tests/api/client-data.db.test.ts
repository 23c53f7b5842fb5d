import { and, eq, inArray } from "drizzle-orm";
import { POST as addReview } from "@/app/v3/client/add-review/route";
import { DELETE as deleteAccountRoute } from "@/app/v3/client/account/route";
import { GET as listAddresses, POST as createAddress } from "@/app/v3/client/address/route";
import { DELETE as deleteAddress, GET as getAddress, PUT as updateAddress } from "@/app/v3/client/address/[id]/route";
import { GET as getAppointment } from "@/app/v3/client/appointments/[id]/route";
import { GET as exportRoute } from "@/app/v3/client/export/route";
import { GET as listFavorites } from "@/app/v3/client/favorites/route";
import { POST as joinWaitlist } from "@/app/v3/client/waitlist/route";
import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { DELETE as unfavorite, POST as favorite } from "@/app/v3/client/favorites/[id]/route";
import { POST as checkPhone } from "@/app/v3/check-phone/route";
import { POST as login } from "@/app/v3/login/route";
import { POST as sendWhatsapp } from "@/app/v3/send-whatsapp/route";
import { POST as forgot } from "@/app/v3/user/password/route";
import { GET as userData } from "@/app/v3/user-data/route";
import { GET as getAgenda } from "@/app/v3/staff/shops/[shop_id]/agenda/route";
import { ZAddressAnswer, ZAddressList, ZExport, ZFavoriteList } from "@/lib/contract/account";
import type { Db } from "@/lib/server/db/client";
import { guestScope } from "@/lib/server/appointments/create";
import {
  addresses,
  appointments,
  favorites,
  idempotencyKeys,
  outbox,
  passwordResetTokens,
  places,
  rateLimits,
  reviews,
  sessions,
  users,
  waitlist,
  whatsappConsents,
} from "@/lib/server/db/schema";
import { consentKey } from "@/lib/server/notifications/whatsapp-window";
import { useTestDb } from "@/lib/server/db/testing";
import { settleAfterResponse } from "@/lib/server/http/after-response";
import { call, makeAccount, params, PASSWORD, randomIp } from "@/tests/factories/account";
import { fromWallClock } from "@/lib/server/availability/zoned-time";
import { makeMember } from "@/tests/factories/staff";
import { createBarber, createBookableShop, createClient, createService, createShop, insertAppointment, localDate, req } from "@/tests/factories/booking";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const home = {
  label: "Casa",
  street: "Rua dos Pinheiros",
  number: "100",
  complement: "ap 12",
  neighborhood: "Pinheiros",
  city: "São Paulo",
  state: "SP",
  zip_code: "05422-000",
};

describe("addresses", () => {
  it("lists, adds, edits and deletes my addresses; the first one is the default", async () => {
    const { token } = await makeAccount(db());
    await db()
      .insert(places)
      .values({ kind: "neighborhood", name: "Pinheiros", city: "São Paulo", citySlug: "sao-paulo", state: "SP", latitude: -23.5666, longitude: -46.6917 })
      .onConflictDoNothing();
    const created = await createAddress(call("/v3/client/address", { token, body: home }));
    expect(created.status).toBe(201);
    const { address } = ZAddressAnswer.parse(await created.json());
    // Placed at its neighbourhood when no coordinates are given.
    expect(address).toMatchObject({ ...home, is_default: true, latitude: -23.5666, longitude: -46.6917 });

    const work = await createAddress(call("/v3/client/address", { token, body: { ...home, label: "Trabalho", latitude: -23.6, longitude: -46.7 } }));
    const second = ZAddressAnswer.parse(await work.json()).address;
    expect(second.is_default).toBe(false);

    const chosen = await updateAddress(
      call(`/v3/client/address/${second.id}`, {
        method: "PUT",
        token,
        body: { ...home, label: "Trabalho", latitude: -23.6, longitude: -46.7, is_default: true },
      }),
      params({ id: String(second.id) }),
    );
    expect(chosen.status).toBe(200);
    const list = ZAddressList.parse(await (await listAddresses(call("/v3/client/address", { token }))).json());
    expect(list.total).toBe(2);
    expect(list.items.map((a) => [a.label, a.is_default])).toEqual([
      ["Trabalho", true],
      ["Casa", false],
    ]);

    const removed = await deleteAddress(call(`/v3/client/address/${address.id}`, { method: "DELETE", token }), params({ id: String(address.id) }));
    expect(removed.status).toBe(204);
    expect((await getAddress(call(`/v3/client/address/${address.id}`, { token }), params({ id: String(address.id) }))).status).toBe(404);
  });

  it("validates the address and the id", async () => {
    const { token } = await makeAccount(db());
    const bad = await createAddress(call("/v3/client/address", { token, body: { ...home, street: "", latitude: 200 } }));
    expect(bad.status).toBe(400);
    expect((await getAddress(call("/v3/client/address/abc", { token }), params({ id: "abc" }))).status).toBe(400);
  });
});

describe("favourites", () => {
  it("adds idempotently, lists ShopCards with distances, removes idempotently; an unknown shop is 404", async () => {
    const { token } = await makeAccount(db());
    const near = await createShop(db(), { name: "Perto", latitude: -23.55, longitude: -46.65 });
    const far = await createShop(db(), { name: "Longe", latitude: -22.9, longitude: -43.2 });
    expect((await favorite(call(`/v3/client/favorites/${near.id}`, { method: "POST", token }), params({ id: String(near.id) }))).status).toBe(201);
    const again = await favorite(call(`/v3/client/favorites/${near.id}`, { method: "POST", token }), params({ id: String(near.id) }));
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ barbershop_id: near.id, is_favorite: true });
    await favorite(call(`/v3/client/favorites/${far.id}`, { method: "POST", token }), params({ id: String(far.id) }));

    const res = await listFavorites(call("/v3/client/favorites?latitude=-23.55&longitude=-46.65", { token }));
    expect(res.status).toBe(200);
    const list = ZFavoriteList.parse(await res.json());
    expect(list.total).toBe(2);
    const byName = Object.fromEntries(list.items.map((c) => [c.name, c]));
    expect(byName.Perto.distance_km).toBe(0);
    expect(byName.Longe.distance_km).toBeGreaterThan(300);
    expect(list.items.every((c) => c.is_favorite)).toBe(true);

    const noPoint = ZFavoriteList.parse(await (await listFavorites(call("/v3/client/favorites", { token }))).json());
    expect(noPoint.items.every((c) => c.distance_km === null)).toBe(true);
    // Free times only when asked for.
    expect(noPoint.items.every((c) => c.next_free_times === undefined)).toBe(true);

    // "When can my barber take me": a favourite open every day carries its next free times (today or tomorrow,
    // each opening the booking with its service and barber); one with no team carries none.
    const open = await createBookableShop(db());
    await favorite(call(`/v3/client/favorites/${open.shop.id}`, { method: "POST", token }), params({ id: String(open.shop.id) }));
    const withTimes = ZFavoriteList.parse(await (await listFavorites(call("/v3/client/favorites?free_times=3", { token }))).json());
    const times = withTimes.items.find((c) => c.id === open.shop.id)!.next_free_times!;
    expect(times).toHaveLength(3);
    expect(times.every((f) => f.barber_id === open.barber.id && [open.cut.id, open.beard.id].includes(f.service_id))).toBe(true);
    expect(Date.parse(times[0].starts_at)).toBeGreaterThan(Date.now());
    expect(withTimes.items.find((c) => c.id === near.id)!.next_free_times).toEqual([]);
    expect((await listFavorites(call("/v3/client/favorites?free_times=4", { token }))).status).toBe(400);
    await unfavorite(call(`/v3/client/favorites/${open.shop.id}`, { method: "DELETE", token }), params({ id: String(open.shop.id) }));

    for (let i = 0; i < 2; i++) {
      const del = await unfavorite(call(`/v3/client/favorites/${near.id}`, { method: "DELETE", token }), params({ id: String(near.id) }));
      expect(del.status).toBe(200);
      expect(await del.json()).toEqual({ barbershop_id: near.id, is_favorite: false });
    }
    expect(ZFavoriteList.parse(await (await listFavorites(call("/v3/client/favorites", { token }))).json()).total).toBe(1);
    expect((await favorite(call("/v3/client/favorites/999999", { method: "POST", token }), params({ id: "999999" }))).status).toBe(404);
    expect((await unfavorite(call("/v3/client/favorites/999999", { method: "DELETE", token }), params({ id: "999999" }))).status).toBe(404);
    expect((await favorite(call("/v3/client/favorites/1", { method: "POST" }), params({ id: "1" }))).status).toBe(401);
  });
});

describe("client A cannot reach client B's data", () => {
  it("gets 403 or 404 on B's user data, addresses, appointments and reviews", async () => {
    const a = await makeAccount(db());
    const b = await makeAccount(db());
    const shop = await createShop(db());
    const barber = await createBarber(db(), shop.id);
    const service = await createService(db(), shop.id, {}, [barber.id]);
    const bAppointment = await insertAppointment(db(), {
      shopId: shop.id,
      barberId: barber.id,
      serviceId: service.id,
      clientId: b.user.id,
      startsAt: new Date(Date.now() - 3 * 86_400_000),
      status: "completed",
    });
    const bAddress = ZAddressAnswer.parse(await (await createAddress(call("/v3/client/address", { token: b.token, body: home }))).json()).address;
    const id = String(bAddress.id);

    expect((await userData(call(`/v3/user-data?user_id=${b.user.id}`, { token: a.token }))).status).toBe(403);
    expect((await getAddress(call(`/v3/client/address/${id}`, { token: a.token }), params({ id }))).status).toBe(404);
    expect((await updateAddress(call(`/v3/client/address/${id}`, { method: "PUT", token: a.token, body: home }), params({ id }))).status).toBe(404);
    expect((await deleteAddress(call(`/v3/client/address/${id}`, { method: "DELETE", token: a.token }), params({ id }))).status).toBe(404);
    expect(ZAddressList.parse(await (await listAddresses(call("/v3/client/address", { token: a.token }))).json()).total).toBe(0);
    const appt = await getAppointment(call(`/v3/client/appointments/${bAppointment.id}`, { token: a.token }), params({ id: String(bAppointment.id) }));
    expect([403, 404]).toContain(appt.status);
    const review = await addReview(
      call("/v3/client/add-review", { token: a.token, body: { appointment_id: bAppointment.id, rating: 1, comment: "not mine" } }),
    );
    expect([403, 404]).toContain(review.status);
    expect(await db().select().from(reviews).where(eq(reviews.appointmentId, bAppointment.id))).toHaveLength(0);
    // B still has everything.
    expect((await getAddress(call(`/v3/client/address/${id}`, { token: b.token }), params({ id }))).status).toBe(200);
  });
});

describe("LGPD: export and deletion", () => {
  async function richClient() {
    const me = await makeAccount(db(), { name: "Joana Prado", birthDate: "1990-01-01", avatarUrl: "/uploads/abcdefghijklmnopqrstuv.webp" });
    const shop = await createShop(db(), { name: "Barbearia do Zé" });
    const barber = await createBarber(db(), shop.id, { name: "Zé" });
    const service = await createService(db(), shop.id, { name: "Corte" }, [barber.id]);
    const appt = await insertAppointment(db(), {
      shopId: shop.id,
      barberId: barber.id,
      serviceId: service.id,
      clientId: me.user.id,
      startsAt: new Date(Date.now() - 2 * 86_400_000),
      status: "completed",
      clientName: "Joana Prado",
    });
    await db().update(appointments).set({ clientPhone: me.phone.e164 }).where(eq(appointments.id, appt.id));
    await db()
      .insert(reviews)
      .values({
        appointmentId: appt.id,
        barbershopId: shop.id,
        barberId: barber.id,
        clientId: me.user.id,
        clientName: "Joana Prado",
        rating: 5,
        comment: "Ótimo",
        answer: "Obrigado, Joana!",
        answeredAt: new Date("2026-11-02T12:00:00Z"),
      });
    await createAddress(call("/v3/client/address", { token: me.token, body: home }));
    await favorite(call(`/v3/client/favorites/${shop.id}`, { method: "POST", token: me.token }), params({ id: String(shop.id) }));
    await db()
      .insert(waitlist)
      .values({ userId: me.user.id, barbershopId: shop.id, barberId: barber.id, serviceIds: [service.id], day: "2026-12-24", language: "pt-BR" });
    return { ...me, shop, appt, barber, service };
  }

  it("downloads everything kept about me as JSON", async () => {
    const me = await richClient();
    const res = await exportRoute(call("/v3/client/export", { token: me.token }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const data = ZExport.parse(await res.json());
    expect(data.user).toMatchObject({ id: me.user.id, name: "Joana Prado", email: me.user.email, phone: me.phone.e164, birth_date: "1990-01-01" });
    expect(data.addresses).toHaveLength(1);
    expect(data.favorites).toEqual([expect.objectContaining({ barbershop_id: me.shop.id, name: "Barbearia do Zé" })]);
    expect(data.appointments).toEqual([
      expect.objectContaining({ id: me.appt.id, barbershop: "Barbearia do Zé", barber: "Zé", services: ["Corte"], client_phone: me.phone.e164 }),
    ]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ appointment_id: me.appt.id, rating: 5, comment: "Ótimo", answer: "Obrigado, Joana!", answered_at: "2026-11-02T12:00:00.000Z" }),
    ]);
    expect(data.waitlist).toEqual([
      {
        barbershop: "Barbearia do Zé",
        date: "2026-12-24",
        barber_id: me.barber.id,
        service_ids: [me.service.id],
        periods: [],
        created_at: expect.any(String),
        notified_at: null,
      },
    ]);
    // The sign-ins kept: the one of this test's token, open, with its end.
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).toEqual({ created_at: expect.any(String), expires_at: expect.any(String), revoked_at: null });
  });

  it("the download includes the messages sent to my e-mail and phone, a code that still works withheld, and nobody else's", async () => {
    const me = await richClient();
    const other = await makeAccount(db());
    await db()
      .insert(outbox)
      .values([
        {
          channel: "email",
          recipient: me.user.email!,
          subject: "Agendamento confirmado",
          body: "Olá, Joana! Seu corte está confirmado.",
          kind: "confirmation",
          status: "sent",
          sentAt: new Date(),
        },
        {
          channel: "whatsapp",
          recipient: me.phone.e164,
          body: "Navalha: seu código para redefinir a senha é 123456",
          status: "unsent",
          secretExpiresAt: new Date(Date.now() + 600_000),
        },
        { channel: "email", recipient: other.user.email!, subject: "Outro", body: "Não é meu" },
      ]);
    const data = ZExport.parse(await (await exportRoute(call("/v3/client/export", { token: me.token }))).json());
    expect(data.messages).toEqual([
      {
        channel: "email",
        recipient: me.user.email,
        kind: "confirmation",
        subject: "Agendamento confirmado",
        body: "Olá, Joana! Seu corte está confirmado.",
        status: "sent",
        created_at: expect.any(String),
        sent_at: expect.any(String),
      },
      {
        channel: "whatsapp",
        recipient: me.phone.e164,
        kind: null,
        subject: null,
        body: expect.not.stringContaining("123456"),
        status: "unsent",
        created_at: expect.any(String),
        sent_at: null,
      },
    ]);
  });

  it("the download includes the phone's WhatsApp consent, and the messages to the phone's other ninth-digit form", async () => {
    // A mobile whose WhatsApp ID may lack the ninth digit (9 then 6-9).
    const e164 = `+551198${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
    const me = { ...(await makeAccount(db(), { phone: e164 })), phone: { e164 } };
    const said = new Date("2026-11-01T12:00:00Z");
    const wrote = new Date("2026-11-20T09:30:00Z");
    await db()
      .insert(whatsappConsents)
      .values({ phoneHash: consentKey(me.phone.e164), optedInAt: said, lastInboundAt: wrote });
    const without9 = `+55${me.phone.e164.slice(3, 5)}${me.phone.e164.slice(6)}`;
    await db().insert(outbox).values({ channel: "whatsapp", recipient: without9, body: "Olá de novo", status: "sent", sentAt: new Date() });
    const data = ZExport.parse(await (await exportRoute(call("/v3/client/export", { token: me.token }))).json());
    expect(data.whatsapp_consent).toEqual({ opted_in_at: said.toISOString(), opted_out_at: null, last_inbound_at: wrote.toISOString() });
    expect(data.messages).toEqual([expect.objectContaining({ recipient: without9, body: "Olá de novo" })]);

    const other = await makeAccount(db());
    const none = ZExport.parse(await (await exportRoute(call("/v3/client/export", { token: other.token }))).json());
    expect(none.whatsapp_consent).toBeNull();
  });

  it("deletes with the account its WhatsApp consent; an opt-out stays, as the number's hash and its date only", async () => {
    const [yes, stopped, neighbour] = await Promise.all([makeAccount(db()), makeAccount(db()), makeAccount(db())]);
    const at = new Date("2026-11-01T12:00:00Z");
    await db()
      .insert(whatsappConsents)
      .values([
        { phoneHash: consentKey(yes.phone.e164), optedInAt: at, lastInboundAt: at },
        { phoneHash: consentKey(stopped.phone.e164), optedInAt: at, optedOutAt: at, lastInboundAt: at },
        { phoneHash: consentKey(neighbour.phone.e164), optedInAt: at },
      ]);
    for (const who of [yes, stopped]) {
      const res = await deleteAccountRoute(call("/v3/client/account", { method: "DELETE", token: who.token, body: { password: PASSWORD } }));
      expect(res.status).toBe(204);
    }
    const rows = new Map((await db().select().from(whatsappConsents)).map((r) => [r.phoneHash, r]));
    expect(rows.has(consentKey(yes.phone.e164))).toBe(false);
    expect(rows.get(consentKey(stopped.phone.e164))).toEqual({
      phoneHash: consentKey(stopped.phone.e164),
      optedInAt: null,
      optedOutAt: at,
      lastInboundAt: null,
    });
    expect(rows.get(consentKey(neighbour.phone.e164))).toMatchObject({ optedInAt: at });
  });

  it("deletes the account: personal data erased, appointments and reviews kept anonymous, sessions ended", async () => {
    const me = await richClient();
    const wrong = await deleteAccountRoute(call("/v3/client/account", { method: "DELETE", token: me.token, body: { password: "not-my-password" } }));
    expect(wrong.status).toBe(400);
    const res = await deleteAccountRoute(call("/v3/client/account", { method: "DELETE", token: me.token, body: { password: PASSWORD } }));
    expect(res.status).toBe(204);

    const [row] = await db().select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ name: "Cliente removido", email: null, phone: null, birthDate: null, avatarUrl: null, passwordHash: null });
    expect(row.deletedAt).not.toBeNull();
    expect(row.tokenVersion).toBe(me.user.tokenVersion + 1);
    expect(await db().select().from(addresses).where(eq(addresses.userId, me.user.id))).toHaveLength(0);
    expect(await db().select().from(favorites).where(eq(favorites.userId, me.user.id))).toHaveLength(0);
    expect(await db().select().from(waitlist).where(eq(waitlist.userId, me.user.id))).toHaveLength(0);
    const [appt] = await db().select().from(appointments).where(eq(appointments.id, me.appt.id));
    expect(appt).toMatchObject({ clientId: null, clientName: "Cliente removido", clientPhone: null, status: "completed" });
    const [review] = await db().select().from(reviews).where(eq(reviews.appointmentId, me.appt.id));
    expect(review).toMatchObject({ clientId: null, clientName: "Cliente removido", rating: 5 });

    expect((await userData(call("/v3/user-data", { token: me.token }))).status).toBe(401);
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: me.user.email, password: PASSWORD } }))).status).toBe(401);
  });
  it("deletes with the account its reset tokens, messages, booking keys and rate-limit counters", async () => {
    const me = await makeAccount(db());
    const other = await makeAccount(db());
    // Traces left the ordinary way: recovery by e-mail and WhatsApp, a failed login, a phone check, a wrong password.
    for (const who of [me, other]) {
      await forgot(call("/v3/user/password", { ip: randomIp(), body: { email: who.user.email } }));
      await sendWhatsapp(call("/v3/send-whatsapp", { ip: randomIp(), body: { phone: who.phone.e164 } }));
      await login(call("/v3/login", { ip: randomIp(), body: { login: who.user.email, password: "not-my-password" } }));
      await checkPhone(call("/v3/check-phone", { ip: randomIp(), body: { phone: who.phone.masked } }));
      await db()
        .insert(idempotencyKeys)
        .values([
          { scope: `user:${who.user.id}`, key: "k1", requestHash: "h" },
          { scope: guestScope(who.phone.e164), key: "k2", requestHash: "h" },
        ]);
    }
    await settleAfterResponse();
    await deleteAccountRoute(call("/v3/client/account", { method: "DELETE", token: me.token, body: { password: "not-my-password" } }));

    const traces = async (who: typeof me) => {
      const counters = await db().select().from(rateLimits);
      return {
        tokens: (await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, who.user.id))).length,
        sessions: (await db().select().from(sessions).where(eq(sessions.userId, who.user.id))).length,
        messages: (
          await db()
            .select()
            .from(outbox)
            .where(inArray(outbox.recipient, [who.user.email!, who.phone.e164]))
        ).length,
        bookingKeys: (
          await db()
            .select()
            .from(idempotencyKeys)
            .where(inArray(idempotencyKeys.scope, [`user:${who.user.id}`, guestScope(who.phone.e164)]))
        ).length,
        counters: counters.filter((r) => [who.user.email!, who.phone.e164, `user:${who.user.id}`].some((id) => r.key.endsWith(`:${id}`))).length,
      };
    };
    const before = await traces(me);
    expect(before).toEqual({ tokens: 2, sessions: expect.any(Number), messages: 2, bookingKeys: 2, counters: expect.any(Number) });
    expect(before.sessions).toBeGreaterThanOrEqual(1);
    expect(before.counters).toBeGreaterThanOrEqual(6);

    const res = await deleteAccountRoute(call("/v3/client/account", { method: "DELETE", token: me.token, body: { password: PASSWORD } }));
    expect(res.status).toBe(204);
    expect(await traces(me)).toEqual({ tokens: 0, sessions: 0, messages: 0, bookingKeys: 0, counters: 0 });
    // Another client's are untouched.
    const kept = await traces(other);
    expect(kept).toMatchObject({ tokens: 2, messages: 2, bookingKeys: 2 });
    expect(kept.sessions).toBeGreaterThanOrEqual(1);
    expect(kept.counters).toBeGreaterThanOrEqual(5);
  });

  it("cancels with the account its bookings that have not started: their times are free again, the waitlist and the shop are told; a wrong password cancels nothing", async () => {
    const me = await makeAccount(db(), { name: "Joana Apagada" });
    const f = await createBookableShop(db());
    // The barber (e-mail alerts on, as until he chooses) and the front desk hear of the cancellation.
    const barberMember = await makeMember(db(), f.shop.id, ["barber"], f.barber.id);
    const desk = await makeMember(db(), f.shop.id, ["front_desk"]);
    const day = localDate(5);
    // The whole day is my booking (09:00–18:00); a past visit of mine stays as it was.
    const mine = await insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber.id,
      serviceId: f.cut.id,
      clientId: me.user.id,
      startsAt: fromWallClock(day, 9 * 60, "America/Sao_Paulo")!,
      minutes: 540,
    });
    const past = await insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber.id,
      serviceId: f.cut.id,
      clientId: me.user.id,
      startsAt: new Date(Date.now() - 3 * 86_400_000),
      status: "completed",
    });
    const waiting = await createClient(db());
    const joined = await joinWaitlist(
      req("/v3/client/waitlist", {
        method: "POST",
        token: waiting.token,
        body: { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: day },
      }),
    );
    expect(joined.status).toBe(201);
    const times = async () => {
      const t = await (
        await availableTimes(req(`/v3/appointment/available-times?barbershop_id=${f.shop.id}&barber_id=${f.barber.id}&services=${f.cut.id}&date=${day}`))
      ).json();
      return [...t.morning, ...t.afternoon, ...t.night];
    };
    expect(await times()).toEqual([]);

    await deleteAccountRoute(call("/v3/client/account", { method: "DELETE", token: me.token, body: { password: "not-my-password" } }));
    expect((await db().select().from(appointments).where(eq(appointments.id, mine.id)))[0]).toMatchObject({ status: "pending", clientId: me.user.id });

    expect((await deleteAccountRoute(call("/v3/client/account", { method: "DELETE", token: me.token, body: { password: PASSWORD } }))).status).toBe(204);
    const [cancelled] = await db().select().from(appointments).where(eq(appointments.id, mine.id));
    expect(cancelled).toMatchObject({ status: "cancelled", clientId: null, clientName: "Cliente removido", clientPhone: null });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect((await db().select().from(appointments).where(eq(appointments.id, past.id)))[0]).toMatchObject({
      status: "completed",
      clientName: "Cliente removido",
    });
    expect(await times()).toContain("09:00");
    const told = await db().select().from(outbox).where(eq(outbox.kind, "waitlist"));
    expect(told.map((m) => m.recipient)).toContain(waiting.user.email);
    expect((await db().select().from(waitlist).where(eq(waitlist.userId, waiting.user.id)))[0].notifiedAt).not.toBeNull();

    const alerts = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.appointmentId, mine.id), eq(outbox.kind, "staff-alert")));
    expect(alerts.map((m) => `${m.channel}:${m.recipient}`).sort()).toEqual([`email:${barberMember.user.email}`, `email:${desk.user.email}`].sort());
    // The alert names the client as the agenda now does, never the person erased.
    expect(alerts[0].subject).toContain("Cliente removido");
    expect(alerts.map((m) => m.body).join()).not.toContain("Joana Apagada");
    const agenda = await getAgenda(call(`/v3/staff/shops/${f.shop.id}/agenda?date=${day}`, { token: desk.token }), params({ shop_id: String(f.shop.id) }));
    const shown = (await agenda.json()).bookings.find((b: { id: number }) => b.id === mine.id);
    expect(shown).toMatchObject({ status: "cancelled", client: { name: "Cliente removido", phone: null } });
  });
});
