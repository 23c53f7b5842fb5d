import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { sql } from "drizzle-orm";
import { ZErrorBody } from "@/lib/contract/common";
import { allRoutes } from "@/lib/contract/openapi";
import type { RouteDef } from "@/lib/contract/route-def";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { rowsOf } from "@/lib/server/shops/cards";
import { call, makeAccount } from "@/tests/factories/account";
import { DAY, makeTwoShops } from "@/tests/factories/staff";

// Every staff route of a shop, taken from the contract's route list so that a new one is walked without a new test:
// called by each role of shop A with shop B's id (and B's barber, booking and member ids wherever it takes one), it
// answers 403 with the error body and changes nothing; called by shop A's staff on shop A with B's ids, 403 too;
// without sign-in, 401.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const shopRoutes = allRoutes.filter((r) => r.path.startsWith("/staff/shops/{shop_id}"));
const fileOf = (r: RouteDef) => path.join(process.cwd(), "app", "v3", ...r.path.split("/").filter(Boolean).map((s) => s.replace(/^\{(.+)\}$/, "[$1]")), "route.ts");

let f: Awaited<ReturnType<typeof makeTwoShops>>;
beforeAll(async () => {
  f = await makeTwoShops(db());
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
  const values = valuesOfB();
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
      (select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'active', x.is_active) order by x.id), '[]') from barbershops x)::text as shops`),
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
    expect({ path: r.path, calls: /requireStaff\(/.test(source) }).toEqual({ path: r.path, calls: true });
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

  it("refuses shop A's staff on shop A with shop B's barber, booking or member (403) and changes nothing", async () => {
    const takesMore = [r.params, r.query, r.body as RouteDef["params"]].some((s) =>
      Object.keys(s?.shape ?? {}).some((k) => ["staff_id", "booking_id", "barber_id"].includes(k)),
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
