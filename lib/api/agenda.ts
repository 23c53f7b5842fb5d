"use client";
// The shop's agenda: its day (SWR), the staff's actions, and the live stream of changes.
import type { z } from "zod";
import type {
  TAgenda,
  TAgendaClients,
  TAgendaFeed,
  TAgendaMark,
  ZAgendaBlocksAnswer,
  ZAgendaBookingAnswer,
  ZAgendaCancel,
  ZAgendaMove,
  ZAgendaNewBlock,
  ZAgendaNewBooking,
} from "@/lib/contract/agenda";
import { API_BASE_URL } from "./base-url";
import { http } from "./http";
import { getSession } from "./session";
import { useApi } from "./swr";

type BookingAnswer = z.output<typeof ZAgendaBookingAnswer>;
const base = (shopId: number) => `/staff/shops/${shopId}/agenda`;

/** The day (or the week, days=7) of the shop's agenda: "" for the shop's today. */
export function agendaKey(shopId: number, date: string, options: { days?: number; barberId?: number } = {}) {
  const q = new URLSearchParams(date ? { date } : {});
  if (options.days && options.days > 1) q.set("days", String(options.days));
  if (options.barberId) q.set("barber_id", String(options.barberId));
  return `${base(shopId)}?${q}`;
}

/** `enabled` false asks nothing (no session yet). */
export function useAgenda(shopId: number, date: string, enabled: boolean) {
  return useApi<TAgenda>(enabled ? agendaKey(shopId, date) : null);
}

export const bookAtFrontDesk = async (shopId: number, body: z.input<typeof ZAgendaNewBooking>) =>
  (await http()).post<BookingAnswer>(`${base(shopId)}/bookings`, body);
export const moveBooking = async (shopId: number, id: number, body: z.input<typeof ZAgendaMove>) =>
  (await http()).put<BookingAnswer>(`${base(shopId)}/bookings/${id}/time`, body);
export const cancelBooking = async (shopId: number, id: number, body: z.input<typeof ZAgendaCancel>) =>
  (await http()).post<BookingAnswer>(`${base(shopId)}/bookings/${id}/cancel`, body);
export const markBooking = async (shopId: number, id: number, mark: TAgendaMark) =>
  (await http()).put<BookingAnswer>(`${base(shopId)}/bookings/${id}/mark`, { mark });
export const blockTime = async (shopId: number, body: z.input<typeof ZAgendaNewBlock>) =>
  (await http()).post<z.output<typeof ZAgendaBlocksAnswer>>(`${base(shopId)}/blocks`, body);
export const removeBlock = async (shopId: number, id: number) => (await http()).delete(`${base(shopId)}/blocks/${id}`);
export const createAgendaFeed = async (shopId: number, barberId: number) => (await http()).put<TAgendaFeed>(`${base(shopId)}/feeds/${barberId}`);
export const revokeAgendaFeed = async (shopId: number, barberId: number) => (await http()).delete(`${base(shopId)}/feeds/${barberId}`);
export const findShopClients = async (shopId: number, q: string) => (await http()).get<TAgendaClients>(`${base(shopId)}/clients`, { params: { q } });

export type AgendaEvent = { event: "change" | "reset" | "ready"; id: string | null; data: unknown };

/**
 * The shop's stream of agenda changes (server-sent events), read with fetch so that it carries the bearer token
 * as every call does (EventSource sends no headers, and a token in the URL would end up in logs). It reconnects
 * after a drop with Last-Event-ID, as EventSource would, so the server replays what was missed. Returns the stop.
 */
export function listenToAgenda(shopId: number, onEvent: (e: AgendaEvent) => void, onState?: (live: boolean) => void): () => void {
  let stopped = false;
  let lastId: string | null = null;
  let abort: AbortController | null = null;
  let retryMs = 2000;

  async function connect() {
    while (!stopped) {
      abort = new AbortController();
      try {
        const headers: Record<string, string> = { accept: "text/event-stream" };
        const token = getSession().token;
        if (token) headers.authorization = `Bearer ${token}`;
        if (lastId) headers["last-event-id"] = lastId;
        const res = await fetch(`${API_BASE_URL}${base(shopId)}/events`, { headers, signal: abort.signal, cache: "no-store" });
        if (res.status === 401 || res.status === 403) return onState?.(false);
        if (!res.ok || !res.body) throw new Error(String(res.status));
        onState?.(true);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, "\n");
          let cut: number;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = "message";
            let id: string | null = null;
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line.startsWith("event:")) event = line.slice(6).trim();
              else if (line.startsWith("id:")) id = line.slice(3).trim();
              else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
              else if (line.startsWith("retry:")) retryMs = Number(line.slice(6)) || retryMs;
            }
            if (id) lastId = id;
            if (event === "change" || event === "reset" || event === "ready") {
              let parsed: unknown = null;
              try {
                parsed = data.length ? JSON.parse(data.join("\n")) : null;
              } catch {
                parsed = null;
              }
              onEvent({ event, id, data: parsed });
            }
          }
        }
      } catch {
        // Dropped or refused: tried again below.
      }
      if (stopped) return;
      onState?.(false);
      await new Promise((r) => setTimeout(r, retryMs));
    }
  }
  void connect();
  return () => {
    stopped = true;
    abort?.abort();
  };
}
