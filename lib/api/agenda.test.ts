/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";

// The agenda's stream reader against a small local server that speaks server-sent events: events parsed, the bearer
// token sent, and a dropped stream reconnected with the Last-Event-ID of the last event seen.
let server: http.Server;
const seen: { authorization?: string; lastEventId?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ authorization: req.headers.authorization, lastEventId: req.headers["last-event-id"] as string | undefined });
    res.writeHead(200, { "content-type": "text/event-stream" });
    if (seen.length === 1) {
      // The first stream: a retry delay, a heartbeat, two events (one split over two writes), then it drops.
      res.write("retry: 20\n\n: ping\n\n");
      res.write('id: 41\nevent: change\ndata: {"seq":41,"kind":"booking.created","booking_id":7}\n\n');
      res.write('id: 42\nevent: change\ndata: {"seq":42,"kind":"booking');
      setTimeout(() => res.end('.cancelled","booking_id":7}\n\n'), 20);
    } else {
      res.write('event: ready\ndata: {"last_seq":42}\n\n');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.NEXT_PUBLIC_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("parses the events, sends the token, and reconnects after a drop with the last event's id", async () => {
  const { saveSession } = await import("./session");
  const store = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  };
  saveSession("token-123", { id: 1, type: "client", name: "Recepção", email: "r@example.com", phone: null, birth_date: null, avatar_url: null });
  const { listenToAgenda } = await import("./agenda");
  const events: { event: string; id: string | null; data: unknown }[] = [];
  const states: boolean[] = [];
  const stop = listenToAgenda(
    3,
    (e) => events.push(e),
    (live) => states.push(live),
  );
  const deadline = Date.now() + 3000;
  while (!events.some((e) => e.event === "ready") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  stop();
  expect(events).toEqual([
    { event: "change", id: "41", data: { seq: 41, kind: "booking.created", booking_id: 7 } },
    { event: "change", id: "42", data: { seq: 42, kind: "booking.cancelled", booking_id: 7 } },
    { event: "ready", id: null, data: { last_seq: 42 } },
  ]);
  expect(seen[0]).toEqual({ authorization: "Bearer token-123", lastEventId: undefined });
  expect(seen[1]).toEqual({ authorization: "Bearer token-123", lastEventId: "42" });
  expect(states.slice(0, 3)).toEqual([true, false, true]);
});
