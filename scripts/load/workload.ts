// The realistic traffic mix shared by the load and fault scripts: what each kind of visitor asks for,
// with ids taken from the database, driven by one autocannon instance per kind.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import type postgres from "postgres";
import { hashPassword } from "@/lib/server/auth/password";

export const KINDS = ["home", "shop_page", "shop_data", "free_times", "booking", "login"] as const;
export type Kind = (typeof KINDS)[number];
export const READ_KINDS: Kind[] = ["home", "shop_page", "shop_data", "free_times"];

/** Concurrent connections per kind at scale 1: mostly browsing, some booking, a few sign-ins. */
export const DEFAULT_CONNECTIONS: Record<Kind, number> = { home: 4, shop_page: 2, shop_data: 2, free_times: 3, booking: 2, login: 1 };

/**
 * Answers that are business outcomes, not failures: a taken time, a guest asked to prove the phone
 * (past a few guest bookings per shop and hour, decision 0013), a throttled sign-in.
 */
export const EXPECTED_STATUS: Partial<Record<Kind, number[]>> = { booking: [409, 428], login: [429] };

export const LOAD_USER_PASSWORD = "carga-load-1234";
export const loadUserEmail = (n: number) => `load-user-${n}@navalha.test`;

/** The bench data's barber with 2,000 appointments (generate-bench-data --barber-appointments). */
const HEAVY_BARBER_ID = 1197;

type Shop = { id: number; slug: string };
type BarberChoice = { shopId: number; barberId: number; serviceId: number };
type Slot = BarberChoice & { date: string; hour: string };

export type Workload = { shops: Shop[]; barbers: BarberChoice[]; users: number; dates: string[] };

/** Pseudo-statuses of requests that got no answer. */
export const SOCKET_ERROR = 0;
export const TIMEOUT = -1;

/** One answered request, or one that got no answer (status SOCKET_ERROR or TIMEOUT). */
export type Sample = { kind: Kind; at: number; status: number; ms: number };
export type Booked = { id: number; tag: string; barberId: number };

const CITY_BOXES = [
  { city: "São Paulo", lat: [-23.72, -23.41], lng: [-46.8, -46.47] },
  { city: "Rio de Janeiro", lat: [-23.05, -22.77], lng: [-43.63, -43.15] },
  { city: "Belo Horizonte", lat: [-20.04, -19.82], lng: [-44.07, -43.84] },
] as const;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const between = (a: number, b: number) => a + Math.random() * (b - a);

/** Local dates in São Paulo from today on (every generated shop is in that time zone). */
function nextDates(days: number): string[] {
  const fmt = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" });
  return Array.from({ length: days }, (_, i) => fmt.format(new Date(Date.now() + i * 86_400_000)));
}

/**
 * Picks real shops and barbers (with a service each offers) and makes sure `users` load-test clients
 * exist with a known password, so that logins succeed and never trip the failure throttle.
 */
export async function prepareWorkload(sql: postgres.Sql, opts: { users?: number; shops?: number; barbers?: number } = {}): Promise<Workload> {
  const users = opts.users ?? 300;
  const shops = await sql<Shop[]>`
    select id, slug from barbershops where is_active order by random() limit ${opts.shops ?? 2000}`;
  const barbers = await sql<BarberChoice[]>`
    with picked as (
      select b.id, b.barbershop_id from barbers b
      join barbershops s on s.id = b.barbershop_id and s.is_active
      where b.is_active order by random() limit ${opts.barbers ?? 3000}
    ), heavy as (
      -- the barber with 2,000 appointments, so that a crowded day is in the mix
      select id, barbershop_id from barbers where id = ${HEAVY_BARBER_ID} and is_active
    )
    select distinct on (p.id) p.barbershop_id as "shopId", p.id as "barberId", sv.id as "serviceId"
    from (select * from picked union select * from heavy) p
    join barber_services bs on bs.barber_id = p.id
    join services sv on sv.id = bs.service_id and sv.is_active and sv.is_online
    order by p.id, random()`;

  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from users where email like 'load-user-%@navalha.test'`;
  if (n < users) {
    // One argon2 hash serves every load user: they share the password and the salt does not matter here.
    const hash = await hashPassword(LOAD_USER_PASSWORD);
    const rows = Array.from({ length: users }, (_, i) => ({
      type: "client",
      name: `Cliente Carga ${i + 1}`,
      email: loadUserEmail(i + 1),
      password_hash: hash,
    }));
    await sql`insert into users ${sql(rows, "type", "name", "email", "password_hash")} on conflict do nothing`;
  }
  if (!shops.length || !barbers.length) throw new Error("the database has no active shops or barbers: seed it first");
  return { shops, barbers, users, dates: nextDates(14) };
}

function homePath(): string {
  const box = pick(CITY_BOXES);
  const q = new URLSearchParams({
    latitude: between(box.lat[0], box.lat[1]).toFixed(5),
    longitude: between(box.lng[0], box.lng[1]).toFixed(5),
    distance: String(pick([0.5, 1, 2, 5])),
    sort: pick(["distance", "distance", "distance", "rating", "price"]),
  });
  return `/v3/client/barbershops-with-location-home?${q}`;
}

/**
 * The load comes from one machine but stands for many visitors: each request names one in
 * X-Forwarded-For, as the proxy in front of a real deployment would (per-address limits key on it).
 */
function visitorIp(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

function randomPhone(): string {
  const ddd = pick(["11", "21", "31"]);
  const rest = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return `(${ddd}) 9${rest.slice(0, 4)}-${rest.slice(4)}`;
}

export type MixOptions = {
  url: string;
  durationSeconds: number;
  workload: Workload;
  /** Multiplies DEFAULT_CONNECTIONS (at least one connection per kind). */
  scale?: number;
  /** Seconds before autocannon gives up on a response. */
  timeoutSeconds?: number;
  /** Marks this run's guest bookings (notes and Idempotency-Key), for the fault script's checks. */
  runId?: string;
  /** Called when the clock starts, after the slot pool is primed. */
  onStart?: () => void;
};

export type MixResult = {
  startedAt: number;
  finishedAt: number;
  samples: Sample[];
  booked: Booked[];
  /** Every booking request sent, by tag (its notes and Idempotency-Key), with the answer's status if one came. */
  bookings: Map<string, { body: string; barberId: number; status?: number }>;
  connections: Record<Kind, number>;
  autocannon: Record<Kind, { errors: number; timeouts: number; non2xx: number; statusCodeStats: Record<string, { count: number }> }>;
};

/** Free times seen by the free-times visitors: the bookers choose among them, as a person would. */
class SlotPool {
  private readonly slots: Slot[] = [];
  add(choice: BarberChoice, date: string, body: string) {
    // Its free times are read, never booked: the booking benchmark counts on its 2,000 appointments.
    if (choice.barberId === HEAVY_BARBER_ID) return;
    try {
      const answer = JSON.parse(body) as { morning?: string[]; afternoon?: string[]; night?: string[] };
      const hours = [...(answer.morning ?? []), ...(answer.afternoon ?? []), ...(answer.night ?? [])];
      for (let i = 0; i < Math.min(3, hours.length); i++) this.slots.push({ ...choice, date, hour: pick(hours) });
      if (this.slots.length > 5_000) this.slots.splice(0, this.slots.length - 5_000);
    } catch {
      // not JSON (an error page): nothing to learn
    }
  }
  take(): Slot | undefined {
    if (!this.slots.length) return undefined;
    const i = Math.floor(Math.random() * this.slots.length);
    const [slot] = this.slots.splice(i, 1);
    return slot;
  }
  get size() {
    return this.slots.length;
  }
}

function freeTimesPath(choice: BarberChoice, date: string): string {
  const q = new URLSearchParams({ barbershop_id: String(choice.shopId), barber_id: String(choice.barberId), services: String(choice.serviceId), date });
  return `/v3/appointment/available-times?${q}`;
}

/** Fills the slot pool before the clock starts, so the first bookings have real times to ask for. */
async function primeSlots(url: string, workload: Workload, pool: SlotPool, wanted = 200) {
  for (let tries = 0; pool.size < wanted && tries < 200; tries += 8) {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const choice = pick(workload.barbers);
        const date = pick(workload.dates.slice(1));
        const res = await fetch(`${url}${freeTimesPath(choice, date)}`, { signal: AbortSignal.timeout(15_000) }).catch(() => null);
        if (res?.ok) pool.add(choice, date, await res.text());
      }),
    );
  }
}

type Request = autocannon.RawRequest;
type Ctx = Record<string, unknown>;

/** Runs every kind at once for `durationSeconds` and records each answer with its time and latency. */
export async function runMix(opts: MixOptions): Promise<MixResult> {
  const { workload } = opts;
  const scale = opts.scale ?? 1;
  const runId = opts.runId ?? `load-${randomUUID().slice(0, 8)}`;
  const pool = new SlotPool();
  await primeSlots(opts.url, workload, pool);

  const bookable = workload.barbers.filter((b) => b.barberId !== HEAVY_BARBER_ID);
  const samples: Sample[] = [];
  const booked: Booked[] = [];
  const bookings: MixResult["bookings"] = new Map();
  let bookingSeq = 0;

  const requestsOf: Record<Kind, autocannon.RequestSpec[]> = {
    home: [{ setupRequest: (req: Request) => ({ ...req, method: "GET", path: homePath() }) }],
    shop_page: [{ setupRequest: (req: Request) => ({ ...req, method: "GET", path: `/barbearia/${pick(workload.shops).slug}` }) }],
    shop_data: [{ setupRequest: (req: Request) => ({ ...req, method: "GET", path: `/v3/client/barbershop-data/${pick(workload.shops).id}` }) }],
    free_times: [
      {
        setupRequest: (req: Request, ctx: Ctx) => {
          const choice = pick(workload.barbers);
          const date = pick(workload.dates);
          ctx.choice = choice;
          ctx.date = date;
          return { ...req, method: "GET", path: freeTimesPath(choice, date) };
        },
        onResponse: (status: number, body: string, ctx: Ctx) => {
          if (status === 200) pool.add(ctx.choice as BarberChoice, ctx.date as string, body);
        },
      },
    ],
    booking: [
      {
        setupRequest: (req: Request, ctx: Ctx) => {
          // Without a seen free time, a visitor looks at a barber's tomorrow and books what the page offered.
          const slot = pool.take() ?? { ...pick(bookable), date: workload.dates[1], hour: "10:00" };
          const tag = `${runId}-${++bookingSeq}`;
          ctx.tag = tag;
          ctx.barberId = slot.barberId;
          const body = JSON.stringify({
            barbershop_id: slot.shopId,
            barber_id: slot.barberId,
            services: [slot.serviceId],
            date: slot.date,
            start_hour: slot.hour,
            notes: tag,
            name: "Cliente Carga",
            phone: randomPhone(),
          });
          bookings.set(tag, { body, barberId: slot.barberId });
          return {
            ...req,
            method: "POST",
            path: "/v3/appointments/appointment-without-login",
            headers: { ...req.headers, "content-type": "application/json", "idempotency-key": tag, "x-forwarded-for": visitorIp() },
            body,
          };
        },
        onResponse: (status: number, body: string, ctx: Ctx) => {
          const sent = bookings.get(ctx.tag as string);
          if (sent) sent.status = status;
          if (status !== 201) return;
          try {
            const id = (JSON.parse(body) as { appointment: { id: number } }).appointment.id;
            booked.push({ id, tag: ctx.tag as string, barberId: ctx.barberId as number });
          } catch {
            // a 201 without a readable body is reported by the checks as a lost booking
            booked.push({ id: -1, tag: ctx.tag as string, barberId: ctx.barberId as number });
          }
        },
      },
    ],
    login: [
      {
        setupRequest: (req: Request) => ({
          ...req,
          method: "POST",
          path: "/v3/login",
          headers: { ...req.headers, "content-type": "application/json", "x-forwarded-for": visitorIp() },
          body: JSON.stringify({ login: loadUserEmail(1 + Math.floor(Math.random() * workload.users)), password: LOAD_USER_PASSWORD }),
        }),
      },
    ],
  };

  const connections = Object.fromEntries(KINDS.map((k) => [k, Math.max(1, Math.round(DEFAULT_CONNECTIONS[k] * scale))])) as Record<Kind, number>;
  const startedAt = Date.now();
  opts.onStart?.();
  const runs = KINDS.map((kind) => {
    const instance = autocannon({
      url: opts.url,
      connections: connections[kind],
      duration: opts.durationSeconds,
      timeout: opts.timeoutSeconds ?? 10,
      requests: requestsOf[kind],
      headers: { "accept-language": "pt-BR" },
      title: kind,
    });
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
      // A connection closed in the middle of a streamed page comes back without a status.
      samples.push({ kind, at: Date.now(), status: typeof status === "number" ? status : SOCKET_ERROR, ms });
    });
    instance.on("reqError", (err: Error) => {
      // A timeout waited the whole limit; a refused or reset socket has no meaningful latency.
      const timedOut = err.message === "request timed out";
      samples.push({ kind, at: Date.now(), status: timedOut ? TIMEOUT : SOCKET_ERROR, ms: timedOut ? (opts.timeoutSeconds ?? 10) * 1000 : Number.NaN });
    });
    return new Promise<[Kind, autocannon.Result]>((resolve, reject) => {
      instance.on("done", (result: autocannon.Result) => resolve([kind, result]));
      instance.on("error", reject);
    });
  });
  const results = await Promise.all(runs);
  const finishedAt = Date.now();

  const summary = Object.fromEntries(
    results.map(([kind, r]) => [
      kind,
      { errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, statusCodeStats: r.statusCodeStats as unknown as Record<string, { count: number }> },
    ]),
  ) as MixResult["autocannon"];
  return { startedAt, finishedAt, samples, booked, bookings, connections, autocannon: summary };
}
