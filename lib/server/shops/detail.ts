import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { TNextFreeTimeList, TShopData, TReviewList, TServiceList } from "@/lib/contract/search";
import type { TBarber, TProduct, TService, TShop } from "@/lib/contract/shops";
import { textLang } from "@/lib/i18n/text-lang";
import type { Executor } from "@/lib/server/db/client";
import { notFound } from "@/lib/server/http/errors";
import { type CardContext, rowsOf, shopCardColumns, toShopCard } from "./cards";
import { featuredServiceOf, nextFreeTimesOf } from "./free-times-sql";
import { serviceOrder } from "./service-order";

const hhmm = (v: unknown) => String(v).slice(0, 5);

/** The description's English and Spanish texts the shop wrote (empty ones left out). */
function translationsOf(raw: unknown): { en?: string; es?: string } {
  const value = (typeof raw === "string" ? JSON.parse(raw) : raw) as Record<string, unknown> | null;
  const out: { en?: string; es?: string } = {};
  for (const lang of ["en", "es"] as const) if (typeof value?.[lang] === "string" && value[lang]) out[lang] = value[lang] as string;
  return out;
}

async function findShopWhere(db: Executor, where: SQL, ctx: CardContext): Promise<TShop | null> {
  const rows = rowsOf(
    await db.execute(sql`select ${shopCardColumns(ctx)}, b.description, b.description_i18n, b.phone, b.whatsapp, b.instagram, b.timezone,
      b.zip_code, b.amenities, b.photos, b.agenda_time_interval
      from barbershops b where ${where} and b.is_active limit 1`),
  );
  const row = rows[0];
  if (!row) return null;
  const card = toShopCard(row);
  const hours = rowsOf(
    await db.execute(sql`select weekday, opens::text as opens, closes::text as closes from shop_hours
      where barbershop_id = ${card.id} order by weekday, opens`),
  );
  return {
    ...card,
    description: String(row.description ?? ""),
    description_translations: translationsOf(row.description_i18n),
    phone: (row.phone as string | null) ?? null,
    whatsapp: (row.whatsapp as string | null) ?? null,
    instagram: (row.instagram as string | null) ?? null,
    timezone: String(row.timezone),
    postal_code: String(row.zip_code ?? ""),
    opening_hours: hours.map((h) => ({ weekday: Number(h.weekday), opens: hhmm(h.opens), closes: hhmm(h.closes) })),
    amenities: pgArray(row.amenities),
    photos: pgArray(row.photos),
  };
}

/** text[] arrives as an array from both drivers, but be lenient with the "{a,b}" literal. */
function pgArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string" && value.startsWith("{")) {
    const inner = value.slice(1, -1);
    return inner ? inner.split(",").map((s) => s.replace(/^"|"$/g, "")) : [];
  }
  return [];
}

export async function findShopBySlug(db: Executor, slug: string, ctx: CardContext = {}): Promise<TShop | null> {
  return findShopWhere(db, sql`b.slug = ${slug}`, ctx);
}

export async function findShopById(db: Executor, id: number, ctx: CardContext = {}): Promise<TShop | null> {
  return findShopWhere(db, sql`b.id = ${id}`, ctx);
}

/** The shop with this slug, or the one that had it before it was renamed (an app's old link): its `slug` is the one of now. */
export async function getShopBySlug(db: Executor, slug: string, ctx: CardContext = {}): Promise<TShop> {
  let shop = await findShopBySlug(db, slug, ctx);
  if (!shop) {
    const renamed = await findRenamedShopSlug(db, slug);
    if (renamed) shop = await findShopBySlug(db, renamed, ctx);
  }
  if (!shop) throw notFound("LOAD_BARBERSHOP_ERROR");
  return shop;
}

/**
 * Answers of shopNextFreeTimes kept in this process while the shop's agenda version holds (the triggers of
 * migration 0010 raise it with every booking, cancellation, and change to hours, breaks, blocked times, team or
 * services), and for at most KEEP_MS (the shop's notice moves on with the clock). Every shop page visit asks,
 * and a shared link brings many visits to one shop: the answer is then one indexed read.
 */
const answered = new Map<number, { version: number; at: number; items: TNextFreeTimeList["items"] }>();
const KEEP_MS = 30_000;
const KEPT_SHOPS = 5_000;

/**
 * The shop page's next free times: the lists' (today and tomorrow), three at most, for the featured bookable
 * haircut (the most booked, then the shortest), or the featured service of a shop with none (`shop_agenda.featured`, as
 * on the lists' cards). The page names the same service
 * (`featuredServiceOf`, read when the page was rendered; the times name theirs, which the page shows if it changed).
 */
export async function shopNextFreeTimes(db: Executor, shopId: number, now = new Date()): Promise<TNextFreeTimeList> {
  const [shop] = rowsOf(
    await db.execute(sql`select coalesce((select v.version from shop_agenda v where v.barbershop_id = b.id), 0)::bigint::text as version
      from barbershops b where b.id = ${shopId} and b.is_active`),
  );
  if (!shop) throw notFound("LOAD_BARBERSHOP_ERROR");
  const version = Number(shop.version);
  const kept = answered.get(shopId);
  const age = now.getTime() - (kept?.at ?? 0);
  if (kept && kept.version === version && age >= 0 && age < KEEP_MS) return { items: kept.items };
  // No service asked for: the featured one, as the lists and the page.
  const items = (await nextFreeTimesOf(db, [shopId], {}, { now, limit: 3 })).get(shopId) ?? [];
  answered.delete(shopId);
  answered.set(shopId, { version, at: now.getTime(), items });
  if (answered.size > KEPT_SHOPS) answered.delete(answered.keys().next().value!);
  return { items };
}

async function assertShopExists(db: Executor, id: number) {
  const rows = rowsOf(await db.execute(sql`select 1 from barbershops where id = ${id} and is_active`));
  if (rows.length === 0) throw notFound("LOAD_BARBERSHOP_ERROR");
}

function toBarber(r: Record<string, unknown>): TBarber {
  return {
    id: Number(r.id),
    name: String(r.name),
    avatar_url: (r.avatar_url as string | null) ?? null,
    rating_avg: Number(r.rating_avg),
    rating_count: Number(r.rating_count),
    bio: String(r.bio ?? ""),
  };
}

function toService(r: Record<string, unknown>): TService {
  return {
    id: Number(r.id),
    name: String(r.name),
    description: String(r.description ?? ""),
    price: String(r.price),
    duration_minutes: Number(r.duration_minutes),
    category: String(r.category),
  };
}

const barberColumns = sql`id, name, avatar_url, rating_avg::float8 as rating_avg, rating_count, bio`;
const serviceColumns = sql`s.id, s.name, s.description, s.price::text as price, s.duration_minutes, s.category`;

async function barbersOf(db: Executor, shopId: number, page = { skip: 0, limit: 100 }) {
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${barberColumns} from barbers where barbershop_id = ${shopId} and is_active
      order by rating_count desc, name, id limit ${page.limit} offset ${page.skip}`),
    db.execute(sql`select count(*)::int as n from barbers where barbershop_id = ${shopId} and is_active`),
  ]);
  return { items: rowsOf(rows).map(toBarber), total: Number(rowsOf(counted)[0]?.n ?? 0) };
}

async function servicesOf(db: Executor, shopId: number, opts: { all: boolean; barberId?: number; skip: number; limit: number }) {
  const where = [sql`s.barbershop_id = ${shopId}`, sql`s.is_active`];
  if (!opts.all) where.push(sql`s.is_online`);
  if (opts.barberId != null) {
    where.push(sql`exists (select 1 from barber_services bs where bs.service_id = s.id and bs.barber_id = ${opts.barberId})`);
  }
  const cond = sql.join(where, sql` and `);
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`select ${serviceColumns} from services s where ${cond} order by ${serviceOrder({ id: sql`s.id`, category: sql`s.category`, durationMinutes: sql`s.duration_minutes`, price: sql`s.price` })} limit ${opts.limit} offset ${opts.skip}`,
    ),
    db.execute(sql`select count(*)::int as n from services s where ${cond}`),
  ]);
  return { items: rowsOf(rows).map(toService), total: Number(rowsOf(counted)[0]?.n ?? 0) };
}

export async function listShopBarbers(db: Executor, shopId: number, page: { skip: number; limit: number }) {
  await assertShopExists(db, shopId);
  const { items, total } = await barbersOf(db, shopId, page);
  return { items, total, skip: page.skip, limit: page.limit };
}

export async function listShopServices(db: Executor, shopId: number, q: { all: boolean; skip: number; limit: number }): Promise<TServiceList> {
  await assertShopExists(db, shopId);
  const { items, total } = await servicesOf(db, shopId, q);
  return { items, total, skip: q.skip, limit: q.limit };
}

export async function listBarberServices(db: Executor, shopId: number, barberId: number, page: { skip: number; limit: number }): Promise<TServiceList> {
  const rows = rowsOf(await db.execute(sql`select 1 from barbers where id = ${barberId} and barbershop_id = ${shopId} and is_active`));
  if (rows.length === 0) throw notFound();
  const { items, total } = await servicesOf(db, shopId, { all: false, barberId, ...page });
  return { items, total, skip: page.skip, limit: page.limit };
}

/** The shop page's data in one call: the shop, its team, online services and add-on products. */
export async function getShopData(db: Executor, shopId: number, ctx: CardContext = {}): Promise<TShopData> {
  const shop = await findShopById(db, shopId, ctx);
  if (!shop) throw notFound("LOAD_BARBERSHOP_ERROR");
  const [barbers, services, products, interval] = await Promise.all([
    barbersOf(db, shopId),
    servicesOf(db, shopId, { all: false, skip: 0, limit: 200 }),
    db.execute(sql`select id, name, price::text as price from products where barbershop_id = ${shopId} and is_active order by name, id`),
    db.execute(sql`select agenda_time_interval from barbershops where id = ${shopId}`),
  ]);
  return {
    barbershop: shop,
    barbers: barbers.items,
    services: services.items,
    products: rowsOf(products).map((r): TProduct => ({ id: Number(r.id), name: String(r.name), price: String(r.price) })),
    agenda_time_interval: Number(rowsOf(interval)[0]?.agenda_time_interval ?? 15),
  };
}

/** Newest reviews first, with the shop's average and how many of each rating. */
export async function listShopReviews(db: Executor, shopId: number, page: { skip: number; limit: number }): Promise<TReviewList> {
  await assertShopExists(db, shopId);
  const [rows, stats] = await Promise.all([
    db.execute(sql`select id, rating, comment, client_name, barber_id, answer,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      to_char(answered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as answered_at from reviews
      where barbershop_id = ${shopId} order by created_at desc, id desc limit ${page.limit} offset ${page.skip}`),
    db.execute(sql`select rating, count(*)::int as n from reviews where barbershop_id = ${shopId} group by rating`),
  ]);
  const distribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let count = 0;
  let sum = 0;
  for (const s of rowsOf(stats)) {
    const rating = Number(s.rating);
    const n = Number(s.n);
    distribution[String(rating) as keyof typeof distribution] = n;
    count += n;
    sum += rating * n;
  }
  return {
    items: rowsOf(rows).map((r) => ({
      id: Number(r.id),
      rating: Number(r.rating),
      comment: (r.comment as string | null) ?? null,
      comment_lang: textLang(r.comment as string | null),
      client_name: String(r.client_name),
      created_at: String(r.created_at),
      barber_id: Number(r.barber_id),
      answer: r.answer ? { text: String(r.answer), at: String(r.answered_at) } : null,
    })),
    total: count,
    skip: page.skip,
    limit: page.limit,
    rating_avg: count ? Math.round((sum / count) * 100) / 100 : 0,
    rating_count: count,
    distribution,
  };
}

/** `freeTimesFor`: the service the page's next free times stand for (featuredServiceOf), null when none is bookable. */
export type ShopPageData = { shop: TShop; citySlug: string; barbers: TBarber[]; services: TService[]; reviews: TReviewList; freeTimesFor: number | null };

/** Everything the server-rendered shop page shows, or null for an unknown slug. */
export async function getShopPage(db: Executor, slug: string, reviewsPerPage = 5): Promise<ShopPageData | null> {
  const shop = await findShopBySlug(db, slug);
  if (!shop) return null;
  const [city, barbers, services, reviews, freeTimesFor] = await Promise.all([
    db.execute(sql`select city_slug from barbershops where id = ${shop.id}`),
    barbersOf(db, shop.id),
    servicesOf(db, shop.id, { all: false, skip: 0, limit: 200 }),
    listShopReviews(db, shop.id, { skip: 0, limit: reviewsPerPage }),
    featuredServiceOf(db, shop.id),
  ]);
  return { shop, citySlug: String(rowsOf(city)[0]?.city_slug ?? ""), barbers: barbers.items, services: services.items, reviews, freeTimesFor };
}

/** The slug of a shop id (the /barbearia/id/{id} redirect). */
export async function findShopSlug(db: Executor, id: number): Promise<string | null> {
  // Closed shops too: their page says they have left Navalha and leads to the shops near where they were.
  const rows = rowsOf(await db.execute(sql`select slug from barbershops where id = ${id}`));
  return rows[0] ? String(rows[0].slug) : null;
}

/** A shop that has left Navalha (no longer active): its name and where it was, for the page its old links reach. */
export type ClosedShop = { name: string; place: string; latitude: number; longitude: number };

/** The shop with this slug when it is no longer active, or null (app/not-found.tsx, for a shop's old links). */
export async function findClosedShop(db: Executor, slug: string): Promise<ClosedShop | null> {
  const rows = rowsOf(
    await db.execute(sql`select name, neighborhood, city, latitude, longitude from barbershops
      where slug = ${slug} and not is_active and latitude is not null and longitude is not null limit 1`),
  );
  const row = rows[0];
  if (!row) return null;
  return { name: String(row.name), place: String(row.neighborhood || row.city), latitude: Number(row.latitude), longitude: Number(row.longitude) };
}

/**
 * The slug a shop has now when this one was its own before it was renamed (a link shared before), or null
 * (proxy.ts sends the old page on; shop_slug_history, migration 0021). Closed shops too: their page says so.
 */
export async function findRenamedShopSlug(db: Executor, slug: string): Promise<string | null> {
  const rows = rowsOf(
    await db.execute(
      sql`select b.slug from shop_slug_history h join barbershops b on b.id = h.barbershop_id where h.slug = ${slug} and b.slug <> ${slug} limit 1`,
    ),
  );
  return rows[0] ? String(rows[0].slug) : null;
}

/** The id of the active shop with this slug, or null (proxy.ts asks before a shop page renders). */
export async function findShopSlugId(db: Executor, slug: string): Promise<number | null> {
  const rows = rowsOf(await db.execute(sql`select id from barbershops where slug = ${slug} and is_active limit 1`));
  return rows[0] ? Number(rows[0].id) : null;
}
