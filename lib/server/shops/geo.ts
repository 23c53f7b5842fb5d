import "server-only";
import { type Placeholder, type SQL, sql } from "drizzle-orm";

/** A number, or a placeholder bound to one when a compiled statement runs. */
type NumberValue = number | Placeholder;

/**
 * Distances over the `earth` column with cube's C functions only.
 *
 * earthdistance's ll_to_earth, earth_box and earth_distance are SQL-language functions, and so are
 * gc_to_sec and sec_to_gc inside them. In the generic plan of a prepared statement PostgreSQL cannot
 * inline those whose argument is a parameter, and runs them through its SQL-function executor, which
 * parses and plans their bodies again on every execution: profiling the nearest-20 list showed the SQL
 * parser at the top, and pgbench gave 1,624 executions a second with them, 5,129 with these (the same
 * rows, distances and totals). The formulas are earthdistance's own, operation for operation.
 */
const R = sql.raw("6378168::float8"); // earthdistance's earth(), in metres

/**
 * The point of a latitude and longitude on the earth cube (ll_to_earth). A scalar subquery, so that it
 * is computed once per execution (an InitPlan) even in a generic plan.
 */
export function earthPoint(latitude: number, longitude: number): SQL {
  return sql`(select ${earthPointExpr(latitude, longitude)})`;
}

/** The same point as a plain expression, for a select list computed once (a CTE). */
export function earthPointExpr(latitude: NumberValue, longitude: NumberValue): SQL {
  return sql`cube(array[${R} * cos(radians(${latitude}::float8)) * cos(radians(${longitude}::float8)), ${R} * cos(radians(${latitude}::float8)) * sin(radians(${longitude}::float8)), ${R} * sin(radians(${latitude}::float8))])`;
}

/** The straight-line length through the earth of a great-circle distance in metres (gc_to_sec), as an expression. */
export function chordExpr(meters: NumberValue): SQL {
  return sql`case when ${meters}::float8 < 0 then 0::float8 when ${meters}::float8 / ${R} > pi() then 2 * ${R} else 2 * ${R} * sin(${meters}::float8 / (2 * ${R})) end`;
}

/** Shops whose `earth` lies within `meters` of `point` along the surface; the box lets the GiST index find them (earth_box). */
export function withinBox(point: SQL, chord: SQL): SQL {
  return sql`cube_enlarge(${point}, ${chord}, 3) @> b.earth`;
}

/** The exact radius test (earth_distance(point, b.earth) <= meters), as a chord comparison: same order, no trigonometry per shop. */
export function withinRadius(point: SQL, chord: SQL): SQL {
  return sql`cube_distance(${point}, b.earth) <= ${chord}`;
}

/** Great-circle metres from `point` to b.earth (earth_distance, i.e. sec_to_gc of the chord). */
export function distanceMeters(point: SQL): SQL {
  return sql`(2 * ${R} * asin(least(cube_distance(b.earth, ${point}) / (2 * ${R}), 1::float8)))`;
}
