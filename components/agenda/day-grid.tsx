"use client";
import { useT } from "next-i18next/client";
import { type CSSProperties, type PointerEvent as ReactPointerEvent, useRef, useState } from "react";
import { AGENDA_END_GRID_MINUTES, AGENDA_MOVE_MIN_MINUTES, type TAgenda, type TAgendaBooking } from "@/lib/contract/agenda";
import { overlaps, toHour, toMinutes } from "./time";

/** Pixels per minute: half an hour is 48 px, a finger's target. */
const PX = 1.6;
/** Blocked time: red stripes, told apart from a break's grey ones without colour alone. */
export const HATCH: CSSProperties = { backgroundImage: "repeating-linear-gradient(135deg, rgba(248,113,113,.35) 0 6px, transparent 6px 12px)" };
const BREAK: CSSProperties = { backgroundImage: "repeating-linear-gradient(135deg, rgba(161,161,170,.25) 0 4px, transparent 4px 10px)" };

type Range = { start: number; end: number };

/** Where a dragged booking would go: its column and times (minutes of the day). */
type DragTarget = { barberId: number; start: number; end: number };
/** A move asked for by dragging: the booking's new column and start, or (a resize) its new end. */
export type GridMove = { barberId: number; start: string; end?: string };

/** Pointer travel under which a press is a click that opens the card. */
const DRAG_SLOP_PX = 4;

/** The hours the grid spans: every column's working hours and bookings, widened to whole hours. */
function spanOf(agenda: TAgenda): Range {
  let start = 24 * 60;
  let end = 0;
  for (const c of agenda.columns)
    for (const h of c.days[0]?.hours ?? []) {
      start = Math.min(start, toMinutes(h.start));
      end = Math.max(end, toMinutes(h.end));
    }
  for (const b of agenda.bookings) {
    start = Math.min(start, toMinutes(b.start_hour));
    end = Math.max(end, b.date === agenda.date && b.end_hour > b.start_hour ? toMinutes(b.end_hour) : 24 * 60);
  }
  if (start >= end) return { start: 8 * 60, end: 20 * 60 };
  return { start: Math.floor(start / 60) * 60, end: Math.min(24 * 60, Math.ceil(end / 60) * 60) };
}

export function DayGrid({
  agenda,
  shownBarberId,
  nowMinutes,
  onOpenBooking,
  onPickSlot,
  onMoveBooking,
  canChangeBarber = false,
}: {
  agenda: TAgenda;
  shownBarberId: number | null;
  /** The shop's current minute on this day; -1 before it, 1440 after it. */
  nowMinutes: number;
  onOpenBooking: (b: TAgendaBooking) => void;
  onPickSlot: (barberId: number, start: string) => void;
  /**
   * Dragging with a mouse or a pen (a finger scrolls): a booking to another time, or to another column where
   * `canChangeBarber`; its bottom edge to a new end. The card's move sheet is the keyboard's way to the same move.
   */
  onMoveBooking?: (b: TAgendaBooking, move: GridMove) => void;
  canChangeBarber?: boolean;
}) {
  const { t } = useT("agenda");
  const columnRefs = useRef(new Map<number, HTMLElement>());
  const drag = useRef<{ booking: TAgendaBooking; resize: boolean; x: number; y: number; moved: boolean; target: DragTarget } | null>(null);
  const [preview, setPreview] = useState<(DragTarget & { bookingId: number }) | null>(null);
  const span = spanOf(agenda);
  const height = (span.end - span.start) * PX;
  const top = (m: number) => (m - span.start) * PX;
  const hours = Array.from({ length: (span.end - span.start) / 60 + 1 }, (_, i) => span.start + i * 60);
  const showNow = nowMinutes >= span.start && nowMinutes <= span.end;

  const columnAt = (x: number, fallback: number) => {
    if (!canChangeBarber) return fallback;
    for (const [id, el] of columnRefs.current) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && x >= r.left && x < r.right) return id;
    }
    return fallback;
  };
  const snap = (m: number, step: number) => Math.round(m / step) * step;
  const startDrag = (e: ReactPointerEvent<HTMLElement>, b: TAgendaBooking) => {
    if (!onMoveBooking || e.pointerType === "touch" || e.button !== 0) return;
    const s = toMinutes(b.start_hour);
    const resize = (e.target as HTMLElement).dataset.resize === "true";
    drag.current = { booking: b, resize, x: e.clientX, y: e.clientY, moved: false, target: { barberId: b.barber_id, start: s, end: toMinutes(b.end_hour) } };
    const onMove = (ev: PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      if (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < DRAG_SLOP_PX) return;
      d.moved = true;
      const minutes = (ev.clientY - d.y) / PX;
      const start = toMinutes(d.booking.start_hour);
      const end = toMinutes(d.booking.end_hour);
      let target: DragTarget;
      if (d.resize) {
        target = {
          barberId: d.booking.barber_id,
          start,
          end: Math.max(start + AGENDA_MOVE_MIN_MINUTES, Math.min(24 * 60 - AGENDA_END_GRID_MINUTES, snap(end + minutes, AGENDA_END_GRID_MINUTES))),
        };
      } else {
        const moved = Math.max(0, Math.min(24 * 60 - (end - start), snap(start + minutes, agenda.step_minutes)));
        target = { barberId: columnAt(ev.clientX, d.booking.barber_id), start: moved, end: moved + (end - start) };
      }
      d.target = target;
      setPreview({ ...target, bookingId: d.booking.id });
    };
    const onUp = () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
      const d = drag.current;
      setPreview(null);
      if (!d?.moved) {
        drag.current = null;
        return;
      }
      // The click that follows a drag must not open the card.
      setTimeout(() => (drag.current = null));
      const { target, booking } = d;
      if (d.resize) {
        if (target.end !== toMinutes(booking.end_hour))
          onMoveBooking(booking, { barberId: booking.barber_id, start: booking.start_hour, end: toHour(target.end) });
      } else if (target.start !== toMinutes(booking.start_hour) || target.barberId !== booking.barber_id) {
        onMoveBooking(booking, { barberId: target.barberId, start: toHour(target.start) });
      }
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onUp);
  };

  return (
    <div className="mt-4 flex gap-2 overflow-x-auto pb-2">
      <div aria-hidden="true" className="relative w-12 shrink-0 pt-10 text-right text-xs text-muted" style={{ height: height + 40 }}>
        {hours.map((m) => (
          <span key={m} className="absolute right-1 -translate-y-1/2" style={{ top: top(m) + 40 }}>
            {toHour(m % (24 * 60))}
          </span>
        ))}
      </div>
      {agenda.columns.map((column) => {
        const day = column.days[0];
        const working: Range[] = (day?.hours ?? []).map((h) => ({ start: toMinutes(h.start), end: toMinutes(h.end) }));
        const breaks: Range[] = (day?.breaks ?? []).map((h) => ({ start: toMinutes(h.start), end: toMinutes(h.end) }));
        const bookings = agenda.bookings.filter((b) => b.barber_id === column.barber.id && b.status !== "cancelled");
        const cancelled = agenda.bookings.filter((b) => b.barber_id === column.barber.id && b.status === "cancelled");
        const blocks = agenda.blocks
          .filter((b) => b.barber_id === column.barber.id)
          .map((b) => ({
            ...b,
            start: b.date < agenda.date ? 0 : toMinutes(b.start_hour),
            end: b.end_hour <= b.start_hour || b.date !== agenda.date ? 24 * 60 : toMinutes(b.end_hour),
          }));
        const busy: Range[] = [
          ...bookings.map((b) => ({ start: toMinutes(b.start_hour), end: b.end_hour > b.start_hour ? toMinutes(b.end_hour) : 24 * 60 })),
          ...blocks,
          ...breaks,
        ];
        const free: number[] = [];
        for (const w of working)
          for (let m = w.start; m + agenda.step_minutes <= w.end; m += agenda.step_minutes) {
            const r = { start: m, end: m + agenda.step_minutes };
            if (m >= nowMinutes && !busy.some((b) => overlaps(b, r))) free.push(m);
          }
        type Item = { at: number; key: string; node: React.ReactNode };
        const items: Item[] = [
          ...bookings.map((b) => {
            const s = toMinutes(b.start_hour);
            const e = b.end_hour > b.start_hour ? toMinutes(b.end_hour) : 24 * 60;
            return {
              at: s,
              key: `b${b.id}`,
              node: (
                <button
                  type="button"
                  onClick={() => {
                    if (!drag.current?.moved) onOpenBooking(b);
                  }}
                  onPointerDown={(ev) => startDrag(ev, b)}
                  className={`absolute inset-x-1 overflow-hidden rounded-lg border border-primary bg-primary/20 px-2 py-1 text-left text-xs hover:bg-primary/30 ${onMoveBooking ? "md:cursor-grab md:select-none" : ""} ${preview?.bookingId === b.id ? "opacity-40" : ""}`}
                  style={{ top: top(s), height: Math.max(24, (e - s) * PX - 2) }}
                  aria-label={t("bookingLabel", {
                    start: b.start_hour,
                    end: b.end_hour,
                    client: b.client.name,
                    services: b.services.map((x) => x.name).join(", "),
                  })}
                >
                  <span className="block font-semibold text-ink">
                    {b.start_hour} · {b.client.name}
                    {b.mark === "arrived" ? ` · ${t("marks.arrived")}` : b.mark === "no_show" ? ` · ${t("marks.no_show")}` : ""}
                  </span>
                  <span className="block truncate text-ink/90">{b.services.map((x) => x.name).join(", ")}</span>
                  {onMoveBooking && (
                    <span aria-hidden="true" data-resize="true" className="absolute inset-x-0 bottom-0 hidden h-2 cursor-ns-resize bg-primary/40 md:block" />
                  )}
                </button>
              ),
            };
          }),
          ...blocks.map((b) => ({
            at: b.start,
            key: `k${b.id}`,
            node: (
              <div
                className="absolute inset-x-1 rounded-lg border border-danger/60 px-2 py-1 text-xs"
                style={{
                  ...HATCH,
                  top: top(Math.max(b.start, span.start)),
                  height: Math.max(20, (Math.min(b.end, span.end) - Math.max(b.start, span.start)) * PX - 2),
                }}
              >
                <span className="font-semibold">{t("blockedLabel", { start: toHour(b.start), end: toHour(Math.min(b.end, 24 * 60 - 1)) })}</span>
                {b.reason && <span className="block truncate text-muted">{b.reason}</span>}
              </div>
            ),
          })),
          ...breaks.map((b, i) => ({
            at: b.start,
            key: `p${i}`,
            node: (
              <div
                className="absolute inset-x-1 rounded-lg border border-line px-2 py-1 text-xs text-muted"
                style={{ ...BREAK, top: top(b.start), height: (b.end - b.start) * PX - 2 }}
              >
                {t("breakLabel", { start: toHour(b.start), end: toHour(b.end) })}
              </div>
            ),
          })),
          ...free.map((m) => ({
            at: m,
            key: `f${m}`,
            node: (
              <button
                type="button"
                onClick={() => onPickSlot(column.barber.id, toHour(m))}
                className="group absolute inset-x-1 rounded-lg text-left text-xs text-muted hover:bg-primary/10 hover:text-primary focus-visible:bg-primary/10 focus-visible:text-primary"
                style={{ top: top(m) + 1, height: agenda.step_minutes * PX - 2 }}
                aria-label={t("freeLabel", { time: toHour(m), barber: column.barber.name })}
              >
                <span className="px-2">{toHour(m)}</span>
                <span className="hidden px-1 group-hover:inline group-focus-visible:inline">+ {t("book")}</span>
              </button>
            ),
          })),
        ].sort((a, b) => a.at - b.at);
        const headingId = `agenda-col-${column.barber.id}`;
        return (
          <section
            key={column.barber.id}
            ref={(el) => {
              if (el) columnRefs.current.set(column.barber.id, el);
              else columnRefs.current.delete(column.barber.id);
            }}
            aria-labelledby={headingId}
            className={`min-w-0 flex-1 md:min-w-44 ${column.barber.id === shownBarberId ? "" : "hidden md:block"}`}
          >
            <h2 id={headingId} className="mb-2 h-8 truncate text-center font-semibold">
              {column.barber.name}
            </h2>
            <div className="relative rounded-xl border border-line bg-bg" style={{ height }}>
              {working.map((w, i) => (
                <div key={i} aria-hidden="true" className="absolute inset-x-0 bg-surface-2" style={{ top: top(w.start), height: (w.end - w.start) * PX }} />
              ))}
              {hours.slice(1, -1).map((m) => (
                <div key={m} aria-hidden="true" className="absolute inset-x-0 border-t border-line/60" style={{ top: top(m) }} />
              ))}
              {working.length === 0 && <p className="absolute inset-x-2 top-4 text-center text-sm text-muted">{t("notWorking")}</p>}
              <ol aria-label={t("columnItems", { barber: column.barber.name })} className="absolute inset-0 m-0 list-none p-0">
                {items.map((i) => (
                  <li key={i.key}>{i.node}</li>
                ))}
              </ol>
              {cancelled.length > 0 && <p className="sr-only">{t("cancelledCount", { count: cancelled.length })}</p>}
              {preview?.barberId === column.barber.id && (
                <div
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-x-1 z-20 rounded-lg border-2 border-dashed border-primary bg-primary/30 px-2 py-1 text-xs font-semibold text-ink"
                  style={{ top: top(preview.start), height: Math.max(24, (preview.end - preview.start) * PX - 2) }}
                >
                  {toHour(preview.start)}–{toHour(preview.end)}
                </div>
              )}
              {showNow && (
                <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-danger" style={{ top: top(nowMinutes) }}>
                  <span className="absolute -top-2.5 left-0 rounded bg-danger px-1 text-[10px] font-bold text-black">{toHour(nowMinutes)}</span>
                </div>
              )}
            </div>
          </section>
        );
      })}
      {showNow && <p className="sr-only">{t("nowLabel", { time: toHour(nowMinutes) })}</p>}
    </div>
  );
}
