// Demo data worth looking at: ~320 barbershops in São Paulo, Rio de Janeiro and Belo Horizonte,
// with hours, barbers, services, products, past appointments and reviews, plus a demo client
// (demo@navalha.app / demo1234). Deterministic (seeded PRNG) and idempotent.
import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { hashPassword } from "@/lib/server/auth/password";
import type { Db, Tx } from "./client";
import * as s from "./schema";
import { CITIES, type City, NEIGHBORHOODS, type Neighborhood, streetsOf } from "@/scripts/seed-data/places";
import {
  AMENITIES,
  APPOINTMENT_NOTES,
  BARBER_BIOS,
  BARBER_NAMES,
  BASIC_AMENITIES,
  CLIENT_FIRST_NAMES,
  CLIENT_LAST_NAMES,
  PRODUCT_CATALOGUE,
  REVIEW_COMMENTS,
  SERVICE_CATALOGUE,
  SHOP_DESCRIPTIONS,
  SHOP_NAME_OWNER_PATTERNS,
  SHOP_NAME_PLACE_PATTERNS,
  SHOP_NAMES,
  SHOP_OWNER_NAMES,
} from "@/scripts/seed-data/names";

export const DEMO_EMAIL = "demo@navalha.app";
export const DEMO_PASSWORD = "demo1234";
export const DEMO_PHONE = "+5511987654321";
export const DEMO_NAME = "Cliente Demo";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Brazil has had no daylight-saving time since 2019: São Paulo is always UTC−03:00. */
const SP_OFFSET_MS = 3 * HOUR;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

/** Tiny, fast, seedable PRNG: numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let x = this.next() * total;
    for (const [item, w] of items) {
      x -= w;
      if (x < 0) return item;
    }
    return items[items.length - 1][0];
  }
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, Math.min(k, items.length)));
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers shared with scripts/generate-bench-data.ts
// ---------------------------------------------------------------------------------------------

/** "Navalha & Tesoura Pinheiros" → "navalha-e-tesoura-pinheiros" (ASCII kebab-case). */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " e ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "Corte & Cia" in "Pinheiros" → "corte-e-cia-pinheiros"; the neighbourhood is not repeated. */
export function shopSlugBase(name: string, neighborhood: string): string {
  const a = slugify(name);
  const b = slugify(neighborhood);
  return a.includes(b) ? a : `${a}-${b}`;
}

/** A point at most `maxKm` from the given one, uniformly spread over the disc. */
export function jitterPoint(rng: Rng, lat: number, lng: number, maxKm: number): { latitude: number; longitude: number } {
  const r = maxKm * Math.sqrt(rng.float());
  const theta = rng.float() * 2 * Math.PI;
  const dLat = (r * Math.cos(theta)) / 111.32;
  const dLng = (r * Math.sin(theta)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return { latitude: round6(lat + dLat), longitude: round6(lng + dLng) };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Whole cents → "45.00". */
export const money = (cents: number) => (cents / 100).toFixed(2);

/** Mobile number in E.164 for a DDD: +55 DDD 9XXXX-XXXX. */
export function mobilePhone(rng: Rng, ddd: string): string {
  return `+55${ddd}9${rng.int(6, 9)}${String(rng.int(0, 9_999_999)).padStart(7, "0")}`;
}

/** Landline in E.164: +55 DDD 3XXX-XXXX. */
export function landlinePhone(rng: Rng, ddd: string): string {
  return `+55${ddd}${rng.pick(["2", "3", "3", "3", "4"])}${String(rng.int(0, 9_999_999)).padStart(7, "0")}`;
}

export function zipCode(rng: Rng, n: Neighborhood): string {
  return `${n.cep}-${String(rng.chance(0.5) ? rng.int(0, 99) * 10 : rng.int(0, 999)).padStart(3, "0")}`;
}

export function streetAddress(rng: Rng, n: Neighborhood): string {
  const street = rng.pick(streetsOf(n));
  const number = rng.chance(0.6) ? rng.int(12, 900) : rng.int(900, 2999);
  return `${street}, ${number}`;
}

export function instagramHandle(name: string, neighborhood: string, rng: Rng): string {
  const base = slugify(name).replace(/-/g, "");
  const place = slugify(neighborhood).replace(/-/g, "");
  const joined = base.includes(place) ? base : `${base}${rng.pick([".", "_"])}${place}`;
  return (joined.length <= 30 ? joined : base).slice(0, 30);
}

export function shopName(rng: Rng, n: Neighborhood): string {
  const kind = rng.weighted([
    ["fixed", 55],
    ["owner", 25],
    ["place", 20],
  ] as const);
  if (kind === "fixed") return rng.pick(SHOP_NAMES);
  if (kind === "owner") return rng.pick(SHOP_NAME_OWNER_PATTERNS).replace("{name}", rng.pick(SHOP_OWNER_NAMES));
  return rng.pick(SHOP_NAME_PLACE_PATTERNS).replace("{place}", n.name);
}

export function shopDescription(rng: Rng, n: Neighborhood): string {
  return rng.pick(SHOP_DESCRIPTIONS).replace("{place}", n.name).replace("{city}", CITIES[n.citySlug].name);
}

export function shopAmenities(rng: Rng): string[] {
  const extra = rng.sample(
    AMENITIES.filter((a) => !BASIC_AMENITIES.includes(a)),
    rng.int(2, 5),
  );
  return AMENITIES.filter((a) => BASIC_AMENITIES.includes(a) || extra.includes(a));
}

export const COVER_COUNT = 12;
export const AVATAR_COUNT = 12;
export const LOGO_COUNT = 6;
const pad2 = (n: number) => String(n).padStart(2, "0");
export const coverUrl = (i: number) => `/demo/cover-${pad2(i)}.svg`;
export const avatarUrl = (i: number) => `/demo/avatar-${pad2(i)}.svg`;
export const logoUrl = (i: number) => `/demo/logo-${pad2(i)}.svg`;
/** The avatars drawn with long hair, for the barbers with women's names. */
const FEMALE_AVATARS = [5, 10];
const MALE_AVATARS = [1, 2, 3, 4, 6, 7, 8, 9, 11, 12];
const FEMALE_BARBERS = new Set(["Fernanda", "Juliana", "Camila", "Paty", "Jô"]);

export function barberAvatar(rng: Rng, name: string): string {
  return avatarUrl(rng.pick(FEMALE_BARBERS.has(name) ? FEMALE_AVATARS : MALE_AVATARS));
}

export function barberBio(rng: Rng): string {
  return rng.pick(BARBER_BIOS).replace("{years}", String(rng.int(3, 25)));
}

/** Shops interleaved across the three cities first, so that even a few shops cover all of them. */
export function neighborhoodFor(rng: Rng, index: number, order: Neighborhood[]): Neighborhood {
  if (index < order.length) return order[index];
  const city = rng.weighted([
    ["sao-paulo", 45],
    ["rio-de-janeiro", 33],
    ["belo-horizonte", 22],
  ] as const);
  return rng.pick(NEIGHBORHOODS.filter((n) => n.citySlug === city));
}

export function interleavedNeighborhoods(): Neighborhood[] {
  const byCity = (Object.keys(CITIES) as (keyof typeof CITIES)[]).map((c) => NEIGHBORHOODS.filter((n) => n.citySlug === c));
  const out: Neighborhood[] = [];
  for (let i = 0; out.length < NEIGHBORHOODS.length; i++) for (const list of byCity) if (i < list.length) out.push(list[i]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hours
// ---------------------------------------------------------------------------------------------

/** Minutes since midnight, [start, end). */
export type Range = [number, number];
/** Ranges per weekday, 0 = Sunday. */
export type WeekHours = Range[][];

const hm = (h: number, m = 0) => h * 60 + m;
export const toTime = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;

function week(spec: Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, Range[]>>): WeekHours {
  return [0, 1, 2, 3, 4, 5, 6].map((d) => spec[d as 0] ?? []);
}
const days = (from: number, to: number, ranges: Range[]) =>
  Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [from + i, ranges])) as Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, Range[]>>;

/** Opening-hour patterns seen in real barbershops, with their share. */
export function shopHoursFor(rng: Rng): { kind: string; hours: WeekHours } {
  const kind = rng.weighted([
    ["classic", 30],
    ["tue-sat", 18],
    ["lunch", 15],
    ["late", 17],
    ["sunday", 10],
    ["long", 10],
  ] as const);
  switch (kind) {
    case "classic": {
      const open = rng.pick([hm(8), hm(9), hm(9), hm(10)]);
      const close = rng.pick([hm(18), hm(19), hm(19), hm(20)]);
      return { kind, hours: week({ ...days(1, 5, [[open, close]]), 6: [[hm(8), rng.pick([hm(13), hm(14), hm(16)])]] }) };
    }
    case "tue-sat":
      return { kind, hours: week({ ...days(2, 5, [[hm(9), hm(20)]]), 6: [[hm(8), hm(18)]] }) };
    case "lunch":
      return {
        kind,
        hours: week({ ...days(1, 5, [[hm(9), hm(12)], [hm(13), hm(20)]]), 6: [[hm(9), hm(13)]] }),
      };
    case "late": {
      const open = rng.pick([hm(10), hm(11), hm(13)]);
      return { kind, hours: week({ ...days(1, 5, [[open, hm(22)]]), 6: [[hm(10), hm(20)]] }) };
    }
    case "sunday":
      return { kind, hours: week({ ...days(1, 6, [[hm(9), hm(20)]]), 0: [[hm(9), hm(14)]] }) };
    case "long":
    default:
      return {
        kind: "long",
        hours: week({ ...days(1, 6, [[hm(8), hm(21)]]), ...(rng.chance(0.5) ? { 0: [[hm(10), hm(16)]] as Range[] } : {}) }),
      };
  }
}

/** A barber's own hours: the shop's, starting later or finishing earlier every day the shop opens. */
function ownHoursFor(rng: Rng, shop: WeekHours): WeekHours {
  const late = rng.chance(0.6);
  return shop.map((ranges) => {
    if (ranges.length === 0) return [];
    const copy = ranges.map((r) => [...r] as Range);
    if (late) {
      const first = copy[0];
      const len = first[1] - first[0];
      first[0] += len >= 300 ? 120 : len >= 180 ? 60 : 0;
    } else {
      const last = copy[copy.length - 1];
      const len = last[1] - last[0];
      last[1] -= len >= 300 ? 120 : len >= 180 ? 60 : 0;
    }
    return copy;
  });
}

/** Lunch 12:00–13:00 on the weekdays where the barber works through it. */
function lunchBreaks(hours: WeekHours): WeekHours {
  return hours.map((ranges, d) => (d >= 1 && d <= 5 && ranges.some(([a, b]) => a <= hm(12) && b >= hm(13)) ? [[hm(12), hm(13)] as Range] : []));
}

function subtract(ranges: Range[], cuts: Range[]): Range[] {
  let out = ranges.map((r) => [...r] as Range);
  for (const [c0, c1] of cuts) {
    out = out.flatMap(([a, b]): Range[] => {
      if (c1 <= a || c0 >= b) return [[a, b]];
      const parts: Range[] = [];
      if (c0 > a) parts.push([a, c0]);
      if (c1 < b) parts.push([c1, b]);
      return parts;
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Local time (America/Sao_Paulo, fixed −03:00)
// ---------------------------------------------------------------------------------------------

/** Days since 1970-01-01 of the São Paulo calendar day that contains `instant`. */
export const spDayNumber = (instant: Date) => Math.floor((instant.getTime() - SP_OFFSET_MS) / DAY);
/** 0 = Sunday. */
export const weekdayOfDay = (dayNumber: number) => (((dayNumber + 4) % 7) + 7) % 7;
/** The instant of a wall-clock time in São Paulo. */
export const spInstant = (dayNumber: number, minutes: number) => new Date(dayNumber * DAY + SP_OFFSET_MS + minutes * MINUTE);

/** Keeps one barber's appointments apart and finds slots that fit. */
export class BarberAgenda {
  private readonly booked: [number, number][] = [];
  constructor(
    /** Working ranges per weekday minus breaks. */
    readonly available: WeekHours,
    readonly step: number,
  ) {}

  /** Start minutes on the day at which `duration` fits and does not overlap a booking. */
  candidates(dayNumber: number, duration: number, fromMinutes = 0): number[] {
    const out: number[] = [];
    for (const [a, b] of this.available[weekdayOfDay(dayNumber)]) {
      for (let m = a; m + duration <= b; m += this.step) {
        if (m < fromMinutes) continue;
        const start = spInstant(dayNumber, m).getTime();
        const end = start + duration * MINUTE;
        if (!this.booked.some(([s0, e0]) => start < e0 && s0 < end)) out.push(m);
      }
    }
    return out;
  }

  book(dayNumber: number, minutes: number, duration: number): { startsAt: Date; endsAt: Date } {
    const startsAt = spInstant(dayNumber, minutes);
    const endsAt = new Date(startsAt.getTime() + duration * MINUTE);
    this.booked.push([startsAt.getTime(), endsAt.getTime()]);
    return { startsAt, endsAt };
  }

  get size() {
    return this.booked.length;
  }
}

// ---------------------------------------------------------------------------------------------
// Services and products of a shop
// ---------------------------------------------------------------------------------------------

type ServicePlan = {
  name: string;
  description: string;
  category: string;
  cents: number;
  duration: number;
  isOnline: boolean;
};

/** Rounds a price in reais to whole 5s, or to "x9.90" in shops that price that way. */
function priceCents(reais: number, ninety: boolean): number {
  if (ninety) return Math.max(990, Math.round(reais / 5) * 500 - 10);
  return Math.max(500, Math.round(reais / 5) * 500);
}

export function servicesFor(rng: Rng, tier: number, count: number): ServicePlan[] {
  const ninety = rng.chance(0.25);
  const level = Math.min(1, Math.max(0, (tier - 1) * 0.3 + rng.float() * 0.4));
  const core = SERVICE_CATALOGUE.filter((c) => c.core);
  const others = rng.sample(
    SERVICE_CATALOGUE.filter((c) => !c.core),
    count - core.length,
  );
  const chosen = SERVICE_CATALOGUE.filter((c) => core.includes(c) || others.includes(c));
  const plans = chosen.map((c): ServicePlan => {
    const [lo, hi] = c.price;
    const reais = lo + (hi - lo) * Math.min(1, Math.max(0, level + (rng.float() - 0.5) * 0.2));
    return {
      name: c.name,
      description: c.description,
      category: c.category,
      cents: priceCents(reais, ninety),
      duration: rng.pick(c.durations),
      isOnline: true,
    };
  });
  // The combo costs less than its parts and takes a little less time.
  const byName = new Map(plans.map((p) => [p.name, p]));
  const corte = byName.get("Corte masculino");
  const barba = byName.get("Barba");
  const combo = byName.get("Corte + barba");
  if (corte && barba && combo) {
    combo.cents = priceCents(((corte.cents + barba.cents) * 0.85) / 100, ninety);
    combo.duration = Math.max(30, Math.round((corte.duration + barba.duration - 10) / 5) * 5);
  }
  // A service or two that is only done at the counter (not bookable online).
  const offline = plans.filter((p) => !SERVICE_CATALOGUE.find((c) => c.name === p.name)?.core);
  if (offline.length > 0 && rng.chance(0.55)) {
    const picked = rng.sample(offline, rng.chance(0.25) ? 2 : 1);
    for (const p of picked) p.isOnline = false;
  }
  return plans;
}

export function productsFor(rng: Rng, count: number): { name: string; cents: number }[] {
  return rng.sample(PRODUCT_CATALOGUE, count).map((p) => {
    const reais = p.price[0] + (p.price[1] - p.price[0]) * rng.float();
    const cents = rng.chance(0.5) ? Math.round(reais) * 100 : Math.max(390, Math.round(reais) * 100 - 10);
    return { name: p.name, cents };
  });
}

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

function reviewRating(rng: Rng): 1 | 2 | 3 | 4 | 5 {
  return rng.weighted([
    [5, 56],
    [4, 27],
    [3, 10],
    [2, 4],
    [1, 3],
  ] as const);
}

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

type ClientPlan = { email: string; name: string; phone: string; birthDate: string | null; createdAt: Date };

type ShopPlan = {
  slug: string;
  neighborhood: Neighborhood;
  createdAt: Date;
  hours: WeekHours;
  step: number;
  barbers: {
    name: string;
    ownHours: WeekHours | null;
    breaks: WeekHours | null;
    services: string[];
    agenda: BarberAgenda;
  }[];
  services: ServicePlan[];
  products: { name: string; cents: number }[];
};

type AppointmentPlan = {
  shop: ShopPlan;
  barberIndex: number;
  client: ClientPlan | null;
  guest?: { name: string; phone: string };
  status: "pending" | "confirmed" | "completed" | "cancelled";
  startsAt: Date;
  endsAt: Date;
  services: ServicePlan[];
  products: { name: string; cents: number; quantity: number }[];
  discountCents: number;
  notes: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
  review: { rating: number; comment: string | null; createdAt: Date } | null;
};

export type SeedCounts = {
  barbershops: number;
  barbers: number;
  services: number;
  products: number;
  clients: number;
  appointments: number;
  reviews: number;
  places: number;
};

const SEED = 20_240_514;

async function demoClientExists(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(sql`lower(${s.users.email}) = ${DEMO_EMAIL}`)
    .limit(1);
  return rows.length > 0;
}

function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Loads the demo data unless the demo client already exists. Everything happens in one
 * transaction, so a failure leaves nothing behind and a second run finds the demo client.
 */
export async function seedDemo(
  db: Db,
  opts: { shops?: number; now?: Date } = {},
): Promise<{ created: boolean; counts?: SeedCounts }> {
  if (await demoClientExists(db)) return { created: false };
  const shopCount = opts.shops ?? 320;
  const now = opts.now ?? new Date();
  const rng = new Rng(SEED);

  // Password hashes first: argon2 is slow on purpose and must not hold the transaction open.
  const clients = planClients(rng, now);
  const [demoHash, ...clientHashes] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    ...clients.map(() => hashPassword(randomBytes(12).toString("base64url"))),
  ]);

  const shops = planShops(rng, shopCount, now);
  const today = spDayNumber(now);
  const appointments = planAppointments(rng, shops, clients, now, today);
  const demo = planDemo(rng, shops, now, today);

  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(724311)`);
    if (await demoClientExists(tx)) return null;

    // Places for the location search.
    const placeRows = [
      ...Object.values(CITIES).map((c: City) => ({
        kind: "city",
        name: c.name,
        city: c.name,
        citySlug: c.slug,
        state: c.state,
        latitude: c.latitude,
        longitude: c.longitude,
      })),
      ...NEIGHBORHOODS.map((n) => ({
        kind: "neighborhood",
        name: n.name,
        city: CITIES[n.citySlug].name,
        citySlug: n.citySlug,
        state: CITIES[n.citySlug].state,
        latitude: n.latitude,
        longitude: n.longitude,
      })),
    ];
    await tx.insert(s.places).values(placeRows).onConflictDoNothing();

    // Users: the seeded clients and the demo client.
    const userRows = [
      ...clients.map((c, i) => ({
        type: "client",
        name: c.name,
        email: c.email,
        phone: c.phone,
        passwordHash: clientHashes[i],
        birthDate: c.birthDate,
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
      })),
      {
        type: "client",
        name: DEMO_NAME,
        email: DEMO_EMAIL,
        phone: DEMO_PHONE,
        passwordHash: demoHash,
        birthDate: "1992-05-14",
        createdAt: new Date(now.getTime() - 200 * DAY),
        updatedAt: new Date(now.getTime() - 200 * DAY),
      },
    ];
    const userIds = new Map<string, number>();
    for (const part of chunks(userRows)) {
      for (const u of await tx.insert(s.users).values(part).returning({ id: s.users.id, email: s.users.email })) {
        userIds.set(u.email!, u.id);
      }
    }
    const demoId = userIds.get(DEMO_EMAIL)!;

    // Shops.
    const shopIds = new Map<string, number>();
    for (const part of chunks(shops.map((p) => p.row))) {
      for (const r of await tx.insert(s.barbershops).values(part).returning({ id: s.barbershops.id, slug: s.barbershops.slug })) {
        shopIds.set(r.slug, r.id);
      }
    }
    const shopId = (p: PlannedShop) => shopIds.get(p.plan.slug)!;

    const hourRows = shops.flatMap((p) =>
      p.plan.hours.flatMap((ranges, weekday) =>
        ranges.map(([a, b]) => ({ barbershopId: shopId(p), weekday, opens: toTime(a), closes: toTime(b) })),
      ),
    );
    for (const part of chunks(hourRows)) await tx.insert(s.shopHours).values(part);

    // Barbers.
    const barberRows = shops.flatMap((p) =>
      p.barberRows.map((b) => ({ ...b, barbershopId: shopId(p) })),
    );
    const barberIds = new Map<string, number>();
    for (const part of chunks(barberRows)) {
      for (const r of await tx
        .insert(s.barbers)
        .values(part)
        .returning({ id: s.barbers.id, shop: s.barbers.barbershopId, name: s.barbers.name })) {
        barberIds.set(`${r.shop}|${r.name}`, r.id);
      }
    }
    const barberId = (p: PlannedShop, i: number) => barberIds.get(`${shopId(p)}|${p.plan.barbers[i].name}`)!;

    const ownHourRows = shops.flatMap((p) =>
      p.plan.barbers.flatMap((b, i) =>
        (b.ownHours ?? []).flatMap((ranges, weekday) =>
          ranges.map(([a, c]) => ({ barberId: barberId(p, i), weekday, starts: toTime(a), ends: toTime(c) })),
        ),
      ),
    );
    for (const part of chunks(ownHourRows)) await tx.insert(s.barberHours).values(part);
    const breakRows = shops.flatMap((p) =>
      p.plan.barbers.flatMap((b, i) =>
        (b.breaks ?? []).flatMap((ranges, weekday) =>
          ranges.map(([a, c]) => ({ barberId: barberId(p, i), weekday, starts: toTime(a), ends: toTime(c) })),
        ),
      ),
    );
    for (const part of chunks(breakRows)) await tx.insert(s.barberBreaks).values(part);

    // Services, who performs them, products.
    const serviceRows = shops.flatMap((p) =>
      p.plan.services.map((sv) => ({
        barbershopId: shopId(p),
        name: sv.name,
        description: sv.description,
        price: money(sv.cents),
        durationMinutes: sv.duration,
        category: sv.category,
        isOnline: sv.isOnline,
      })),
    );
    const serviceIds = new Map<string, number>();
    for (const part of chunks(serviceRows)) {
      for (const r of await tx
        .insert(s.services)
        .values(part)
        .returning({ id: s.services.id, shop: s.services.barbershopId, name: s.services.name })) {
        serviceIds.set(`${r.shop}|${r.name}`, r.id);
      }
    }
    const serviceId = (p: PlannedShop, name: string) => serviceIds.get(`${shopId(p)}|${name}`)!;
    const barberServiceRows = shops.flatMap((p) =>
      p.plan.barbers.flatMap((b, i) => b.services.map((name) => ({ barberId: barberId(p, i), serviceId: serviceId(p, name) }))),
    );
    for (const part of chunks(barberServiceRows, 1000)) await tx.insert(s.barberServices).values(part);

    const productRows = shops.flatMap((p) =>
      p.plan.products.map((pr) => ({ barbershopId: shopId(p), name: pr.name, price: money(pr.cents) })),
    );
    const productIds = new Map<string, number>();
    for (const part of chunks(productRows)) {
      for (const r of await tx
        .insert(s.products)
        .values(part)
        .returning({ id: s.products.id, shop: s.products.barbershopId, name: s.products.name })) {
        productIds.set(`${r.shop}|${r.name}`, r.id);
      }
    }

    // Appointments, their services and products, reviews.
    const allAppointments = [...appointments, ...demo.appointments];
    const shopPlanOf = new Map(shops.map((p) => [p.plan, p]));
    const apptRows = allAppointments.map((a) => {
      const p = shopPlanOf.get(a.shop)!;
      const subtotal = a.services.reduce((sum, x) => sum + x.cents, 0);
      const additional = a.products.reduce((sum, x) => sum + x.cents * x.quantity, 0);
      const clientId = a.client ? (a.client.email === DEMO_EMAIL ? demoId : userIds.get(a.client.email)!) : null;
      return {
        barbershopId: shopId(p),
        barberId: barberId(p, a.barberIndex),
        clientId,
        clientName: a.client?.name ?? a.guest!.name,
        clientPhone: a.client?.phone ?? a.guest!.phone,
        status: a.status,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        subtotal: money(subtotal),
        additional: money(additional),
        discount: money(a.discountCents),
        total: money(subtotal + additional - a.discountCents),
        notes: a.notes,
        confirmedAt: a.confirmedAt,
        cancelledAt: a.cancelledAt,
        createdAt: a.createdAt,
      };
    });
    const apptIds = new Map<string, number>();
    for (const part of chunks(apptRows)) {
      for (const r of await tx.insert(s.appointments).values(part).returning({
        id: s.appointments.id,
        barberId: s.appointments.barberId,
        startsAt: s.appointments.startsAt,
        status: s.appointments.status,
      })) {
        apptIds.set(`${r.barberId}|${r.startsAt.getTime()}|${r.status}`, r.id);
      }
    }
    const apptId = (a: AppointmentPlan, i: number) =>
      apptIds.get(`${apptRows[i].barberId}|${a.startsAt.getTime()}|${a.status}`)!;

    const apptServiceRows = allAppointments.flatMap((a, i) =>
      a.services.map((sv) => ({
        appointmentId: apptId(a, i),
        serviceId: serviceId(shopPlanOf.get(a.shop)!, sv.name),
        name: sv.name,
        price: money(sv.cents),
        durationMinutes: sv.duration,
      })),
    );
    for (const part of chunks(apptServiceRows)) await tx.insert(s.appointmentServices).values(part);
    const apptProductRows = allAppointments.flatMap((a, i) =>
      a.products.map((pr) => ({
        appointmentId: apptId(a, i),
        productId: productIds.get(`${apptRows[i].barbershopId}|${pr.name}`)!,
        name: pr.name,
        price: money(pr.cents),
        quantity: pr.quantity,
      })),
    );
    for (const part of chunks(apptProductRows)) await tx.insert(s.appointmentProducts).values(part);

    const reviewRows = allAppointments.flatMap((a, i) =>
      a.review
        ? [
            {
              appointmentId: apptId(a, i),
              barbershopId: apptRows[i].barbershopId,
              barberId: apptRows[i].barberId,
              clientId: apptRows[i].clientId,
              clientName: apptRows[i].clientName,
              rating: a.review.rating,
              comment: a.review.comment,
              createdAt: a.review.createdAt,
            },
          ]
        : [],
    );
    for (const part of chunks(reviewRows)) await tx.insert(s.reviews).values(part);

    // The demo client's favourites and saved address.
    await tx
      .insert(s.favorites)
      .values(demo.favorites.map((plan, i) => ({ userId: demoId, barbershopId: shopId(shopPlanOf.get(plan)!), createdAt: new Date(now.getTime() - (30 - i * 7) * DAY) })));
    const pinheiros = NEIGHBORHOODS.find((n) => n.name === "Pinheiros" && n.citySlug === "sao-paulo")!;
    await tx.insert(s.addresses).values({
      userId: demoId,
      label: "Casa",
      street: "Rua dos Pinheiros",
      number: "870",
      complement: "Apto 52",
      neighborhood: "Pinheiros",
      city: "São Paulo",
      state: "SP",
      zipCode: "05422-001",
      latitude: pinheiros.latitude,
      longitude: pinheiros.longitude,
      isDefault: true,
    });

    // Cached columns: price range of the online services, ratings from the reviews.
    const ids = [...shopIds.values()];
    const lo = Math.min(...ids);
    const hi = Math.max(...ids);
    await tx.execute(sql`
      update barbershops b set price_from = x.lo, price_to = x.hi
      from (select barbershop_id, min(price) as lo, max(price) as hi from services
            where is_online and is_active and barbershop_id between ${lo} and ${hi} group by barbershop_id) x
      where b.id = x.barbershop_id`);
    await tx.execute(sql`
      update barbershops b set rating_avg = x.avg, rating_count = x.n
      from (select barbershop_id, round(avg(rating)::numeric, 2) as avg, count(*)::int as n from reviews
            where barbershop_id between ${lo} and ${hi} group by barbershop_id) x
      where b.id = x.barbershop_id`);
    await tx.execute(sql`
      update barbers b set rating_avg = x.avg, rating_count = x.n
      from (select barber_id, round(avg(rating)::numeric, 2) as avg, count(*)::int as n from reviews
            where barbershop_id between ${lo} and ${hi} group by barber_id) x
      where b.id = x.barber_id`);

    return {
      barbershops: shops.length,
      barbers: barberRows.length,
      services: serviceRows.length,
      products: productRows.length,
      clients: clients.length + 1,
      appointments: apptRows.length,
      reviews: reviewRows.length,
      places: placeRows.length,
    } satisfies SeedCounts;
  });
  return result ? { created: true, counts: result } : { created: false };
}

// ---------------------------------------------------------------------------------------------
// Planning (pure, in memory)
// ---------------------------------------------------------------------------------------------

function ascii(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

function planClients(rng: Rng, now: Date): ClientPlan[] {
  const out: ClientPlan[] = [];
  const emails = new Set<string>();
  const phones = new Set<string>([DEMO_PHONE]);
  while (out.length < 40) {
    const first = rng.pick(CLIENT_FIRST_NAMES);
    const last = rng.pick(CLIENT_LAST_NAMES);
    const email = `${ascii(first)}.${ascii(last)}@exemplo.com.br`;
    if (emails.has(email)) continue;
    const city = rng.weighted([
      [CITIES["sao-paulo"], 45],
      [CITIES["rio-de-janeiro"], 33],
      [CITIES["belo-horizonte"], 22],
    ] as const);
    const phone = mobilePhone(rng, city.ddd);
    if (phones.has(phone)) continue;
    emails.add(email);
    phones.add(phone);
    const birthDate = rng.chance(0.7)
      ? `${rng.int(1968, 2006)}-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}`
      : null;
    out.push({ email, name: `${first} ${last}`, phone, birthDate, createdAt: new Date(now.getTime() - rng.int(130, 1100) * DAY) });
  }
  return out;
}

type PlannedShop = {
  plan: ShopPlan;
  row: typeof s.barbershops.$inferInsert;
  barberRows: Omit<typeof s.barbers.$inferInsert, "barbershopId">[];
  isNew: boolean;
};

function planShops(rng: Rng, count: number, now: Date): PlannedShop[] {
  const order = interleavedNeighborhoods();
  const slugs = new Set<string>();
  const namesByCity = new Map<string, Set<string>>();
  const out: PlannedShop[] = [];
  for (let i = 0; i < count; i++) {
    const n = neighborhoodFor(rng, i, order);
    const city = CITIES[n.citySlug];
    const used = namesByCity.get(city.slug) ?? new Set<string>();
    namesByCity.set(city.slug, used);
    let name = shopName(rng, n);
    for (let tries = 0; used.has(name) && tries < 12; tries++) name = shopName(rng, n);
    used.add(name);
    const base = shopSlugBase(name, n.name);
    let slug = base;
    for (let k = 2; slugs.has(slug); k++) slug = `${base}-${k}`;
    slugs.add(slug);

    const { latitude, longitude } = jitterPoint(rng, n.latitude, n.longitude, n.spreadKm ?? 1.2);
    // ~8% opened in the last month ("new" badge), the others 1 to 36 months ago.
    const isNew = i % 12 === 7;
    const ageDays = isNew ? rng.int(5, 29) : rng.int(32, 36 * 30);
    const createdAt = new Date(now.getTime() - ageDays * DAY - rng.int(0, 12 * 60) * MINUTE);
    const { hours } = shopHoursFor(rng);
    const step = rng.weighted([
      [10, 10],
      [15, 40],
      [20, 15],
      [30, 35],
    ] as const);
    const cover = rng.int(1, COVER_COUNT);
    const photos = [cover, ...rng.sample(Array.from({ length: COVER_COUNT }, (_, k) => k + 1).filter((k) => k !== cover), rng.int(2, 4))];

    const serviceCount = rng.weighted([
      [5, 10],
      [6, 14],
      [7, 16],
      [8, 16],
      [9, 14],
      [10, 12],
      [11, 9],
      [12, 9],
    ] as const);
    const services = servicesFor(rng, n.tier ?? 2, serviceCount);
    const products = productsFor(rng, rng.int(2, 6));

    const barberCount = rng.weighted([
      [2, 15],
      [3, 30],
      [4, 28],
      [5, 17],
      [6, 10],
    ] as const);
    const barberNames = rng.sample(BARBER_NAMES, barberCount);
    const barbers: ShopPlan["barbers"] = barberNames.map((bname) => {
      const ownHours = rng.chance(0.2) ? ownHoursFor(rng, hours) : null;
      const effective = hours.map((ranges, d) => (ownHours && ownHours[d].length > 0 ? ownHours[d] : ranges));
      const breaks = rng.chance(0.3) ? lunchBreaks(effective) : null;
      const available = effective.map((ranges, d) => subtract(ranges, breaks ? breaks[d] : []));
      return { name: bname, ownHours, breaks, services: [], agenda: new BarberAgenda(available, step) };
    });
    // Who performs what: most barbers most services; colour work is a specialty.
    for (const sv of services) {
      const p = sv.category === "color" ? 0.45 : sv.category === "care" ? 0.7 : 0.9;
      const doers = barbers.filter(() => rng.chance(p));
      if (doers.length === 0) doers.push(rng.pick(barbers));
      for (const b of doers) b.services.push(sv.name);
    }
    for (const b of barbers) {
      for (const must of ["Corte masculino", "Barba"]) if (b.services.length < 3 && !b.services.includes(must)) b.services.push(must);
    }

    const plan: ShopPlan = { slug, neighborhood: n, createdAt, hours, step, barbers, services, products };
    const row: typeof s.barbershops.$inferInsert = {
      slug,
      name,
      description: shopDescription(rng, n),
      phone: landlinePhone(rng, city.ddd),
      whatsapp: mobilePhone(rng, city.ddd),
      instagram: instagramHandle(name, n.name, rng),
      address: streetAddress(rng, n),
      neighborhood: n.name,
      city: city.name,
      citySlug: city.slug,
      state: city.state,
      zipCode: zipCode(rng, n),
      latitude,
      longitude,
      timezone: "America/Sao_Paulo",
      agendaTimeInterval: step,
      minNoticeMinutes: rng.pick([30, 60]),
      coverUrl: coverUrl(cover),
      logoUrl: rng.chance(0.85) ? logoUrl(rng.int(1, LOGO_COUNT)) : null,
      photos: photos.map(coverUrl),
      amenities: shopAmenities(rng),
      createdAt,
    };
    const barberRows = barbers.map((b) => ({
      name: b.name,
      bio: barberBio(rng),
      avatarUrl: rng.chance(0.9) ? barberAvatar(rng, b.name) : null,
      createdAt,
    }));
    out.push({ plan, row, barberRows, isNew });
  }
  return out;
}

/** Picks 1–3 online services that the barber performs; the first is a haircut or beard. */
function pickServices(rng: Rng, shop: ShopPlan, barberIndex: number): ServicePlan[] {
  const mine = shop.services.filter((sv) => sv.isOnline && shop.barbers[barberIndex].services.includes(sv.name));
  if (mine.length === 0) return [];
  const k = rng.weighted([
    [1, 70],
    [2, 25],
    [3, 5],
  ] as const);
  return rng.sample(mine, k).sort((a, b) => shop.services.indexOf(a) - shop.services.indexOf(b));
}

function appointmentExtras(rng: Rng, shop: ShopPlan) {
  const products = rng.chance(0.25)
    ? [{ ...rng.pick(shop.products), quantity: rng.chance(0.15) ? 2 : 1 }]
    : [];
  return { products, notes: rng.chance(0.12) ? rng.pick(APPOINTMENT_NOTES) : null };
}

function discountFor(rng: Rng, subtotal: number): number {
  if (!rng.chance(0.08)) return 0;
  return rng.chance(0.5) ? Math.min(500, subtotal) : Math.round(subtotal * 0.1);
}

function planAppointments(rng: Rng, shops: PlannedShop[], clients: ClientPlan[], now: Date, today: number): AppointmentPlan[] {
  const out: AppointmentPlan[] = [];
  for (const { plan: shop } of shops) {
    const ageDays = Math.floor((now.getTime() - shop.createdAt.getTime()) / DAY);
    const maxBack = Math.min(120, ageDays - 1);
    const wanted = rng.int(3, 15);
    // Past, completed, most of them reviewed.
    for (let k = 0, tries = 0; k < wanted && tries < wanted * 20; tries++) {
      const barberIndex = rng.int(0, shop.barbers.length - 1);
      const services = pickServices(rng, shop, barberIndex);
      if (services.length === 0) continue;
      const duration = services.reduce((sum, x) => sum + x.duration, 0);
      const day = today - rng.int(1, Math.max(1, maxBack));
      const agenda = shop.barbers[barberIndex].agenda;
      const starts = agenda.candidates(day, duration);
      if (starts.length === 0) continue;
      const { startsAt, endsAt } = agenda.book(day, rng.pick(starts), duration);
      const guest = rng.chance(0.1);
      const client = guest ? null : rng.pick(clients);
      const { products, notes } = appointmentExtras(rng, shop);
      const subtotal = services.reduce((sum, x) => sum + x.cents, 0);
      const createdAt = new Date(
        Math.max(shop.createdAt.getTime() + HOUR, startsAt.getTime() - rng.int(1, 10 * 24) * HOUR),
      );
      const rating = reviewRating(rng);
      const comments = REVIEW_COMMENTS[rating];
      out.push({
        shop,
        barberIndex,
        client,
        guest: guest ? { name: `${rng.pick(CLIENT_FIRST_NAMES)} ${rng.pick(CLIENT_LAST_NAMES)}`, phone: mobilePhone(rng, CITIES[shop.neighborhood.citySlug].ddd) } : undefined,
        status: "completed",
        startsAt,
        endsAt,
        services,
        products,
        discountCents: discountFor(rng, subtotal),
        notes,
        createdAt,
        confirmedAt: new Date(createdAt.getTime() + rng.int(2, 90) * MINUTE),
        cancelledAt: null,
        review:
          client && rng.chance(0.8)
            ? {
                rating,
                comment: rng.chance(rating <= 2 ? 0.95 : 0.75) ? rng.pick(comments) : null,
                createdAt: new Date(Math.min(now.getTime() - MINUTE, endsAt.getTime() + rng.int(1, 72) * HOUR)),
              }
            : null,
      });
      k++;
    }
    // A few upcoming bookings of other clients, so that agendas are not empty.
    const upcoming = rng.int(0, 3);
    for (let k = 0, tries = 0; k < upcoming && tries < 20; tries++) {
      const barberIndex = rng.int(0, shop.barbers.length - 1);
      const services = pickServices(rng, shop, barberIndex);
      if (services.length === 0) continue;
      const duration = services.reduce((sum, x) => sum + x.duration, 0);
      const day = today + rng.int(1, 14);
      const agenda = shop.barbers[barberIndex].agenda;
      const starts = agenda.candidates(day, duration);
      if (starts.length === 0) continue;
      const { startsAt, endsAt } = agenda.book(day, rng.pick(starts), duration);
      const client = rng.pick(clients);
      const confirmed = rng.chance(0.6);
      const createdAt = new Date(now.getTime() - rng.int(1, 5 * 24) * HOUR);
      const { products, notes } = appointmentExtras(rng, shop);
      out.push({
        shop,
        barberIndex,
        client,
        status: confirmed ? "confirmed" : "pending",
        startsAt,
        endsAt,
        services,
        products,
        discountCents: 0,
        notes,
        createdAt,
        confirmedAt: confirmed ? new Date(createdAt.getTime() + rng.int(5, 120) * MINUTE) : null,
        cancelledAt: null,
        review: null,
      });
      k++;
    }
  }
  return out;
}

/** The demo client: two upcoming, three past (one reviewed), one cancelled; favourites. */
function planDemo(rng: Rng, shops: PlannedShop[], now: Date, today: number) {
  const demoClient: ClientPlan = { email: DEMO_EMAIL, name: DEMO_NAME, phone: DEMO_PHONE, birthDate: "1992-05-14", createdAt: now };
  // Established São Paulo shops first (Pinheiros and around come first in the order).
  const candidates = [
    ...shops.filter((p) => p.plan.neighborhood.citySlug === "sao-paulo" && p.plan.createdAt.getTime() < now.getTime() - 70 * DAY),
    ...shops.filter((p) => p.plan.neighborhood.citySlug !== "sao-paulo" && p.plan.createdAt.getTime() < now.getTime() - 70 * DAY),
  ].map((p) => p.plan);
  const pick = (i: number) => candidates[i % candidates.length];
  const appointments: AppointmentPlan[] = [];

  const book = (
    shop: ShopPlan,
    startDay: number,
    direction: 1 | -1,
    status: AppointmentPlan["status"],
    preferred: string[],
  ): AppointmentPlan | null => {
    const barberIndex = Math.max(
      0,
      shop.barbers.findIndex((b) => b.services.includes("Corte masculino")),
    );
    const barber = shop.barbers[barberIndex];
    const services =
      preferred
        .map((name) => shop.services.find((sv) => sv.name === name && sv.isOnline && barber.services.includes(name)))
        .find((sv): sv is ServicePlan => Boolean(sv)) ?? pickServices(rng, shop, barberIndex)[0];
    if (!services) return null;
    const duration = services.duration;
    for (let d = 0; d < 21; d++) {
      const day = startDay + d * direction;
      const starts = barber.agenda.candidates(day, duration, 10 * 60);
      const fallback = starts.length > 0 ? starts : barber.agenda.candidates(day, duration);
      if (fallback.length === 0) continue;
      const { startsAt, endsAt } = barber.agenda.book(day, rng.pick(fallback.slice(0, 8)), duration);
      const createdAt =
        status === "pending" || status === "confirmed"
          ? new Date(now.getTime() - rng.int(1, 48) * HOUR)
          : new Date(startsAt.getTime() - rng.int(2, 6) * DAY);
      return {
        shop,
        barberIndex,
        client: demoClient,
        status,
        startsAt,
        endsAt,
        services: [services],
        products: [],
        discountCents: 0,
        notes: null,
        createdAt,
        confirmedAt: status === "pending" || status === "cancelled" ? null : new Date(createdAt.getTime() + 20 * MINUTE),
        cancelledAt: status === "cancelled" ? new Date(startsAt.getTime() - DAY) : null,
        review: null,
      };
    }
    return null;
  };

  const plans: (AppointmentPlan | null)[] = [
    book(pick(0), today + 2, 1, "pending", ["Corte + barba", "Corte masculino"]),
    book(pick(1), today + 5, 1, "confirmed", ["Degradê", "Corte masculino"]),
    book(pick(0), today - 40, -1, "completed", ["Corte + barba", "Corte masculino"]),
    book(pick(2), today - 25, -1, "completed", ["Corte masculino"]),
    book(pick(3), today - 10, -1, "completed", ["Barba", "Corte masculino"]),
    book(pick(1), today - 18, -1, "cancelled", ["Corte masculino"]),
  ];
  for (const p of plans) if (p) appointments.push(p);
  // The oldest visit already has the client's review; the other two wait for one.
  const reviewed = plans[2];
  if (reviewed) {
    reviewed.review = {
      rating: 5,
      comment: "Primeira vez aqui e já virei cliente. Corte e barba impecáveis, ambiente muito agradável.",
      createdAt: new Date(reviewed.endsAt.getTime() + 3 * HOUR),
    };
  }
  const favorites = [pick(0), pick(1), pick(4)];
  return { appointments, favorites };
}
