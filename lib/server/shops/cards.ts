import "server-only";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { TOpensNext, TShopCard } from "@/lib/contract/shops";
import type { Executor } from "@/lib/server/db/client";
import { distanceMeters, earthPoint } from "./geo";

/** `now` fixes the time (a Date, or an expression of the statement); `clientId` may be a placeholder of a compiled statement. */
export type CardContext = { latitude?: number | null; longitude?: number | null; clientId?: number | Placeholder | null; now?: Date | SQL };

/**
 * The select list of a ShopCard over `barbershops b`. Every list, the favourites and the
 * appointments use it, so a card means the same thing everywhere. `point` is the searched point when
 * the statement already has it (the lists' CTE); otherwise it is made from the context's position.
 */
export function shopCardColumns(ctx: CardContext, point?: SQL): SQL {
  const hasPoint = point !== undefined || (ctx.latitude != null && ctx.longitude != null);
  const now = ctx.now instanceof Date ? sql`${ctx.now.toISOString()}::timestamptz` : (ctx.now ?? sql`now()`);
  const distance = hasPoint
    ? sql`round((${distanceMeters(point ?? earthPoint(ctx.latitude as number, ctx.longitude as number))} / 1000.0)::numeric, 2)::float8`
    : sql`null::float8`;
  const favorite = ctx.clientId ? sql`exists (select 1 from favorites f where f.barbershop_id = b.id and f.user_id = ${ctx.clientId})` : sql`false`;
  return sql`b.id, b.slug, b.name, b.address, b.neighborhood, b.city, b.state, b.latitude, b.longitude,
    ${distance} as distance_km,
    b.rating_avg::float8 as rating_avg, b.rating_count, b.price_from::text as price_from, b.price_to::text as price_to,
    exists (
      select 1 from shop_hours h
      where h.barbershop_id = b.id
        and h.weekday = extract(dow from (${now} at time zone b.timezone))::int
        and (${now} at time zone b.timezone)::time >= h.opens
        and (${now} at time zone b.timezone)::time < h.closes
    ) as is_open_now,
    (
      -- While closed, the next opening on the shop's clock (an opening earlier today is next week's); null while
      -- open (rank -1). JSON as the contract has it: the lists send PostgreSQL's text of a card as it is.
      select case when o.in_days < 0 then null else json_build_object('in_days', o.in_days, 'weekday', o.weekday, 'time', to_char(o.opens, 'HH24:MI')) end
      from (
        select h.weekday, h.opens,
          case when h.weekday <> extract(dow from (${now} at time zone b.timezone))::int then (h.weekday - extract(dow from (${now} at time zone b.timezone))::int + 7) % 7
               when (${now} at time zone b.timezone)::time < h.opens then 0
               when (${now} at time zone b.timezone)::time < h.closes then -1
               else 7 end as in_days
        from shop_hours h where h.barbershop_id = b.id
      ) o
      order by o.in_days, o.opens limit 1
    ) as opens_next,
    b.created_at > ${now} - interval '30 days' as is_new,
    ${favorite} as is_favorite,
    b.cover_url, b.logo_url`;
}

export type ShopCardRow = {
  id: number;
  slug: string;
  name: string;
  address: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  distance_km: number | null;
  rating_avg: number;
  rating_count: number;
  price_from: string | null;
  price_to: string | null;
  is_open_now: boolean;
  opens_next: TOpensNext | string | null;
  is_new: boolean;
  is_favorite: boolean;
  cover_url: string | null;
  logo_url: string | null;
};

export function toShopCard(row: Record<string, unknown>): TShopCard {
  const r = row as ShopCardRow;
  return {
    id: Number(r.id),
    slug: r.slug,
    name: r.name,
    address: r.address,
    neighborhood: r.neighborhood,
    city: r.city,
    state: r.state,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    distance_km: r.distance_km == null ? null : Number(r.distance_km),
    rating_avg: Number(r.rating_avg),
    rating_count: Number(r.rating_count),
    price_from: r.price_from,
    price_to: r.price_to,
    is_open_now: Boolean(r.is_open_now),
    opens_next: typeof r.opens_next === "string" ? (JSON.parse(r.opens_next) as TOpensNext) : r.opens_next,
    is_new: Boolean(r.is_new),
    is_favorite: Boolean(r.is_favorite),
    cover_url: r.cover_url,
    logo_url: r.logo_url,
  };
}

/** Rows of a raw query, whichever driver answered (PGlite and postgres.js differ). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

/** ShopCards for the given ids, in the order given. */
export async function findShopCardsByIds(db: Executor, ids: number[], ctx: CardContext): Promise<TShopCard[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const result = await db.execute(
    sql`select ${shopCardColumns(ctx)} from barbershops b where b.id in (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const byId = new Map(rowsOf(result).map((r) => [Number(r.id), toShopCard(r)]));
  return ids.map((id) => byId.get(id)).filter((c): c is TShopCard => Boolean(c));
}
