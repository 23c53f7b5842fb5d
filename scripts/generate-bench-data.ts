// Large data set for load tests: N barbershops (default 100,000) over the same neighbourhoods as
// the demo, spread up to ~8 km around each centre, each with hours, 2–4 barbers, 5–8 services,
// barber_services, 2 products, price range and rating. PostgreSQL only (PGlite is not for load).
//
//   npx tsx --conditions=react-server scripts/generate-bench-data.ts \
//     --database-url postgres://postgres@127.0.0.1:5432/navalha_bench --shops 100000 \
//     [--barber-appointments 2000] [--seed 7]
//
// The database is migrated first. Rows go in with COPY inside one transaction (all or nothing),
// then VACUUM ANALYZE (what autovacuum would soon do: statistics, and the visibility map that
// index-only scans rely on). --barber-appointments N gives the first barber of the first
// generated shop N non-overlapping appointments over the past and coming days, for a
// free-times benchmark. --busy-days D books every barber of every shop for about --busy-percent of
// their working time on each of the D days from today (São Paulo), for the "when" search benchmark.
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import postgres from "postgres";
import { migrateDb, openPostgres } from "@/lib/server/db/client";
import { productsFor, servicesFor } from "./seed/catalogue";
import { BARBER_NAMES } from "./seed/data/names";
import { CITIES, NEIGHBORHOODS, type Neighborhood, placeRows } from "./seed/data/places";
import { BarberAgenda, shopHoursFor, spDayNumber, toTime, weekdayOfDay, type WeekHours } from "./seed/hours";
import { Rng } from "./seed/random";
import {
  barberAvatar,
  barberBio,
  COVER_COUNT,
  coverUrl,
  instagramHandle,
  jitterPoint,
  landlinePhone,
  LOGO_COUNT,
  logoUrl,
  mobilePhone,
  money,
  shopAmenities,
  shopDescription,
  shopName,
  shopSlugBase,
  streetAddress,
  zipCode,
} from "./seed/shop-profile";

// ---------------------------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------------------------

function parseArgs(argv: string[]) {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith("--")) throw new Error(`--${name} needs a value`);
    return v;
  };
  const int = (name: string, def: number, min: number, max: number) => {
    const raw = get(name);
    if (raw === undefined) return def;
    const n = Number(raw.replace(/_/g, ""));
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer in [${min}, ${max}], got ${raw}`);
    return n;
  };
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(
      "Usage: generate-bench-data.ts [--shops 100000] [--database-url postgres://…] [--barber-appointments 0] [--busy-days 0] [--busy-percent 50] [--seed 7] [--chunk 5000]",
    );
    process.exit(0);
  }
  return {
    shops: int("shops", 100_000, 1, 5_000_000),
    databaseUrl: get("database-url") ?? process.env.DATABASE_URL,
    barberAppointments: int("barber-appointments", 0, 0, 100_000),
    busyDays: int("busy-days", 0, 0, 14),
    busyPercent: int("busy-percent", 50, 1, 90),
    seed: int("seed", 7, 0, 2 ** 31 - 1),
    chunk: int("chunk", 5_000, 100, 50_000),
  };
}

// ---------------------------------------------------------------------------------------------
// COPY text format
// ---------------------------------------------------------------------------------------------

type Cell = string | number | boolean | null | Date | string[];

function copyText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

function cell(v: Cell): string {
  if (v === null) return "\\N";
  if (typeof v === "boolean") return v ? "t" : "f";
  if (typeof v === "number") return String(v);
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return copyText(`{${v.map((x) => `"${x.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`);
  return copyText(v);
}

/** Rows of one table, as COPY text. */
class CopyBuffer {
  private parts: string[] = [];
  rows = 0;
  constructor(
    readonly table: string,
    readonly columns: string[],
  ) {}
  add(values: Cell[]) {
    this.parts.push(values.map(cell).join("\t"));
    this.rows++;
  }
  take(): string {
    const text = this.parts.length ? `${this.parts.join("\n")}\n` : "";
    this.parts = [];
    return text;
  }
}

async function copyInto(sql: postgres.Sql | postgres.TransactionSql, buffer: CopyBuffer) {
  const text = buffer.take();
  if (!text) return;
  const writable = await sql.unsafe(`copy ${buffer.table} (${buffer.columns.join(", ")}) from stdin`).writable();
  // Feed it in ~1 MB pieces so that the socket gets data while the rest waits.
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += 1 << 20) pieces.push(text.slice(i, i + (1 << 20)));
  await pipeline(Readable.from(pieces), writable);
}

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

const DAY = 86_400_000;
const MINUTE = 60_000;

type Ids = { shop: number; barber: number; service: number; product: number; appointment: number };

type FirstShop = {
  shopId: number;
  barberId: number;
  hours: WeekHours;
  breaks: WeekHours;
  step: number;
  services: { id: number; name: string; cents: number; duration: number }[];
};

function pickNeighborhood(rng: Rng): Neighborhood {
  const city = rng.weighted([
    ["sao-paulo", 50],
    ["rio-de-janeiro", 32],
    ["belo-horizonte", 18],
  ] as const);
  const list = NEIGHBORHOODS.filter((n) => n.citySlug === city);
  return rng.pick(list);
}

function lunch(hours: WeekHours): WeekHours {
  return hours.map((ranges, d) => (d >= 1 && d <= 5 && ranges.some(([a, b]) => a <= 720 && b >= 780) ? [[720, 780]] : []));
}

function generateChunk(
  rng: Rng,
  count: number,
  next: Ids,
  now: Date,
  buffers: Record<"shops" | "hours" | "barbers" | "breaks" | "services" | "barberServices" | "products", CopyBuffer>,
  onFirst?: (f: FirstShop) => void,
  busy?: Busy,
) {
  for (let i = 0; i < count; i++) {
    const shopId = next.shop++;
    const n = pickNeighborhood(rng);
    const city = CITIES[n.citySlug];
    const name = shopName(rng, n);
    const slug = `${shopSlugBase(name, n.name)}-${shopId}`;
    // Inland the spread is ~8 km; by the sea it stays proportionally smaller.
    const { latitude, longitude } = jitterPoint(rng, n.latitude, n.longitude, ((n.spreadKm ?? 1.2) * 8) / 1.2);
    const createdAt = new Date(now.getTime() - (rng.chance(0.05) ? rng.int(1, 29) : rng.int(31, 1100)) * DAY - rng.int(0, 720) * MINUTE);
    const { hours } = shopHoursFor(rng);
    const step = rng.pick([10, 15, 15, 20, 30, 30]);
    const services = servicesFor(rng, n.tier ?? 2, rng.int(5, 8));
    const products = productsFor(rng, 2);
    const online = services.filter((s) => s.isOnline).map((s) => s.cents);
    const ratingCount = rng.chance(0.1) ? 0 : Math.floor(1 + 400 * rng.float() ** 3);
    const ratingAvg = ratingCount === 0 ? "0.00" : (3.4 + 1.6 * Math.sqrt(rng.float())).toFixed(2);
    const cover = rng.int(1, COVER_COUNT);
    const photos = [
      cover,
      ...rng.sample(
        [...Array(COVER_COUNT).keys()].map((k) => k + 1).filter((k) => k !== cover),
        rng.int(2, 4),
      ),
    ];

    buffers.shops.add([
      shopId,
      slug,
      name,
      shopDescription(rng, n),
      landlinePhone(rng, city.ddd),
      mobilePhone(rng, city.ddd),
      instagramHandle(name, n.name, rng),
      streetAddress(rng, n),
      n.name,
      city.name,
      city.slug,
      city.state,
      zipCode(rng, n),
      latitude,
      longitude,
      "America/Sao_Paulo",
      step,
      rng.pick([30, 60]),
      coverUrl(cover),
      rng.chance(0.85) ? logoUrl(rng.int(1, LOGO_COUNT)) : null,
      photos.map(coverUrl),
      shopAmenities(rng),
      online.length ? money(Math.min(...online)) : null,
      online.length ? money(Math.max(...online)) : null,
      ratingAvg,
      ratingCount,
      true,
      createdAt,
    ]);
    hours.forEach((ranges, weekday) => {
      for (const [a, b] of ranges) buffers.hours.add([shopId, weekday, toTime(a), toTime(b)]);
    });

    const serviceIds = services.map(() => next.service++);
    services.forEach((s, k) => buffers.services.add([serviceIds[k], shopId, s.name, s.description, money(s.cents), s.duration, s.category, s.isOnline, true]));

    const barberNames = rng.sample(BARBER_NAMES, rng.int(2, 4));
    const barberIds = barberNames.map(() => next.barber++);
    const does: Set<number>[] = barberNames.map(() => new Set());
    services.forEach((s, k) => {
      const p = s.category === "color" ? 0.45 : s.category === "care" ? 0.7 : 0.9;
      let any = false;
      for (const set of does)
        if (rng.chance(p)) {
          set.add(k);
          any = true;
        }
      if (!any) does[rng.int(0, does.length - 1)].add(k);
    });
    const breaksOf: WeekHours[] = [];
    barberNames.forEach((bname, j) => {
      // Ratings of the team around the shop's.
      const bCount = ratingCount === 0 ? 0 : Math.max(1, Math.round((ratingCount / barberNames.length) * (0.5 + rng.float())));
      const bAvg = bCount === 0 ? "0.00" : Math.min(5, Math.max(1, Number(ratingAvg) + (rng.float() - 0.5) * 0.6)).toFixed(2);
      buffers.barbers.add([barberIds[j], shopId, bname, barberBio(rng), rng.chance(0.9) ? barberAvatar(rng, bname) : null, bAvg, bCount, true, createdAt]);
      // The first barber of every shop takes lunch on weekdays, others sometimes.
      const breaks = j === 0 || rng.chance(0.3) ? lunch(hours) : hours.map(() => []);
      breaksOf.push(breaks);
      breaks.forEach((ranges, weekday) => {
        for (const [a, b] of ranges) buffers.breaks.add([barberIds[j], weekday, toTime(a), toTime(b)]);
      });
      if (does[j].size === 0) does[j].add(0);
      for (const k of does[j]) buffers.barberServices.add([barberIds[j], serviceIds[k]]);
    });
    for (const p of products) buffers.products.add([next.product++, shopId, p.name, money(p.cents), true]);
    if (busy) {
      const bookable = services.map((sv, k) => ({ id: serviceIds[k], name: sv.name, cents: sv.cents, duration: sv.duration, online: sv.isOnline, k }));
      barberIds.forEach((barberId, j) => {
        const own = bookable.filter((sv) => sv.online && does[j].has(sv.k));
        fillBarberDays(busy, now, next, shopId, barberId, availableOf(hours, breaksOf[j]), step, own);
      });
    }

    if (onFirst && i === 0) {
      onFirst({
        shopId,
        barberId: barberIds[0],
        hours,
        breaks: breaksOf[0],
        step,
        services: services
          .map((s, k) => ({ id: serviceIds[k], name: s.name, cents: s.cents, duration: s.duration, online: s.isOnline, k }))
          .filter((s) => s.online && does[0].has(s.k) && s.duration <= 90),
      });
    }
  }
}

/** A barber's working ranges per weekday: the shop's hours minus the barber's breaks. */
function availableOf(hours: WeekHours, breaks: WeekHours): WeekHours {
  return hours.map((ranges, d) =>
    ranges.flatMap(([a, b]): [number, number][] => {
      const cut = breaks[d].find(([c0, c1]) => c0 >= a && c1 <= b);
      return cut
        ? (
            [
              [a, cut[0]],
              [cut[1], b],
            ] as [number, number][]
          ).filter(([x, y]) => x < y)
        : [[a, b]];
    }),
  );
}

type Service = { id: number; name: string; cents: number; duration: number };

/** One appointment's rows (status from the clock: completed when over, else mostly confirmed). */
function addAppointment(
  rng: Rng,
  now: Date,
  next: Ids,
  out: Sink,
  shopId: number,
  barberId: number,
  service: Service,
  when: { startsAt: Date; endsAt: Date },
  clientName: string,
) {
  const past = when.endsAt.getTime() < now.getTime();
  const status = past ? "completed" : rng.chance(0.7) ? "confirmed" : "pending";
  const id = next.appointment++;
  const createdAt = new Date(Math.min(now.getTime(), when.startsAt.getTime()) - rng.int(1, 7 * 24) * 60 * MINUTE);
  out.appts.add([
    id,
    shopId,
    barberId,
    null,
    clientName,
    null,
    status,
    when.startsAt,
    when.endsAt,
    money(service.cents),
    "0.00",
    "0.00",
    money(service.cents),
    status === "pending" ? null : new Date(createdAt.getTime() + 10 * MINUTE),
    createdAt,
  ]);
  out.apptServices.add([id, service.id, service.name, money(service.cents), service.duration]);
}

type Sink = { appts: CopyBuffer; apptServices: CopyBuffer };
type Busy = Sink & { days: number; percent: number; rng: Rng };

/**
 * Fills one barber's working time on `busy.days` days from today: walking each range, a slot is booked
 * (with one of the barber's services) with probability percent/100, else left free for a step.
 */
function fillBarberDays(busy: Busy, now: Date, next: Ids, shopId: number, barberId: number, available: WeekHours, step: number, services: Service[]) {
  if (services.length === 0) return;
  const today = spDayNumber(now);
  const agenda = new BarberAgenda(available, step);
  for (let day = today; day < today + busy.days; day++) {
    for (const [a, b] of agenda.available[weekdayOfDay(day)]) {
      for (let m = a; m < b;) {
        const service = busy.rng.pick(services);
        if (m + service.duration > b) break;
        if (busy.rng.int(1, 100) <= busy.percent) {
          addAppointment(busy.rng, now, next, busy, shopId, barberId, service, agenda.book(day, m, service.duration), "Cliente Bench");
          m += Math.ceil(service.duration / step) * step;
        } else m += step;
      }
    }
  }
}

/** N non-overlapping appointments for one barber, spread around today, never filling a day. */
function barberAppointments(rng: Rng, first: FirstShop, count: number, now: Date, next: Ids, appts: CopyBuffer, apptServices: CopyBuffer) {
  const agenda = new BarberAgenda(availableOf(first.hours, first.breaks), first.step);
  const available = agenda.available;
  const services = first.services.length ? first.services : [{ id: 0, name: "", cents: 0, duration: 30 }];
  if (services[0].id === 0) throw new Error("the first barber performs no online service");
  const today = spDayNumber(now);
  // Book about 80% of the barber's week, so the range of days follows from its capacity.
  const avgDuration = services.reduce((sum, s) => sum + s.duration, 0) / services.length;
  const perWeek = available.flat().reduce((sum, [a, b]) => sum + Math.floor((b - a) / avgDuration), 0);
  let range = Math.max(7, Math.ceil(((count / Math.max(1, perWeek * 0.8)) * 7) / 2));
  let misses = 0;
  while (agenda.size < count) {
    const service = rng.pick(services);
    const day = today + rng.int(-range, range);
    const starts = agenda.candidates(day, service.duration);
    // Leave a few free slots on every day so the free-times answer is never empty.
    if (starts.length <= 3) {
      if (++misses > 200) {
        range += 7;
        misses = 0;
      }
      continue;
    }
    misses = 0;
    const when = agenda.book(day, rng.pick(starts), service.duration);
    addAppointment(rng, now, next, { appts, apptServices }, first.shopId, first.barberId, service, when, `Cliente Bench ${agenda.size}`);
  }
  return range;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.databaseUrl || !/^postgres(ql)?:\/\//.test(args.databaseUrl)) {
    console.error("generate-bench-data needs a PostgreSQL URL (--database-url postgres://… or DATABASE_URL). PGlite is not meant for load tests.");
    process.exit(2);
  }
  if (args.busyDays > 0 && args.barberAppointments > 0) {
    console.error("--busy-days and --barber-appointments each book the first barber: give one of them.");
    process.exit(2);
  }
  const url = args.databaseUrl;
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;

  // Migrations first, with the app's own code.
  const handle = await openPostgres(url, 1);
  await migrateDb(handle, url);
  await handle.close();
  console.log(`[${elapsed()}] database migrated`);

  const sql = postgres(url, { max: 1, onnotice: () => {}, idle_timeout: 5 });
  const now = new Date();
  const rng = new Rng(args.seed);
  const buffers = {
    shops: new CopyBuffer("barbershops", [
      "id",
      "slug",
      "name",
      "description",
      "phone",
      "whatsapp",
      "instagram",
      "address",
      "neighborhood",
      "city",
      "city_slug",
      "state",
      "zip_code",
      "latitude",
      "longitude",
      "timezone",
      "agenda_time_interval",
      "min_notice_minutes",
      "cover_url",
      "logo_url",
      "photos",
      "amenities",
      "price_from",
      "price_to",
      "rating_avg",
      "rating_count",
      "is_active",
      "created_at",
    ]),
    hours: new CopyBuffer("shop_hours", ["barbershop_id", "weekday", "opens", "closes"]),
    barbers: new CopyBuffer("barbers", ["id", "barbershop_id", "name", "bio", "avatar_url", "rating_avg", "rating_count", "is_active", "created_at"]),
    breaks: new CopyBuffer("barber_breaks", ["barber_id", "weekday", "starts", "ends"]),
    services: new CopyBuffer("services", ["id", "barbershop_id", "name", "description", "price", "duration_minutes", "category", "is_online", "is_active"]),
    barberServices: new CopyBuffer("barber_services", ["barber_id", "service_id"]),
    products: new CopyBuffer("products", ["id", "barbershop_id", "name", "price", "is_active"]),
  };
  const appts = new CopyBuffer("appointments", [
    "id",
    "barbershop_id",
    "barber_id",
    "client_id",
    "client_name",
    "client_phone",
    "status",
    "starts_at",
    "ends_at",
    "subtotal",
    "additional",
    "discount",
    "total",
    "confirmed_at",
    "created_at",
  ]);
  const apptServices = new CopyBuffer("appointment_services", ["appointment_id", "service_id", "name", "price", "duration_minutes"]);
  const totals: Record<string, number> = {};
  let first: FirstShop | undefined;
  // A separate generator, so that the shops are the same with or without busy days.
  const busy: Busy | undefined =
    args.busyDays > 0 ? { days: args.busyDays, percent: args.busyPercent, rng: new Rng(args.seed + 1), appts, apptServices } : undefined;

  await sql.begin(async (tx) => {
    // Rows carry their ids (COPY cannot return them): no one else may insert meanwhile.
    await tx`lock table barbershops, barbers, services, products, appointments in share row exclusive mode`;
    // A bulk load of consistent rows: no row triggers (the agenda versions of migration 0011, the
    // foreign keys' checks), which would cost more than the load itself. The new shops have no kept
    // day yet (bench-search keeps them after).
    await tx`set local session_replication_role = replica`;
    const [max] = await tx`select
      (select coalesce(max(id), 0) from barbershops)::int as shop,
      (select coalesce(max(id), 0) from barbers)::int as barber,
      (select coalesce(max(id), 0) from services)::int as service,
      (select coalesce(max(id), 0) from products)::int as product,
      (select coalesce(max(id), 0) from appointments)::int as appointment`;
    const next: Ids = {
      shop: max.shop + 1,
      barber: max.barber + 1,
      service: max.service + 1,
      product: max.product + 1,
      appointment: max.appointment + 1,
    };

    // Places, for the location suggestions (the demo seed adds the same; duplicates are skipped).
    const rows = placeRows().map(({ citySlug, ...place }) => ({ ...place, city_slug: citySlug }));
    await tx`insert into places ${tx(rows)} on conflict do nothing`;

    for (let done = 0; done < args.shops;) {
      const count = Math.min(args.chunk, args.shops - done);
      generateChunk(rng, count, next, now, buffers, done === 0 ? (f) => (first = f) : undefined, busy);
      for (const b of [...Object.values(buffers), ...(busy ? [appts, apptServices] : [])]) {
        totals[b.table] = (totals[b.table] ?? 0) + b.rows;
        b.rows = 0;
        await copyInto(tx, b);
      }
      done += count;
      console.log(`[${elapsed()}] ${done.toLocaleString("en")}/${args.shops.toLocaleString("en")} shops (${Math.round((done / args.shops) * 100)}%)`);
    }

    if (args.barberAppointments > 0 && first) {
      const range = barberAppointments(rng, first, args.barberAppointments, now, next, appts, apptServices);
      totals.appointments = (totals.appointments ?? 0) + appts.rows;
      await copyInto(tx, appts);
      await copyInto(tx, apptServices);
      console.log(`[${elapsed()}] ${args.barberAppointments} appointments for barber ${first.barberId} (days −${range}…+${range})`);
    }

    // Each service's bookings, as migration 0019's trigger counts them (row triggers are off during the load): the
    // lists' free times stand for each shop's most booked service.
    await tx`insert into service_bookings (service_id, count)
      select service_id, count(*)::int from appointment_services where appointment_id >= ${max.appointment + 1} group by service_id
      on conflict (service_id) do update set count = service_bookings.count + excluded.count`;
    // Each shop's agenda row with its featured services, as migration 0020's raise sets them: the lists read them.
    await tx`insert into shop_agenda (barbershop_id, version, featured)
      select b.id, 0, featured_services_of(b.id) from barbershops b where b.id >= ${max.shop + 1}
      on conflict (barbershop_id) do update set featured = excluded.featured`;
    // The shops' words, as migration 0041's trigger counts them: the name searches look a typed word up there.
    await tx`insert into shop_words (word, names, shops)
      select w, count(*) filter (where w = any (b.name_words))::int, count(*)::int
      from barbershops b, unnest(b.search_words) w where b.id >= ${max.shop + 1} group by w
      on conflict (word) do update set names = shop_words.names + excluded.names, shops = shop_words.shops + excluded.shops`;
    // Each active shop's name words with its reviews, as migration 0043's trigger writes them: the list by name reads them.
    await tx`insert into shop_name_postings (word, barbershop_id, reviews, words)
      select w, b.id, b.rating_count, b.name_words from barbershops b, unnest(b.name_words) w
      where b.id >= ${max.shop + 1} and b.is_active`;
    await tx`update shop_words_version set version = version + 1`;
    console.log(`[${elapsed()}] service bookings counted, featured services set, the shops' words counted`);

    // Serial sequences continue after the ids written here.
    for (const table of ["barbershops", "shop_hours", "barbers", "barber_breaks", "services", "products", "appointments"]) {
      await tx.unsafe(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 0) from ${table}), 1))`);
    }
  });
  console.log(`[${elapsed()}] committed; vacuuming and analyzing…`);
  await sql`vacuum analyze`;
  await sql.end({ timeout: 5 });

  console.log(
    `[${elapsed()}] done: ` +
      Object.entries(totals)
        .map(([t, n]) => `${n.toLocaleString("en")} ${t}`)
        .join(", "),
  );
  if (first) {
    console.log(`first shop id: ${first.shopId}, its first barber id: ${first.barberId}`);
    if (args.barberAppointments > 0) {
      console.log(`free-times benchmark: barber ${first.barberId} of shop ${first.shopId} has ${args.barberAppointments} appointments`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
