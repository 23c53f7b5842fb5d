import "server-only";
import { eq, sql } from "drizzle-orm";
import type { TCepAnswer, TGeocodeAnswer } from "@/lib/contract/onboarding";
import type { Executor } from "@/lib/server/db/client";
import { geocodeCache } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/errors";
import { rowsOf } from "@/lib/server/shops/cards";

// The two outside services of onboarding, at configured URLs (docs/decisions/0048-shop-onboarding.md): a
// ViaCEP-style CEP lookup and a Nominatim-style geocoder. The geocoder's usage rules are kept here: a User-Agent that
// names the site, at most one request a second for all app servers together (a moment shared in the database), and
// every answer kept (geocode_cache), so that one address is asked once.

const TIMEOUT_MS = 8_000;
/**
 * Between two requests: more than the second the usage policy asks, because a request leaves some time after its
 * turn (a connection to open) and two that leave unevenly must still arrive a second apart.
 */
const GEOCODER_GAP_MS = 1_500;
/** A request that would wait longer than this for its turn is refused (429) rather than held. */
const GEOCODER_MAX_WAIT_MS = 10_000;

const unavailable = (key: string) => new AppError("SERVICE_UNAVAILABLE", { key, headers: { "retry-after": "5" } });

async function fetchJson(url: string, headers: Record<string, string>, key: string): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS), cache: "no-store" });
  } catch {
    throw unavailable(key);
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

/** "01414001" → "01414-001". */
export const formatCep = (digits: string) => `${digits.slice(0, 5)}-${digits.slice(5)}`;

/** The address of a CEP (eight digits), or 404 CEP_NOT_FOUND. */
export async function lookupCep(cep: string): Promise<TCepAnswer> {
  const base = env().CEP_LOOKUP_URL.replace(/\/$/, "");
  const { status, body } = await fetchJson(`${base}/${cep}/json/`, { accept: "application/json", "user-agent": env().GEOCODER_USER_AGENT }, "CEP_UNAVAILABLE");
  if (status === 400 || status === 404) throw new AppError("CEP_NOT_FOUND");
  if (status !== 200 || !body || typeof body !== "object") throw unavailable("CEP_UNAVAILABLE");
  const b = body as Record<string, unknown>;
  if (b.erro !== undefined || typeof b.localidade !== "string" || typeof b.uf !== "string" || !/^[A-Z]{2}$/.test(b.uf)) throw new AppError("CEP_NOT_FOUND");
  return {
    zip_code: formatCep(cep),
    street: String(b.logradouro ?? ""),
    neighborhood: String(b.bairro ?? ""),
    city: b.localidade,
    state: b.uf,
  };
}

/** The key an address is kept under: without accents, case and punctuation. */
export const geocodeKey = (q: string) =>
  q
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Waits for this server's turn at the geocoder: each request takes the next free moment, a second after the last. */
async function geocoderTurn(db: Executor): Promise<void> {
  const [row] = rowsOf(
    await db.execute(sql`insert into geocoder_clock (id, next_at) values (1, clock_timestamp() + ${`${GEOCODER_GAP_MS} milliseconds`}::interval)
      on conflict (id) do update set next_at = greatest(geocoder_clock.next_at, clock_timestamp()) + ${`${GEOCODER_GAP_MS} milliseconds`}::interval
      returning extract(epoch from (next_at - ${`${GEOCODER_GAP_MS} milliseconds`}::interval - clock_timestamp())) * 1000 as wait_ms`),
  );
  const wait = Math.max(0, Number(row?.wait_ms ?? 0));
  if (wait > GEOCODER_MAX_WAIT_MS) throw new AppError("TOO_MANY_REQUESTS", { headers: { "retry-after": String(Math.ceil(wait / 1000)) } });
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** Where an address lies: from what was kept, else from the geocoder (then kept). An empty list when not found. */
export async function geocode(db: Executor, q: string): Promise<TGeocodeAnswer> {
  const key = geocodeKey(q);
  const [kept] = await db.select({ results: geocodeCache.results }).from(geocodeCache).where(eq(geocodeCache.query, key)).limit(1);
  if (kept) return { items: kept.results as TGeocodeAnswer["items"] };
  await geocoderTurn(db);
  const e = env();
  const url = new URL(`${e.GEOCODER_URL.replace(/\/$/, "")}/search`);
  url.searchParams.set("q", q);
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("countrycodes", "br");
  url.searchParams.set("limit", "5");
  const { status, body } = await fetchJson(
    url.toString(),
    { accept: "application/json", "accept-language": "pt-BR", "user-agent": e.GEOCODER_USER_AGENT },
    "GEOCODER_UNAVAILABLE",
  );
  if (status !== 200 || !Array.isArray(body)) {
    console.error(JSON.stringify({ level: "warn", where: "geocoder", status }));
    throw unavailable("GEOCODER_UNAVAILABLE");
  }
  const items = body
    .map((r: Record<string, unknown>) => ({ latitude: Number(r.lat), longitude: Number(r.lon), label: String(r.display_name ?? "") }))
    .filter((r) => Number.isFinite(r.latitude) && Number.isFinite(r.longitude) && Math.abs(r.latitude) <= 90 && Math.abs(r.longitude) <= 180);
  await db.insert(geocodeCache).values({ query: key, results: items }).onConflictDoNothing();
  return { items };
}

/** Kilometres between two points (haversine). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

/** How far a shop's pin may lie from the centre of the city typed. */
export const MAX_PIN_DISTANCE_KM = 50;

/** The centre of a city: a place the site knows, else the geocoder's answer; null when neither knows it. */
export async function cityCentre(db: Executor, city: string, state: string): Promise<{ latitude: number; longitude: number } | null> {
  const [known] = rowsOf(
    await db.execute(
      sql`select latitude, longitude from places where kind = 'city' and navalha_fold(city) = navalha_fold(${city}) and state = ${state} limit 1`,
    ),
  );
  if (known) return { latitude: Number(known.latitude), longitude: Number(known.longitude) };
  try {
    const found = await geocode(db, `${city}, ${state}, Brasil`);
    return found.items[0] ?? null;
  } catch {
    return null;
  }
}

/** Refuses (422 PIN_FAR_FROM_CITY) a pin more than MAX_PIN_DISTANCE_KM from the city typed. */
export async function assertPinNearCity(db: Executor, pin: { latitude: number; longitude: number }, city: string, state: string): Promise<void> {
  const centre = await cityCentre(db, city, state);
  if (centre && distanceKm(pin, centre) > MAX_PIN_DISTANCE_KM) throw new AppError("PIN_FAR_FROM_CITY", { vars: { city } });
}
