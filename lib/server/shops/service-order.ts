import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { CATEGORIES } from "@/lib/contract/search-constants";

type Part = SQL | AnyPgColumn;

/** The categories in the search's order, as a PostgreSQL array literal (the same text on every call). */
const CATEGORY_ORDER = sql.raw(`array[${CATEGORIES.map((c) => `'${c}'`).join(",")}]::text[]`);

/**
 * The order a shop's services are listed in (its page, the booking's first step, GET barbershop/services): by
 * category as the search offers them (haircuts first, then beard, combos, care, colour; an unknown one last), and
 * in each the most booked first (service_bookings, migration 0019), then the shortest, the cheapest, the oldest. So
 * the list opens with the haircut the shop's next free times are for (shop_agenda.featured, migration 0020, same
 * rule), and a client on a phone finds what most clients book without scrolling past the eyebrows. `s` holds the
 * services row's columns: the table's, or fragments of an alias.
 */
export function serviceOrder(s: { id: Part; category: Part; durationMinutes: Part; price: Part }): SQL {
  return sql`array_position(${CATEGORY_ORDER}, ${s.category}) nulls last,
    coalesce((select sb.count from service_bookings sb where sb.service_id = ${s.id}), 0) desc,
    ${s.durationMinutes}, ${s.price}, ${s.id}`;
}
