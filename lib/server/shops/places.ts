import "server-only";
import { sql } from "drizzle-orm";
import type { TPlace } from "@/lib/contract/search";
import type { Executor } from "@/lib/server/db/client";
import { rowsOf } from "./cards";

/**
 * Cities and neighbourhoods for the location search box: names that start with the text first,
 * then those containing it, then trigram look-alikes (typos, missing accents).
 */
export async function suggestPlaces(db: Executor, q: string, limit = 8): Promise<TPlace[]> {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = rowsOf(
    await db.execute(sql`select id, kind, name, city, city_slug, state, latitude, longitude
      from places p
      where p.name ilike ${`%${escaped}%`} or p.name % ${q}
      order by (p.name ilike ${`${escaped}%`}) desc, (p.name ilike ${`%${escaped}%`}) desc,
        similarity(p.name, ${q}) desc, (p.kind = 'city') desc, p.name, p.id
      limit ${limit}`),
  );
  return rows.map((r) => {
    const kind = r.kind === "city" ? "city" : "neighborhood";
    const name = String(r.name);
    const city = String(r.city);
    const state = String(r.state);
    return {
      id: Number(r.id),
      kind,
      name,
      city,
      city_slug: String(r.city_slug),
      state,
      label: kind === "city" ? `${city} - ${state}` : `${name}, ${city} - ${state}`,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
    };
  });
}
