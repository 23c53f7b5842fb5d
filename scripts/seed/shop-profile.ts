// A shop's public face: name, slug, address, phones, pictures, barbers' bios and where it lies.
import {
  BARBER_BIOS,
  AMENITIES,
  BASIC_AMENITIES,
  SHOP_DESCRIPTIONS,
  SHOP_NAME_OWNER_PATTERNS,
  SHOP_NAME_PLACE_PATTERNS,
  SHOP_NAMES,
  SHOP_OWNER_NAMES,
} from "./data/names";
import { CITIES, NEIGHBORHOODS, type Neighborhood, streetsOf } from "./data/places";
import type { Rng } from "./random";

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
export const pad2 = (n: number) => String(n).padStart(2, "0");
export const coverUrl = (i: number) => `/demo/cover-${pad2(i)}.webp`;
export const avatarUrl = (i: number) => `/demo/avatar-${pad2(i)}.webp`;
export const logoUrl = (i: number) => `/demo/logo-${pad2(i)}.webp`;
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
