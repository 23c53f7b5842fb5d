import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { sql } from "drizzle-orm";
import { ZErrorBody } from "@/lib/contract/common";
import { agendaRoutes } from "@/lib/contract/agenda";
import { alertsRoutes } from "@/lib/contract/alerts";
import { onboardingRoutes } from "@/lib/contract/onboarding";
import { allRoutes } from "@/lib/contract/openapi";
import type { RouteDef } from "@/lib/contract/route-def";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { rowsOf } from "@/lib/server/shops/cards";
import { call, makeAccount } from "@/tests/factories/account";
import { DAY, makeThingsOf, makeTwoShops } from "@/tests/factories/staff";

// Every staff route of a shop, taken from the contract's route list so that a new one is walked without a new test:
// called by each role of shop A with shop B's id (and B's barber, booking and member ids wherever it takes one), it
// answers 403 with the error body and changes nothing; called by shop A's staff on shop A with B's ids, 403 too;
// without sign-in, 401.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const shopRoutes = allRoutes.filter((r) => r.path.startsWith("/staff/shops/{shop_id}"));
const fileOf = (r: RouteDef) =>
  path.join(
    process.cwd(),
    "app",
    "v3",
    ...r.path
      .split("/")
      .filter(Boolean)
      .map((s) => s.replace(/^\{(.+)\}$/, "[$1]")),
    "route.ts",
  );

let f: Awaited<ReturnType<typeof makeTwoShops>>;
let ofB: Awaited<ReturnType<typeof makeThingsOf>>;
beforeAll(async () => {
  f = await makeTwoShops(db());
  ofB = await makeThingsOf(db(), f.shopB.id, f.barberB.id);
}, 60_000);

/** A value of shop B for each field a staff route's path, query or body takes; a new field needs one here. */
function valuesOfB(): Record<string, unknown> {
  return {
    shop_id: String(f.shopB.id),
    staff_id: String(f.b.barber.member.id),
    booking_id: String(f.bookingB.id),
    barber_id: String(f.barberB.id),
    date: DAY,
    roles: ["owner"],
    before: "1000000",
    limit: "10",
    subject: "service",
    actor: "1",
    // Services, products, hours, closures, time off, invitations and the team's own writes.
    service_id: String(ofB.service.id),
    product_id: String(ofB.product.id),
    closure_id: String(ofB.closure.id),
    time_off_id: String(ofB.timeOff.id),
    invitation_id: String(ofB.invitation.id),
    review_id: String(ofB.review.id),
    client_id: String(ofB.client.id),
    note_id: String(ofB.note.id),
    q: "cliente",
    text: "Obrigado pela visita!",
    confirm: "keep",
    name: "Novo Nome",
    bio: "",
    channel: "email",
    recipient: "novo@example.com",
    hours: [],
    breaks: [],
    days: [],
    services: [],
    resolutions: [],
    starts_at: "2026-12-10T10:00:00-03:00",
    ends_at: "2026-12-10T12:00:00-03:00",
    reason: "Folga",
    description: "",
    description_en: null,
    description_es: null,
    duration_minutes: 30,
    price: "45.00",
    category: "hair",
    sort_order: 0,
    is_online: true,
    barber_ids: [],
    starts_on: "2026-12-24",
    ends_on: "2026-12-25",
    // Reports.
    from: "2026-11-01",
    to: DAY,
    format: "csv",
    filter: "unanswered",
  };
}

/** Values of shop B for the onboarding routes (its profile and setup), whose fields share names with the team's. */
const onboardingPaths = new Set(onboardingRoutes.map((r) => `${r.method} ${r.path}`));
function onboardingValuesOfB(): Record<string, unknown> {
  return {
    name: "Outra Barbearia",
    address: {
      zip_code: "01414-001",
      street: "Rua Haddock Lobo",
      number: "10",
      neighborhood: "Cerqueira César",
      city: "São Paulo",
      state: "SP",
      latitude: -23.56,
      longitude: -46.66,
    },
    phone: "(11) 3333-4444",
    whatsapp: "(11) 91234-5678",
    instagram: "",
    description: "Cortes.",
    description_en: "",
    description_es: "",
    amenities: ["wifi"],
    photos: [],
    hours: [{ weekday: 1, opens: "09:00", closes: "19:00" }],
    services: [{ name: "Corte", duration_minutes: 30, price: "45.00", category: "hair" }],
    owner_is_barber: false,
  };
}

/** Values of shop B for the agenda's routes, whose fields share names with the team's. */
const agendaPaths = new Set(agendaRoutes.map((r) => `${r.method} ${r.path}`));
function agendaValuesOfB(): Record<string, unknown> {
  return {
    days: "1",
    start_hour: "10:00",
    end_hour: "11:00",
    services: [1],
    client: { name: "Cliente Balcão", phone: "(11) 98765-4321" },
    notes: "Cliente novo",
    reason: "Compromisso",
    mark: "arrived",
    weekly: false,
    q: "cliente",
    block_id: "1",
  };
}

/** Values for a member's own alert preferences, whose fields share names with the shop page's. */
const alertsPaths = new Set(alertsRoutes.map((r) => `${r.method} ${r.path}`));
const alertsValues = () => ({
  email: true,
  whatsapp: false,
  push: true,
  events: ["booked"],
  quiet_from: null,
  quiet_until: null,
  // A browser's Web Push subscription.
  endpoint: "https://fcm.googleapis.com/fcm/send/abc123",
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
});

function pick(schema: RouteDef["params"], values: Record<string, unknown>, over: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema?.shape ?? {})) {
    if (!(key in values)) throw new Error(`staff-access walk: give a value of shop B for "${key}"`);
    out[key] = key in over ? over[key] : values[key];
  }
  return out;
}

/** A well-formed request of the route (its schemas accept it), with shop B's values and `over` on top. */
function requestOf(r: RouteDef, token: string | undefined, over: Record<string, unknown> = {}) {
  const values = {
    ...valuesOfB(),
    ...(onboardingPaths.has(`${r.method} ${r.path}`) ? onboardingValuesOfB() : {}),
    ...(agendaPaths.has(`${r.method} ${r.path}`) ? agendaValuesOfB() : {}),
    ...(alertsPaths.has(`${r.method} ${r.path}`) ? alertsValues() : {}),
  };
  const params = pick(r.params, values, over) as Record<string, string>;
  const query = pick(r.query, values, over);
  const body = r.body ? pick(r.body as RouteDef["params"], values, over) : undefined;
  expect(r.params?.safeParse(params).success ?? true).toBe(true);
  expect(r.query?.safeParse(query).success ?? true).toBe(true);
  if (r.body) expect(r.body.safeParse(body).success).toBe(true);
  const url = r.path.replace(/\{(\w+)\}/g, (_, k: string) => params[k]) + (r.query ? `?${new URLSearchParams(query as Record<string, string>)}` : "");
  return { req: call(`/v3${url}`, { method: r.method.toUpperCase(), token, body }), ctx: { params: Promise.resolve(params) } };
}

async function send(r: RouteDef, token: string | undefined, over: Record<string, unknown> = {}) {
  const mod = (await import(fileOf(r))) as Record<string, Handler>;
  const { req, ctx } = requestOf(r, token, over);
  return mod[r.method.toUpperCase()](req, ctx);
}

/** Everything a staff route could change, as one text to compare. */
async function state(): Promise<string> {
  const rows = rowsOf(
    await db().execute(sql`select
      (select coalesce(json_agg(s order by s.id), '[]') from shop_staff s)::text as staff,
      (select coalesce(json_agg(json_build_object('id', a.id, 'status', a.status, 'b', a.barber_id, 's', a.starts_at, 'e', a.ends_at) order by a.id), '[]') from appointments a)::text as bookings,
      (select coalesce(json_agg(b order by b.id), '[]') from barbers b)::text as barbers,
      (select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'active', x.is_active, 'from', x.price_from) order by x.id), '[]') from barbershops x)::text as shops,
      (select coalesce(json_agg(v order by v.id), '[]') from services v)::text as services,
      (select coalesce(json_agg(p order by p.id), '[]') from products p)::text as products,
      (select coalesce(json_agg(h order by h.id), '[]') from shop_hours h)::text as hours,
      (select coalesce(json_agg(c order by c.id), '[]') from shop_closures c)::text as closures,
      (select coalesce(json_agg(json_build_object('id', r.id, 'answer', r.answer) order by r.id), '[]') from reviews r)::text as reviews,
      (select coalesce(json_agg(t order by t.id), '[]') from blocked_times t)::text as blocked,
      (select coalesce(json_agg(i order by i.id), '[]') from staff_invitations i)::text as invitations,
      (select coalesce(json_agg(bs order by bs.barber_id, bs.service_id), '[]') from barber_services bs)::text as barber_services,
      (select coalesce(json_agg(bh order by bh.id), '[]') from barber_hours bh)::text as barber_hours,
      (select coalesce(json_agg(ap order by ap.staff_id), '[]') from staff_alert_prefs ap)::text as alert_prefs,
      (select coalesce(json_agg(ps order by ps.id), '[]') from push_subscriptions ps)::text as push_subscriptions,
      (select coalesce(json_agg(cn order by cn.id), '[]') from client_notes cn)::text as client_notes`),
  );
  return JSON.stringify(rows[0]);
}

const roles = () => [
  { role: "owner and barber", token: f.a.owner.token, isOwner: true },
  { role: "manager", token: f.a.manager.token, isOwner: false },
  { role: "front desk", token: f.a.frontDesk.token, isOwner: false },
  { role: "barber", token: f.a.barber.token, isOwner: false },
];

async function expectRefused(res: Response, status: number, codes: string[]) {
  const body = await res.json();
  expect(res.status).toBe(status);
  expect(codes).toContain(body.code);
  expect(ZErrorBody.safeParse(body).success).toBe(true);
  expect(body.error).not.toBe("");
}

it("finds the staff routes of a shop, each with a handler that calls the one staff check", () => {
  expect(shopRoutes.length).toBeGreaterThanOrEqual(5);
  for (const r of shopRoutes) {
    expect(r.auth).toBe("required");
    const source = fs.readFileSync(fileOf(r), "utf8");
    // requireStaff, or requireStaffWith (the same check with more read in its statement).
    expect({ path: r.path, calls: /requireStaff(With<[^>]*>)?\(/.test(source) }).toEqual({ path: r.path, calls: true });
  }
});

describe.each(shopRoutes.map((r) => ({ name: `${r.method.toUpperCase()} ${r.path}`, r })))("$name", ({ r }) => {
  it("refuses every role of shop A on shop B (403, the error body) and changes nothing", async () => {
    const before = await state();
    for (const { role, token } of roles()) {
      const res = await send(r, token);
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
      await expectRefused(res, 403, ["NOT_SHOP_STAFF"]);
    }
    expect(await state()).toBe(before);
  });

  it("refuses shop A's staff on shop A with shop B's barber, booking, member or other thing (403) and changes nothing", async () => {
    const takesMore = [r.params, r.query, r.body as RouteDef["params"]].some((s) =>
      Object.keys(s?.shape ?? {}).some((k) =>
        ["staff_id", "booking_id", "barber_id", "service_id", "product_id", "closure_id", "time_off_id", "invitation_id", "review_id", "client_id"].includes(k),
      ),
    );
    if (!takesMore) return;
    const before = await state();
    for (const { role, token, isOwner } of roles()) {
      const res = await send(r, token, { shop_id: String(f.shopA.id) });
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
      // The owner may do everything at shop A: only the other shop's id stops him.
      await expectRefused(res, 403, isOwner ? ["NOT_OF_SHOP"] : ["NOT_OF_SHOP", "STAFF_PERMISSION"]);
    }
    expect(await state()).toBe(before);
  });

  it("refuses a signed-in client who works nowhere (403) and anyone not signed in (401)", async () => {
    const before = await state();
    const client = await makeAccount(db());
    await expectRefused(await send(r, client.token, { shop_id: String(f.shopA.id) }), 403, ["NOT_SHOP_STAFF"]);
    await expectRefused(await send(r, undefined, { shop_id: String(f.shopA.id) }), 401, ["UNAUTHORIZED"]);
    await expectRefused(await send(r, "not-a-token", { shop_id: String(f.shopA.id) }), 401, ["UNAUTHORIZED"]);
    expect(await state()).toBe(before);
  });
});
