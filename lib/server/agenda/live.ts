import "server-only";
import { and, asc, eq, gt, min } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { agendaChanges } from "@/lib/server/db/schema";
import { type StaffAccess } from "@/lib/server/staff/access";
import { scopeOf } from "@/lib/server/staff/permissions";

// The live agenda (docs/decisions/0050-agenda.md). Triggers write each change of a shop's agenda to agenda_changes and
// NOTIFY the `agenda` channel on commit, from whichever app server made it. Each process LISTENs once (postgres.js
// on a connection of its own, PGlite on its single one) and fans each notification out to the open streams of that
// shop; a stream that reconnects with Last-Event-ID first replays the changes after it from the table.

export type AgendaChange = { seq: number; kind: string; booking_id: number | null; barber_id: number | null; at: string };
type Notice = AgendaChange & { shop: number };
type Subscriber = (change: AgendaChange) => void;

/** A comment line this often keeps proxies from closing an idle stream and tells a dead one apart. */
export const HEARTBEAT_MS = 15_000;
/** Changes replayed at most on reconnecting; more is a `reset`. */
const REPLAY_MAX = 500;

type Listener = { ready: Promise<void>; shops: Map<number, Set<Subscriber>> };
const g = globalThis as unknown as { __navalhaAgendaListeners?: WeakMap<Db, Listener> };
const listeners = (g.__navalhaAgendaListeners ??= new WeakMap());

type ListenClient = {
  listen: (channel: string, fn: (payload: string) => void) => Promise<unknown>;
};

function parseNotice(payload: string): Notice | null {
  try {
    const n = JSON.parse(payload) as { shop: number; seq: number; kind: string; booking_id: number | null; barber_id: number | null };
    return { shop: Number(n.shop), seq: Number(n.seq), kind: n.kind, booking_id: n.booking_id, barber_id: n.barber_id, at: new Date().toISOString() };
  } catch {
    return null;
  }
}

/** The process's one listener on the database (started on first use), shared by every stream. */
function listenerOf(db: Db): Listener {
  let listener = listeners.get(db);
  if (listener) return listener;
  const shops = new Map<number, Set<Subscriber>>();
  const client = (db._.session as unknown as { client: ListenClient }).client;
  const ready = client
    .listen("agenda", (payload) => {
      const notice = parseNotice(payload);
      if (!notice) return;
      const { shop, ...change } = notice;
      for (const fn of shops.get(shop) ?? []) {
        try {
          fn(change);
        } catch {
          // One stream's failure is its own.
        }
      }
    })
    .then(() => undefined);
  listener = { ready, shops };
  listeners.set(db, listener);
  // A failed LISTEN is tried again by the next stream.
  ready.catch(() => listeners.delete(db));
  return listener;
}

/** Calls `fn` with every change of the shop's agenda committed from now on, until the returned function is called. */
export async function subscribeAgenda(db: Db, shopId: number, fn: Subscriber): Promise<() => void> {
  const listener = listenerOf(db);
  let set = listener.shops.get(shopId);
  if (!set) listener.shops.set(shopId, (set = new Set()));
  set.add(fn);
  await listener.ready;
  return () => {
    set.delete(fn);
    if (set.size === 0 && listener.shops.get(shopId) === set) listener.shops.delete(shopId);
  };
}

/** The changes after `afterSeq`, or null when some of them may be no longer kept (the agenda must refetch all). */
export async function changesSince(db: Db, shopId: number, afterSeq: number): Promise<AgendaChange[] | null> {
  // seq is shared by every shop: once changes before afterSeq + 1 were purged, the shop's may have been among them.
  const [oldest] = await db.select({ seq: min(agendaChanges.seq) }).from(agendaChanges);
  if (oldest?.seq != null && Number(oldest.seq) > afterSeq + 1) return null;
  const rows = await db
    .select()
    .from(agendaChanges)
    .where(and(eq(agendaChanges.barbershopId, shopId), gt(agendaChanges.seq, afterSeq)))
    .orderBy(asc(agendaChanges.seq))
    .limit(REPLAY_MAX + 1);
  if (rows.length > REPLAY_MAX) return null;
  return rows.map((r) => ({ seq: r.seq, kind: r.kind, booking_id: r.appointmentId, barber_id: r.barberId, at: r.at.toISOString() }));
}

/** Whether the member hears of a change: all of the shop's, or (a barber) his own column's only. */
export function seesChange(access: StaffAccess, change: Pick<AgendaChange, "barber_id">): boolean {
  if (scopeOf(access.roles, "bookings.view") === "all") return true;
  return access.barberId !== null && change.barber_id === access.barberId;
}

const encoder = new TextEncoder();
const eventText = (name: string, id: number | null, data: unknown) => `${id === null ? "" : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The member's stream of the shop's agenda: replays what came after `lastEventId`, then every change as it is
 * committed, with a heartbeat. Subscribed before the replay is read, so nothing falls between the two.
 */
export async function agendaStream(
  db: Db,
  access: StaffAccess,
  options: { lastEventId: number | null; signal: AbortSignal; heartbeatMs?: number },
): Promise<ReadableStream<Uint8Array>> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let lastSeq = options.lastEventId ?? 0;
  let replaying = true;
  // While the replay and the changes held during it are merged, a change may come from both.
  let merged: Set<number> | null = new Set();
  const held: AgendaChange[] = [];
  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };
  const send = (change: AgendaChange) => {
    if (merged) {
      if (merged.has(change.seq) || change.seq <= (options.lastEventId ?? 0)) return;
      merged.add(change.seq);
    }
    lastSeq = Math.max(lastSeq, change.seq);
    if (seesChange(access, change)) write(eventText("change", change.seq, change));
  };
  let unsubscribe: () => void = () => {};
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    if (heartbeat) clearInterval(heartbeat);
    try {
      controller.close();
    } catch {
      // Already closed by the reader.
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      close();
    },
  });
  options.signal.addEventListener("abort", close, { once: true });
  unsubscribe = await subscribeAgenda(db, access.shopId, (change) => {
    if (replaying) held.push(change);
    else send(change);
  });
  write("retry: 2000\n\n");
  if (options.lastEventId !== null) {
    const missed = await changesSince(db, access.shopId, options.lastEventId);
    if (missed === null) write(eventText("reset", null, {}));
    else for (const change of missed) send(change);
  }
  replaying = false;
  for (const change of held.splice(0)) send(change);
  merged = null;
  write(eventText("ready", null, { last_seq: lastSeq }));
  heartbeat = setInterval(() => write(`: ping\n\n`), options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref?.();
  if (options.signal.aborted) close();
  return stream;
}
