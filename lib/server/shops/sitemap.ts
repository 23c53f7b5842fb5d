import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "@/lib/server/db/client";
import { rowsOf } from "./cards";

// What the sitemaps list (app/sitemap.xml, app/sitemap/[part]): every active shop and every city with
// shops, each with the time what its page shows last changed. That is the later of the shop's creation and
// its page tag's last raise (migration 0015: a review, a change to the shop, its hours, team or services;
// a city's tag also when one of its shops changes), so the lastmod moves when the page does, and only then.

/** Shops in one shop sitemap: 15,000 URLs with the three languages (a sitemap holds at most 50,000). */
export const SHOPS_PER_SITEMAP = 5000;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

export type SitemapEntry = { slug: string; lastmod: string };

/** The shop sitemaps there are, in order, with the newest lastmod of each (for the sitemap index). */
export async function shopSitemapParts(db: Executor, perPart = SHOPS_PER_SITEMAP): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`select part, to_char(max(lastmod) at time zone 'UTC', ${sql.raw(ISO)}) as lastmod from (
        select (row_number() over (order by b.id) - 1) / ${perPart} as part, greatest(b.created_at, t.changed_at) as lastmod
        from barbershops b left join page_tags t on t.tag = 'shop:' || b.slug
        where b.is_active
      ) s group by part order by part`),
  );
  return rows.map((r) => String(r.lastmod));
}

/** The shops of shop sitemap `part` (from 0), in the order of shopSitemapParts. */
export async function shopsOfSitemapPart(db: Executor, part: number, perPart = SHOPS_PER_SITEMAP): Promise<SitemapEntry[]> {
  const rows = rowsOf(
    await db.execute(sql`select b.slug, to_char(greatest(b.created_at, t.changed_at) at time zone 'UTC', ${sql.raw(ISO)}) as lastmod
      from barbershops b left join page_tags t on t.tag = 'shop:' || b.slug
      where b.is_active order by b.id limit ${perPart} offset ${part * perPart}`),
  );
  return rows.map((r) => ({ slug: String(r.slug), lastmod: String(r.lastmod) }));
}

/**
 * Every city with an active shop, and any other city asked for (`also`: the highlighted ones, whose pages
 * exist without shops), with the later of its newest shop and its tag's last raise. A city with neither
 * (no shop ever) has no lastmod.
 */
export async function citiesForSitemap(db: Executor, also: readonly string[]): Promise<{ slug: string; lastmod: string | null }[]> {
  const rows = rowsOf(
    await db.execute(sql`select c.slug, to_char(greatest(s.created, t.changed_at) at time zone 'UTC', ${sql.raw(ISO)}) as lastmod
      from (
        select city_slug as slug from barbershops where is_active
        union select unnest(${sql`array[${sql.join(also.length ? also.map((a) => sql`${a}`) : [sql`null`], sql`, `)}]::text[]`})
      ) c
      left join lateral (select max(created_at) as created from barbershops b where b.city_slug = c.slug and b.is_active) s on true
      left join page_tags t on t.tag = 'city:' || c.slug
      where c.slug is not null
      order by c.slug`),
  );
  return rows.map((r) => ({ slug: String(r.slug), lastmod: r.lastmod == null ? null : String(r.lastmod) }));
}
