import {
  CATEGORIES,
  DEFAULT_LOCATION_DISTANCE_KM,
  DEFAULT_NAME_DISTANCE_KM,
  MAX_DISTANCE_KM,
  PAGE_SIZE,
  PERIODS,
  SORTS,
  type TCategory,
  type TPeriod,
  type TSort,
} from "@/lib/contract/search-constants";
import type { TShopSearch } from "@/lib/contract/search";
import type { TShopListKind, TShopListQuery } from "@/lib/api/search";

/**
 * The most shops the list page renders at once from its `shown` parameter: what "Load more" asks for
 * when tapped before the page's JavaScript runs (a link to the same list, longer), and what a reload
 * after appending keeps. The v3 list's own page limit.
 */
export const MAX_SHOWN = 100;

/** The id of the line above the results that a list changed by its filters scrolls to and focuses. */
export const RESULTS_ID = "list-results";

/** Distances offered by the filter, in km. */
export const DISTANCE_STEPS = [0.5, 1, 2, 5, 10, 20, MAX_DISTANCE_KM] as const;

export type ListParams = {
  latitude?: number;
  longitude?: number;
  place?: string;
  name?: string;
  distance: number;
  sort: TSort;
  period?: TPeriod;
  category?: TCategory;
  min_price?: number;
  max_price?: number;
  /** "When": a shop-local date (YYYY-MM-DD) and a time from which (HH:MM) a free time is wanted. */
  date?: string;
  after?: string;
  /** …and before which (HH:MM) it must start: with `after`, a window such as the afternoon. */
  before?: string;
  /** How many shops to show at first, more than one page (after "Load more"); PAGE_SIZE when absent. */
  shown?: number;
  /** How the results are shown: as a list (absent) or as pins on a map. */
  view?: "map";
  /** Near a place with no distance in the URL: the list may widen the default one (widenUntilFound). */
  distanceByDefault?: boolean;
};

type Raw = Record<string, string | string[] | undefined>;

const one = (raw: Raw, key: string) => {
  const v = raw[key];
  const s = Array.isArray(v) ? v[0] : v;
  // NUL cannot reach PostgreSQL text.
  const clean = s?.replace(/\u0000/g, "").trim();
  return clean ? clean : undefined;
};
const num = (s: string | undefined, min: number, max: number) => {
  if (s === undefined) return undefined;
  const n = Number(s);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
};
const oneOf = <T extends string>(s: string | undefined, values: readonly T[]) => ((values as readonly string[]).includes(s ?? "") ? (s as T) : undefined);

const hhmm = (s: string | undefined) => /^([01]\d|2[0-3]):[0-5]\d$/.exec(s ?? "")?.[0];

/** The list page's URL parameters; anything malformed is dropped rather than refused. */
export function parseListParams(raw: Raw): ListParams {
  const latitude = num(one(raw, "latitude"), -90, 90);
  const longitude = num(one(raw, "longitude"), -180, 180);
  const hasPoint = latitude !== undefined && longitude !== undefined;
  const name = one(raw, "name")?.slice(0, 100);
  const fallbackDistance = hasPoint && !name ? DEFAULT_LOCATION_DISTANCE_KM : name && !hasPoint ? DEFAULT_NAME_DISTANCE_KM : DEFAULT_LOCATION_DISTANCE_KM;
  let min_price = num(one(raw, "min_price"), 0, 100_000);
  let max_price = num(one(raw, "max_price"), 0, 100_000);
  if (min_price !== undefined && max_price !== undefined && min_price > max_price) [min_price, max_price] = [max_price, min_price];
  const distance = num(one(raw, "distance"), 0.01, MAX_DISTANCE_KM) ?? fallbackDistance;
  const after = hasPoint ? hhmm(one(raw, "after")) : undefined;
  let before = hasPoint ? hhmm(one(raw, "before")) : undefined;
  if (after && before && after >= before) before = undefined;
  const shown = num(one(raw, "shown"), PAGE_SIZE + 1, MAX_SHOWN);
  return {
    latitude: hasPoint ? latitude : undefined,
    longitude: hasPoint ? longitude : undefined,
    place: one(raw, "place")?.slice(0, 120),
    name,
    distance,
    sort: oneOf(one(raw, "sort"), SORTS) ?? "distance",
    period: oneOf(one(raw, "period"), PERIODS),
    category: oneOf(one(raw, "category"), CATEGORIES),
    min_price,
    max_price,
    date: hasPoint ? /^\d{4}-\d{2}-\d{2}$/.exec(one(raw, "date") ?? "")?.[0] : undefined,
    after,
    before,
    shown: shown === undefined ? undefined : Math.floor(shown),
    ...(one(raw, "view") === "map" ? { view: "map" as const } : {}),
    ...(hasPoint && !name && one(raw, "distance") === undefined ? { distanceByDefault: true } : {}),
  };
}

/** Which v3 list serves these parameters, and its query (without skip/limit). */
export function listSource(p: ListParams): { kind: TShopListKind; query: TShopListQuery } | null {
  const query: Record<string, string> = { distance: String(p.distance), sort: p.sort };
  if (p.period) query.period = p.period;
  if (p.category) query.category = p.category;
  if (p.min_price !== undefined) query.min_price = String(p.min_price);
  if (p.max_price !== undefined) query.max_price = String(p.max_price);
  if (p.name) query.name = p.name;
  if (p.latitude !== undefined && p.longitude !== undefined) {
    // The list page's cards show their next free times.
    const near = {
      ...query,
      latitude: String(p.latitude),
      longitude: String(p.longitude),
      free_times: "3",
      ...(p.date ? { date: p.date } : {}),
      ...(p.after ? { after: p.after } : {}),
      ...(p.before ? { before: p.before } : {}),
    };
    return { kind: p.name ? "nearByName" : "near", query: near };
  }
  if (p.name) return { kind: "byName", query: { ...query, name: p.name } };
  return null;
}

export function toShopSearch(p: ListParams): TShopSearch {
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    distance: p.distance,
    name: p.name,
    sort: p.sort,
    skip: 0,
    limit: p.shown ?? PAGE_SIZE,
    min_price: p.min_price,
    max_price: p.max_price,
    period: p.period,
    category: p.category,
    date: p.date,
    after: p.after,
    before: p.before,
    free_times: 3,
  };
}

/**
 * The list page's URL for these parameters with some changed. How many shops are shown is kept only when
 * `change` says so: another filter, day or distance starts a list of its own from its first page.
 */
export function listUrl(p: ListParams, change: Partial<Record<Exclude<keyof ListParams, "distanceByDefault">, string | number | undefined>> = {}): string {
  // (Its distance is written out: a link from the list keeps the distance it shows.)
  const { distanceByDefault: _byDefault, ...given } = p;
  const merged: Record<string, string | number | undefined> = { ...given, shown: undefined, ...change };
  const params = new URLSearchParams();
  for (const key of [
    "latitude",
    "longitude",
    "place",
    "name",
    "distance",
    "sort",
    "period",
    "category",
    "min_price",
    "max_price",
    "date",
    "after",
    "before",
    "shown",
    "view",
  ]) {
    const v = merged[key];
    if (v !== undefined && v !== "") params.set(key, String(v));
  }
  return `/barbearias?${params.toString()}`;
}

/** How far the list widens a default distance that found nothing, in km. */
export const AUTO_WIDEN_MAX_KM = 10;

/**
 * A place chosen without a distance (a suggestion, "use my location", a shared link) whose default radius of
 * 500 m holds no shop: the list tries each wider step up to AUTO_WIDEN_MAX_KM and shows the first that holds
 * one, saying how far it went. A distance the visitor chose is kept as it is, empty or not.
 */
export async function widenUntilFound<R extends { total: number }>(
  params: ListParams,
  search: (p: ListParams) => Promise<R>,
): Promise<{ params: ListParams; result: R; widenedFrom?: number }> {
  const result = await search(params);
  if (result.total > 0 || !params.distanceByDefault) return { params, result };
  for (const distance of DISTANCE_STEPS.filter((d) => d > params.distance && d <= AUTO_WIDEN_MAX_KM)) {
    const wider = { ...params, distance, distanceByDefault: undefined };
    const found = await search(wider);
    if (found.total > 0) return { params: wider, result: found, widenedFrom: params.distance };
  }
  return { params, result };
}

/** The next wider distance step, if any. */
export function widerDistance(current: number): number | undefined {
  return DISTANCE_STEPS.find((d) => d > current);
}
