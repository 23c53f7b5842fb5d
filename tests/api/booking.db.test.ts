import { eq, sql } from "drizzle-orm";
import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { PUT as updateStatus } from "@/app/v3/appointment/update-status/[id]/[status]/route";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { DELETE as deleteAppointment } from "@/app/v3/appointments/delete/[id]/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { POST as addReview } from "@/app/v3/client/add-review/route";
import { GET as getOne } from "@/app/v3/client/appointments/[id]/route";
import { GET as getIcs } from "@/app/v3/client/appointments/[id]/ics/route";
import { GET as listMine } from "@/app/v3/client/appointments/route";
import { ZAppointmentAnswer, ZAppointmentList, ZAvailableTimes, ZGuestAppointmentAnswer, ZReviewAnswer } from "@/lib/contract/booking";
import { appointments, barberBreaks, barberHours, barbers, barbershops, blockedTimes, idempotencyKeys, rateLimits } from "@/lib/server/db/schema";
import { LIMITS } from "@/lib/server/rate-limit/limiter";
import { hashManageToken } from "@/lib/server/appointments/read";
import { useTestDb } from "@/lib/server/db/testing";
import {
  createBarber,
  createBookableShop,
  createClient,
  createService,
  createShop,
  expectError,
  insertAppointment,
  localDate,
  openEveryDay,
  params,
  req,
} from "@/tests/factories/booking";

const testDb = useTestDb();
const db = () => testDb.current().handle.db;

type Fixture = Awaited<ReturnType<typeof createBookableShop>>;
let f: Fixture;
const day = localDate(7);

beforeAll(async () => {
  f = await createBookableShop(db());
});

const timesUrl = (q: Record<string, string | number>) =>
  `/v3/appointment/available-times?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;
const book = (body: unknown, token: string, headers: Record<string, string> = {}) =>
  newAppointment(req("/v3/appointments/new-appointment", { method: "POST", body, token, headers }));
const booking = (over: Record<string, unknown> = {}) => ({
  barbershop_id: f.shop.id,
  barber_id: f.barber.id,
  services: [f.cut.id],
  date: day,
  start_hour: "10:00",
  ...over,
});

describe("GET /v3/appointment/available-times", () => {
  it("lists the free start times of the day grouped by period", async () => {
    const res = await availableTimes(
      req(timesUrl({ type: "client", barbershop_id: f.shop.id, barber_id: f.barber.id, services: `${f.cut.id},${f.beard.id}`, date: day })),
    );
    expect(res.status).toBe(200);
    const body = ZAvailableTimes.parse(await res.json());
    expect(body.timezone).toBe("America/Sao_Paulo");
    expect(body.duration_minutes).toBe(90);
    expect(body.morning[0]).toBe("09:00");
    expect(body.afternoon.at(-1)).toBe("16:30"); // 90 minutes must end by 18:00
    expect(body.night).toEqual([]);
  });

  it("leaves out times held by another appointment", async () => {
    const shop = await createBookableShop(db());
    const { user } = await createClient(db());
    await insertAppointment(db(), {
      shopId: shop.shop.id,
      barberId: shop.barber.id,
      serviceId: shop.cut.id,
      clientId: user.id,
      startsAt: new Date(`${day}T11:00:00-03:00`),
      minutes: 60,
    });
    const res = await availableTimes(req(timesUrl({ barbershop_id: shop.shop.id, barber_id: shop.barber.id, services: shop.cut.id, date: day })));
    const body = ZAvailableTimes.parse(await res.json());
    expect(body.morning).toEqual(["09:00", "09:30", "10:00", "10:30"]);
    expect(body.afternoon[0]).toBe("12:00");
  });

  it("never offers a time in the past", async () => {
    const res = await availableTimes(req(timesUrl({ barbershop_id: f.shop.id, barber_id: f.barber.id, services: f.cut.id, date: localDate(-2) })));
    expect(ZAvailableTimes.parse(await res.json())).toMatchObject({ morning: [], afternoon: [], night: [] });
  });

  it("answers 400 for a malformed query", async () => {
    await expectError(
      await availableTimes(req(timesUrl({ barbershop_id: f.shop.id, barber_id: f.barber.id, services: "abc", date: day }))),
      400,
      "VALIDATION_FAILED",
    );
    await expectError(
      await availableTimes(req(timesUrl({ barbershop_id: f.shop.id, barber_id: f.barber.id, services: f.cut.id, date: "2026-02-30" }))),
      400,
      "VALIDATION_FAILED",
    );
    await expectError(
      await availableTimes(req(timesUrl({ barbershop_id: "x", barber_id: f.barber.id, services: f.cut.id, date: day }))),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("answers 404 for an unknown shop and 422 for a barber or service that does not fit", async () => {
    await expectError(await availableTimes(req(timesUrl({ barbershop_id: 999999, barber_id: f.barber.id, services: f.cut.id, date: day }))), 404, "NOT_FOUND");
    const other = await createShop(db());
    const stranger = await createBarber(db(), other.id);
    await expectError(
      await availableTimes(req(timesUrl({ barbershop_id: f.shop.id, barber_id: stranger.id, services: f.cut.id, date: day }))),
      422,
      "BARBER_NOT_IN_SHOP",
    );
    const notHis = await createService(db(), f.shop.id, { name: "Pigmentação" });
    await expectError(
      await availableTimes(req(timesUrl({ barbershop_id: f.shop.id, barber_id: f.barber.id, services: notHis.id, date: day }))),
      422,
      "SERVICE_NOT_PERFORMED",
    );
  });
});

describe("POST /v3/appointments/new-appointment", () => {
  it("answers 401 without a token", async () => {
    await expectError(await newAppointment(req("/v3/appointments/new-appointment", { method: "POST", body: booking() })), 401, "UNAUTHORIZED");
  });

  it("books with the client's account and computes the money", async () => {
    const { user, token } = await createClient(db());
    const res = await book(booking({ services: [f.cut.id, f.beard.id], products: [{ id: f.product.id, quantity: 2 }], start_hour: "14:00" }), token);
    expect(res.status).toBe(201);
    const { appointment } = ZAppointmentAnswer.parse(await res.json());
    expect(appointment).toMatchObject({
      status: "pending",
      date: day,
      start_hour: "14:00",
      end_hour: "15:30",
      timezone: "America/Sao_Paulo",
      starts_at: `${day}T14:00:00-03:00`,
      ends_at: `${day}T15:30:00-03:00`,
      subtotal: "80.50",
      additional: "59.80",
      discount: "0.00",
      total: "140.30",
      client_name: user.name,
      can_cancel: true,
      can_confirm: true,
      can_review: false,
    });
    expect(appointment.barbershop.id).toBe(f.shop.id);
    expect(appointment.services.map((s) => s.name)).toEqual(["Corte", "Barba"]);
    expect(appointment.products).toEqual([{ id: f.product.id, name: "Pomada", price: "29.90", quantity: 2 }]);
  });

  it("tells how to reach the shop about it, in E.164 however the shop saved its numbers, and nothing that is not one", async () => {
    const { token } = await createClient(db());
    await db().update(barbershops).set({ phone: "(11) 3137-2204", whatsapp: "11968594404" }).where(eq(barbershops.id, f.shop.id));
    try {
      const res = await book(booking({ date: localDate(12), start_hour: "16:00" }), token);
      expect(res.status).toBe(201);
      const { appointment } = ZAppointmentAnswer.parse(await res.json());
      expect(appointment.barbershop_contact).toEqual({ phone: "+551131372204", whatsapp: "+5511968594404" });

      await db().update(barbershops).set({ phone: "ligue na loja", whatsapp: null }).where(eq(barbershops.id, f.shop.id));
      const seen = await getOne(req(`/v3/client/appointments/${appointment.id}`, { token }), params({ id: String(appointment.id) }));
      expect(ZAppointmentAnswer.parse(await seen.json()).appointment.barbershop_contact).toEqual({ phone: null, whatsapp: null });
    } finally {
      await db().update(barbershops).set({ phone: null, whatsapp: null }).where(eq(barbershops.id, f.shop.id));
    }
  });

  it("refuses an unknown service, a service the barber does not perform and a product of another shop", async () => {
    const { token } = await createClient(db());
    await expectError(await book(booking({ services: [999999] }), token), 422, "SERVICE_NOT_AVAILABLE");
    const notHis = await createService(db(), f.shop.id, { name: "Luzes" });
    await expectError(await book(booking({ services: [notHis.id] }), token), 422, "SERVICE_NOT_PERFORMED");
    const offline = await createService(db(), f.shop.id, { isOnline: false }, [f.barber.id]);
    await expectError(await book(booking({ services: [offline.id] }), token), 422, "SERVICE_NOT_AVAILABLE");
    const other = await createBookableShop(db());
    await expectError(await book(booking({ products: [{ id: other.product.id, quantity: 1 }] }), token), 422, "PRODUCT_NOT_AVAILABLE");
  });

  it("refuses a date in the past and a time that is not offered", async () => {
    const { token } = await createClient(db());
    await expectError(await book(booking({ date: localDate(-1) }), token), 422, "DATE_IN_PAST");
    await expectError(await book(booking({ start_hour: "03:00" }), token), 422, "TIME_NOT_OFFERED");
    await expectError(await book(booking({ start_hour: "10:10" }), token), 422, "TIME_NOT_OFFERED");
    await expectError(await book(booking({ services: [f.beard.id], start_hour: "17:30" }), token), 422, "TIME_NOT_OFFERED");
  });

  it("answers 409 SLOT_TAKEN for a time another client just took", async () => {
    const a = await createClient(db());
    const b = await createClient(db());
    expect((await book(booking({ start_hour: "11:00" }), a.token)).status).toBe(201);
    const body = await expectError(await book(booking({ start_hour: "11:00" }), b.token), 409, "SLOT_TAKEN");
    expect(body.error).toBe("This time was just taken. Please choose another one.");
    await expectError(await book(booking({ services: [f.beard.id], start_hour: "10:30" }), b.token), 409, "SLOT_TAKEN");
  });

  it("answers 400 for bad input and 415 for a body that is not JSON", async () => {
    const { token } = await createClient(db());
    await expectError(await book(booking({ services: [] }), token), 400, "VALIDATION_FAILED");
    await expectError(await book(booking({ start_hour: "25:00" }), token), 400, "VALIDATION_FAILED");
    await expectError(await book("{not json", token), 400, "INVALID_JSON");
    await expectError(await book(booking(), token, { "content-type": "text/plain" }), 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("returns the first answer again for a repeated Idempotency-Key, and 422 for another body with it", async () => {
    const { token } = await createClient(db());
    const headers = { "idempotency-key": "retry-0001-abcdef" };
    const first = await book(booking({ start_hour: "16:00" }), token, headers);
    expect(first.status).toBe(201);
    const again = await book(booking({ start_hour: "16:00" }), token, headers);
    expect(again.status).toBe(201);
    const a1 = ZAppointmentAnswer.parse(await first.json()).appointment;
    const a2 = ZAppointmentAnswer.parse(await again.json()).appointment;
    expect(a2.id).toBe(a1.id);
    const rows = await db().select().from(appointments).where(eq(appointments.id, a1.id));
    expect(rows).toHaveLength(1);
    await expectError(await book(booking({ start_hour: "17:00" }), token, headers), 422, "IDEMPOTENCY_CONFLICT");
  });
});

describe("POST /v3/appointments/appointment-without-login", () => {
  // The shop asks unproved phones for a code past a few guest bookings an hour (booking-abuse.db.test.ts):
  // each test here starts with the earlier tests' guest bookings outside that hour.
  beforeEach(async () => {
    await db().execute(sql`update appointments set created_at = created_at - interval '2 hours' where client_id is null`);
  });

  const guest = (over: Record<string, unknown> = {}) =>
    guestBooking(
      req("/v3/appointments/appointment-without-login", {
        method: "POST",
        body: { ...booking({ start_hour: "09:00" }), name: "João Silva", phone: "(11) 91234-5678", ...over },
      }),
    );

  it("books for a guest and gives a manage token that lets them see and cancel it", async () => {
    const res = await guest();
    expect(res.status).toBe(201);
    const { appointment, manage_token } = ZGuestAppointmentAnswer.parse(await res.json());
    expect(appointment.client_name).toBe("João Silva");
    expect(appointment.client_phone).toBe("+5511912345678");
    expect(manage_token.length).toBeGreaterThanOrEqual(43);
    const [row] = await db().select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row.manageTokenHash).not.toContain(manage_token);

    const seen = await getOne(req(`/v3/client/appointments/${appointment.id}?manage_token=${manage_token}`), params({ id: String(appointment.id) }));
    expect(seen.status).toBe(200);
    expect(ZAppointmentAnswer.parse(await seen.json()).appointment.can_review).toBe(false);
    await expectError(
      await getOne(req(`/v3/client/appointments/${appointment.id}?manage_token=${"x".repeat(43)}`), params({ id: String(appointment.id) })),
      404,
      "NOT_FOUND",
    );
    await expectError(await getOne(req(`/v3/client/appointments/${appointment.id}`), params({ id: String(appointment.id) })), 401, "UNAUTHORIZED");

    // A guest's calendar event opens the appointment with their private link, in the language they downloaded it in:
    // the page's own link without the token would ask them to sign in.
    const ics = await getIcs(
      req(`/v3/client/appointments/${appointment.id}/ics?manage_token=${manage_token}`, { headers: { "accept-language": "es" } }),
      params({ id: String(appointment.id) }),
    );
    expect(ics.status).toBe(200);
    const event = (await ics.text()).replace(/\r\n /g, "");
    expect(event).toContain("SUMMARY:Cita en ");
    const link = new URL(/DESCRIPTION:.*\\n(\S+)\r\n/.exec(event)![1]);
    expect(link.pathname).toBe(`/agendamento/${appointment.id}`);
    expect(link.searchParams.get("token")).toBe(manage_token);
    expect(link.searchParams.get("lng")).toBe("es");

    const cancelled = await updateStatus(
      req(`/v3/appointment/update-status/${appointment.id}/cancelled?manage_token=${manage_token}`, { method: "PUT" }),
      params({ id: String(appointment.id), status: "cancelled" }),
    );
    expect(cancelled.status).toBe(200);
    expect(ZAppointmentAnswer.parse(await cancelled.json()).appointment.status).toBe("cancelled");
  });

  it("keeps a cancelled appointment's link read-only: it shows it, but nothing changes any more", async () => {
    const { appointment, manage_token } = ZGuestAppointmentAnswer.parse(
      await (await guest({ date: localDate(9), start_hour: "15:00", phone: "(11) 93456-7812" })).json(),
    );
    const id = String(appointment.id);
    const q = `manage_token=${manage_token}`;
    expect((await updateStatus(req(`/v3/appointment/update-status/${id}/cancelled?${q}`, { method: "PUT" }), params({ id, status: "cancelled" }))).status).toBe(
      200,
    );
    const seen = ZAppointmentAnswer.parse(await (await getOne(req(`/v3/client/appointments/${id}?${q}`), params({ id }))).json()).appointment;
    expect(seen).toMatchObject({ status: "cancelled", can_cancel: false, can_confirm: false });
    for (const status of ["confirmed", "cancelled"]) {
      await expectError(
        await updateStatus(req(`/v3/appointment/update-status/${id}/${status}?${q}`, { method: "PUT" }), params({ id, status })),
        422,
        "INVALID_TRANSITION",
      );
    }
  });

  it("expires a manage link 7 days after the appointment's end, or after its cancellation", async () => {
    const linked = async (startsAt: Date, over: Partial<typeof appointments.$inferInsert> = {}) => {
      const row = await insertAppointment(db(), {
        shopId: f.shop.id,
        barberId: f.barber.id,
        serviceId: f.cut.id,
        clientId: null,
        startsAt,
        status: over.status,
      });
      const token = `manage-${row.id}-${Math.random().toString(36).slice(2)}-0123456789`;
      await db()
        .update(appointments)
        .set({ manageTokenHash: hashManageToken(token), ...over })
        .where(eq(appointments.id, row.id));
      return getOne(req(`/v3/client/appointments/${row.id}?manage_token=${token}`), params({ id: String(row.id) }));
    };
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    expect((await linked(daysAgo(6))).status).toBe(200);
    await expectError(await linked(daysAgo(8)), 404, "NOT_FOUND");
    // Booked for next week but cancelled 8 days ago: the link ended with the cancellation.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    await expectError(await linked(nextWeek, { status: "cancelled", cancelledAt: daysAgo(8) }), 404, "NOT_FOUND");
    expect((await linked(nextWeek, { status: "cancelled", cancelledAt: daysAgo(2) })).status).toBe(200);
  });

  it("does not take a session token for a manage token, nor a manage token for a session", async () => {
    const { appointment, manage_token } = ZGuestAppointmentAnswer.parse(
      await (await guest({ date: localDate(9), start_hour: "16:00", phone: "(11) 94567-8123" })).json(),
    );
    const id = String(appointment.id);
    const { token } = await createClient(db());
    const asManage = await getOne(req(`/v3/client/appointments/${id}?manage_token=${token}`), params({ id }));
    expect([400, 404]).toContain(asManage.status);
    const asSession = await getOne(req(`/v3/client/appointments/${id}`, { token: manage_token }), params({ id }));
    expect(asSession.status).toBe(401);
  });

  it("replays a guest booking with the same Idempotency-Key, manage token included", async () => {
    const headers = { "idempotency-key": "guest-key-123456" };
    const body = { ...booking({ start_hour: "12:30" }), name: "Maria Souza", phone: "(21) 99876-5432" };
    const first = await guestBooking(req("/v3/appointments/appointment-without-login", { method: "POST", body, headers }));
    const second = await guestBooking(req("/v3/appointments/appointment-without-login", { method: "POST", body, headers }));
    const a = ZGuestAppointmentAnswer.parse(await first.json());
    const b = ZGuestAppointmentAnswer.parse(await second.json());
    expect(b.appointment.id).toBe(a.appointment.id);
    expect(b.manage_token).toBe(a.manage_token);
    const [key] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "guest-key-123456"));
    expect(JSON.stringify(key.responseBody)).not.toContain(a.manage_token);
    // Replays do not count against the guest's booking limit.
    for (let i = 0; i < 12; i++)
      expect((await guestBooking(req("/v3/appointments/appointment-without-login", { method: "POST", body, headers }))).status).toBe(201);
  });

  it("limits a guest phone to 10 bookings an hour and a known address to a ceiling, with 429 and Retry-After", async () => {
    // Past the phone's limit every attempt is refused before it reaches the agenda.
    const attempt = (phone: string, ip?: string) =>
      guestBooking(
        req("/v3/appointments/appointment-without-login", {
          method: "POST",
          body: { ...booking({ start_hour: "10:00" }), name: "Rafa Lima", phone },
          headers: ip ? { "x-forwarded-for": ip } : {},
        }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt("(31) 98888-7777")).status);
    // One booking gets the time; the others find it taken (409), all counted.
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const refused = await attempt("(31) 98888-7777");
    await expectError(refused, 429, "TOO_MANY_REQUESTS");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db().$count(appointments, eq(appointments.clientPhone, "+5531988887777"))).toBe(1);

    // An address only has a ceiling (many guests may share it): past it, it is refused too.
    for (let i = 0; i < 31; i++)
      expect([201, 409]).toContain((await attempt(`(41) 9${String(7000_0000 + i).slice(0, 4)}-${String(7000_0000 + i).slice(4)}`, "203.0.113.9")).status);
    await db().update(rateLimits).set({ points: LIMITS.guestBookingsPerIp.points }).where(eq(rateLimits.key, "guest_book_ip:203.0.113.9"));
    await expectError(await attempt("(41) 96666-5555", "203.0.113.9"), 429, "TOO_MANY_REQUESTS");
    expect((await attempt("(41) 96666-5555", "203.0.113.10")).status).toBe(409);
  });

  it("answers 400 for a short name or a phone that is not Brazilian", async () => {
    const short = await expectError(await guest({ name: "Jo" }), 400, "VALIDATION_FAILED");
    expect(short.error).toBe("Please, review inserted data");
    await expectError(await guest({ phone: "12345" }), 400, "VALIDATION_FAILED");
    await expectError(await guest({ phone: "(00) 00000-0000" }), 400, "VALIDATION_FAILED");
  });
});

describe("my appointments", () => {
  it("lists upcoming and history, and hides other clients' appointments", async () => {
    const me = await createClient(db());
    const other = await createClient(db());
    const shop = await createBookableShop(db());
    const past = await insertAppointment(db(), {
      shopId: shop.shop.id,
      barberId: shop.barber.id,
      serviceId: shop.cut.id,
      clientId: me.user.id,
      startsAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const soon = await insertAppointment(db(), {
      shopId: shop.shop.id,
      barberId: shop.barber.id,
      serviceId: shop.cut.id,
      clientId: me.user.id,
      startsAt: new Date(Date.now() + 2 * 86_400_000),
    });
    const theirs = await insertAppointment(db(), {
      shopId: shop.shop.id,
      barberId: shop.barber.id,
      serviceId: shop.cut.id,
      clientId: other.user.id,
      startsAt: new Date(Date.now() + 3 * 86_400_000),
    });

    const upcoming = ZAppointmentList.parse(await (await listMine(req("/v3/client/appointments", { token: me.token }))).json());
    expect(upcoming.items.map((a) => a.id)).toEqual([soon.id]);
    const history = ZAppointmentList.parse(await (await listMine(req("/v3/client/appointments?scope=history", { token: me.token }))).json());
    expect(history.items.map((a) => [a.id, a.status, a.can_review])).toEqual([[past.id, "completed", true]]);
    expect(history.total).toBe(1);

    await expectError(await getOne(req(`/v3/client/appointments/${theirs.id}`, { token: me.token }), params({ id: String(theirs.id) })), 404, "NOT_FOUND");
    await expectError(
      await updateStatus(
        req(`/v3/appointment/update-status/${theirs.id}/cancelled`, { method: "PUT", token: me.token }),
        params({ id: String(theirs.id), status: "cancelled" }),
      ),
      404,
      "NOT_FOUND",
    );
    await expectError(await getOne(req(`/v3/client/appointments/abc`, { token: me.token }), params({ id: "abc" })), 400, "VALIDATION_FAILED");
    await expectError(await listMine(req("/v3/client/appointments")), 401, "UNAUTHORIZED");
    await expectError(await listMine(req("/v3/client/appointments?scope=soon", { token: me.token })), 400, "VALIDATION_FAILED");
  });

  it("confirms once, cancels before it starts, and refuses the other transitions", async () => {
    const me = await createClient(db());
    const shop = await createBookableShop(db());
    const a = await insertAppointment(db(), {
      shopId: shop.shop.id,
      barberId: shop.barber.id,
      serviceId: shop.cut.id,
      clientId: me.user.id,
      startsAt: new Date(Date.now() + 86_400_000),
    });
    const put = (status: string) =>
      updateStatus(req(`/v3/appointment/update-status/${a.id}/${status}`, { method: "PUT", token: me.token }), params({ id: String(a.id), status }));

    const confirmed = ZAppointmentAnswer.parse(await (await put("confirmed")).json()).appointment;
    expect(confirmed).toMatchObject({ status: "confirmed", can_confirm: false, can_cancel: true });
    await expectError(await put("confirmed"), 422, "INVALID_TRANSITION");
    await expectError(await put("completed"), 422, "INVALID_TRANSITION");
    await expectError(await put("nonsense"), 400, "VALIDATION_FAILED");

    const res = await deleteAppointment(req(`/v3/appointments/delete/${a.id}`, { method: "DELETE", token: me.token }), params({ id: String(a.id) }));
    expect(ZAppointmentAnswer.parse(await res.json()).appointment).toMatchObject({ status: "cancelled", can_cancel: false });
    await expectError(await put("confirmed"), 422, "INVALID_TRANSITION");

    const history = ZAppointmentList.parse(await (await listMine(req("/v3/client/appointments?scope=history", { token: me.token }))).json());
    expect(history.items.map((x) => x.id)).toContain(a.id);

    const started = await insertAppointment(db(), {
      shopId: shop.shop.id,
      barberId: shop.barber.id,
      serviceId: shop.cut.id,
      clientId: me.user.id,
      startsAt: new Date(Date.now() - 10 * 60_000),
      minutes: 60,
    });
    await expectError(
      await updateStatus(
        req(`/v3/appointment/update-status/${started.id}/cancelled`, { method: "PUT", token: me.token }),
        params({ id: String(started.id), status: "cancelled" }),
      ),
      422,
      "INVALID_TRANSITION",
    );
  });

  it("downloads an appointment as an .ics file", async () => {
    const me = await createClient(db());
    const a = await insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber.id,
      serviceId: f.cut.id,
      clientId: me.user.id,
      startsAt: new Date("2030-01-15T13:00:00Z"),
    });
    const res = await getIcs(req(`/v3/client/appointments/${a.id}/ics`, { token: me.token }), params({ id: String(a.id) }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const text = await res.text();
    expect(text).toContain("DTSTART:20300115T130000Z");
    expect(text).toContain("DTEND:20300115T133000Z");
    // The event links to the appointment's page in the language it was downloaded in (English here), no token.
    const description = /DESCRIPTION:(.*)/.exec(text.replace(/\r\n /g, ""))![1];
    expect(description).toMatch(new RegExp(`/agendamento/${a.id}\\?lng=en\r?$`));
    expect(description).not.toContain("token=");
  });
});

describe("POST /v3/client/add-review", () => {
  it("rates a completed appointment once and feeds the shop's and the barber's averages", async () => {
    const me = await createClient(db());
    const shop = await createBookableShop(db());
    const mk = (daysAgo: number) =>
      insertAppointment(db(), {
        shopId: shop.shop.id,
        barberId: shop.barber.id,
        serviceId: shop.cut.id,
        clientId: me.user.id,
        startsAt: new Date(Date.now() - daysAgo * 86_400_000),
      });
    const first = await mk(3);
    const second = await mk(4);
    const review = (body: unknown) => addReview(req("/v3/client/add-review", { method: "POST", body, token: me.token }));

    const res = await review({ appointment_id: first.id, rating: 5, comment: "Excelente corte" });
    expect(res.status).toBe(201);
    expect(ZReviewAnswer.parse(await res.json()).review).toMatchObject({ rating: 5, comment: "Excelente corte", barber_id: shop.barber.id });
    expect((await review({ appointment_id: second.id, rating: 4 })).status).toBe(201);

    const again = await expectError(await review({ appointment_id: first.id, rating: 3 }), 409, "ALREADY_RATED");
    expect(again.error).toBe("This appointment has already been rated.");

    const [s] = await db().select().from(barbershops).where(eq(barbershops.id, shop.shop.id));
    expect([s.ratingAvg, s.ratingCount]).toEqual(["4.50", 2]);
    const [b] = await db().select().from(barbers).where(eq(barbers.id, shop.barber.id));
    expect([b.ratingAvg, b.ratingCount]).toEqual(["4.50", 2]);

    const seen = ZAppointmentAnswer.parse(
      await (await getOne(req(`/v3/client/appointments/${first.id}`, { token: me.token }), params({ id: String(first.id) }))).json(),
    );
    expect(seen.appointment).toMatchObject({ status: "completed", can_review: false, review: { rating: 5 } });
  });

  it("refuses one that is not completed, someone else's, and bad input", async () => {
    const me = await createClient(db());
    const other = await createClient(db());
    const future = await insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber.id,
      serviceId: f.cut.id,
      clientId: me.user.id,
      startsAt: new Date(Date.now() + 5 * 86_400_000),
    });
    const theirs = await insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber.id,
      serviceId: f.cut.id,
      clientId: other.user.id,
      startsAt: new Date(Date.now() - 9 * 86_400_000),
    });
    const cancelled = await insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber.id,
      serviceId: f.cut.id,
      clientId: me.user.id,
      startsAt: new Date(Date.now() - 8 * 86_400_000),
      status: "cancelled",
    });
    const review = (body: unknown) => addReview(req("/v3/client/add-review", { method: "POST", body, token: me.token }));
    await expectError(await review({ appointment_id: future.id, rating: 5 }), 422, "NOT_COMPLETED");
    await expectError(await review({ appointment_id: cancelled.id, rating: 5 }), 422, "NOT_COMPLETED");
    await expectError(await review({ appointment_id: theirs.id, rating: 5 }), 404, "NOT_FOUND");
    await expectError(await review({ appointment_id: theirs.id, rating: 6 }), 400, "VALIDATION_FAILED");
    await expectError(await review({ appointment_id: theirs.id, rating: 4, comment: "x".repeat(1001) }), 400, "VALIDATION_FAILED");
  });
});

describe("a barber with his own week", () => {
  it("works his own hours, minus his break and his blocked time", async () => {
    const shop = await createBookableShop(db());
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    await db().insert(barberHours).values({ barberId: shop.barber.id, weekday, starts: "13:00", ends: "17:00" });
    await db().insert(barberBreaks).values({ barberId: shop.barber.id, weekday, starts: "14:00", ends: "14:30" });
    await db()
      .insert(blockedTimes)
      .values({ barberId: shop.barber.id, startsAt: new Date(`${day}T16:00:00-03:00`), endsAt: new Date(`${day}T17:00:00-03:00`), reason: "Dentista" });
    const res = await availableTimes(req(timesUrl({ barbershop_id: shop.shop.id, barber_id: shop.barber.id, services: shop.cut.id, date: day })));
    expect(ZAvailableTimes.parse(await res.json())).toMatchObject({ morning: [], afternoon: ["13:00", "13:30", "14:30", "15:00", "15:30"], night: [] });
  });
});

describe("a shop with its own hours", () => {
  it("offers nothing on a closed day", async () => {
    const shop = await createShop(db());
    const barber = await createBarber(db(), shop.id);
    const svc = await createService(db(), shop.id, {}, [barber.id]);
    const res = await availableTimes(req(timesUrl({ barbershop_id: shop.id, barber_id: barber.id, services: svc.id, date: day })));
    expect(ZAvailableTimes.parse(await res.json())).toMatchObject({ morning: [], afternoon: [], night: [] });
    await openEveryDay(db(), shop.id, "18:00", "21:00");
    const open = ZAvailableTimes.parse(
      await (await availableTimes(req(timesUrl({ barbershop_id: shop.id, barber_id: barber.id, services: svc.id, date: day })))).json(),
    );
    expect(open.night).toEqual(["18:00", "18:30", "19:00", "19:30", "20:00", "20:30"]);
  });
});
