"use client";
import { useT } from "@/lib/i18n/words";
import { useEffect, useRef, useState } from "react";
import { useRovingFocus } from "@/lib/hooks/use-roving-focus";
import { formatLongDate, zoneLabel } from "./format";
import { PERIODS } from "./url-state";
import { Skeleton } from "./step-card";
import type { Booking } from "./use-booking";
import { type WaitlistPart, WaitlistOffer } from "./waitlist-offer";

/**
 * Step 3: a date strip (one swipeable row; days without a free time for the choice are marked, all
 * from one call) and the free times of the chosen day grouped by period. Picking a time moves on.
 */
/** What the step reads and does: the booking flow's, or another flow's that picks a day and a time (moving an appointment). */
export type WhenFlow = Pick<
  Booking,
  "days" | "availableDays" | "date" | "chooseDate" | "times" | "timesQuery" | "offered" | "time" | "slotTaken" | "chooseTime"
> & {
  shop: { timezone: string };
  /** The booking's "tell me if a time frees up" on a full day (not offered while moving a booking). */
  waitlist?: WaitlistPart;
  /** A link's day that could not be kept, said above the strip (the booking's). */
  dateDropped?: Booking["dateDropped"];
};

/** Scrolls the strip so that a day shows whole: at its start (a day chosen by a link), or just enough (a day tapped at an edge). */
function reveal(group: HTMLElement, day: HTMLElement, where: "start" | "nearest") {
  const [g, b] = [group.getBoundingClientRect(), day.getBoundingClientRect()];
  const pad = 16;
  if (b.left >= g.left && b.right <= g.right) return;
  const by = where === "start" || b.left < g.left ? b.left - g.left - pad : b.right - g.right + pad;
  group.scrollLeft += by;
}

export default function WhenStep({ flow, lng }: { flow: WhenFlow; lng: string }) {
  const { t } = useT("booking");
  const { shop, days, availableDays, date, chooseDate } = flow;
  const availability = new Map((availableDays.data?.days ?? []).map((d) => [d.date, d.available]));
  // A full day (bookings took every time) can be chosen where the flow offers to tell when one frees up.
  const fullDays = new Set(flow.waitlist ? (availableDays.data?.days ?? []).filter((d) => d.full).map((d) => d.date) : []);
  // A day chosen by a link (a message's, a shared one) beyond the first days is scrolled into the strip's view.
  // One tab stop (the chosen day), arrows to the others.
  const { ref: strip, onKeyDown, onFocus } = useRovingFocus<HTMLDivElement>();
  const loaded = !availableDays.isLoading;
  useEffect(() => {
    const group = strip.current;
    const pressed = group?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (group && pressed) reveal(group, pressed, "start");
    // Once the strip shows its days; a day picked in it is revealed by its tap (below).
  }, [loaded, strip]);
  const dropped = flow.dateDropped;
  return (
    <>
      {dropped && (
        <p role="status" className="mt-3 rounded-lg border border-primary/60 bg-primary/10 p-3 text-sm">
          {t(`flow.dateDropped.${dropped.why}`, { date: dropped.date ? formatLongDate(lng, dropped.date, { day: "numeric", month: "long" }) : "" })}
        </p>
      )}
      <div
        ref={strip}
        role="group"
        aria-label={t("flow.dates")}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        className="-mx-4 mt-3 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-2 md:-mx-6 md:scroll-px-6 md:px-6"
      >
        {days.map((d) => {
          const known = availability.has(d);
          const open = availability.get(d) === true;
          const checked = d === date;
          const full = fullDays.has(d);
          const closed = known && !open && !full;
          if (availableDays.isLoading) return <Skeleton key={d} className="h-18 w-14 shrink-0" />;
          return (
            <button
              key={d}
              type="button"
              data-roving
              aria-pressed={checked}
              disabled={closed}
              aria-label={`${formatLongDate(lng, d)}${full ? ` (${t("flow.waitlist.full")})` : known && !open ? ` (${t("flow.noFreeTime")})` : ""}`}
              onClick={(e) => {
                chooseDate(d);
                // A day tapped half off the edge of the strip slides in whole.
                if (strip.current) reveal(strip.current, e.currentTarget, "nearest");
              }}
              className={`flex h-18 w-14 shrink-0 snap-start flex-col items-center justify-center rounded-xl border text-center text-sm ${checked ? "border-primary bg-primary font-semibold text-primary-ink" : full ? "border-dashed border-line text-muted" : "border-line"} ${closed ? "cursor-not-allowed opacity-40 line-through" : "hover:border-primary/60"}`}
            >
              <span aria-hidden="true" className="text-xs uppercase">
                {formatLongDate(lng, d, { weekday: "short" }).replace(".", "")}
              </span>
              <span aria-hidden="true" className="text-base font-semibold">
                {formatLongDate(lng, d, { day: "numeric" })}
              </span>
              <span aria-hidden="true" className="text-xs">
                {formatLongDate(lng, d, { month: "short" }).replace(".", "")}
              </span>
            </button>
          );
        })}
      </div>
      {availableDays.error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {t("errors:LOAD_SCHEDULES_ERROR")}
        </p>
      )}
      <Times flow={flow} full={date !== null && fullDays.has(date)} lng={lng} />
      {date && <p className="mt-3 text-xs text-muted">{t("flow.timezoneNote", { zone: zoneLabel(lng, shop.timezone, `${date}T12:00:00Z`) })}</p>}
    </>
  );
}

function Times({ flow, full, lng }: { flow: WhenFlow; full: boolean; lng: string }) {
  const { t } = useT("booking");
  const { times, timesQuery, offered, time, slotTaken, chooseTime } = flow;
  // No day yet: while the days load (their first free one is then chosen) the times show as loading; no free
  // day at all (nor a full one, which offers the waitlist) is said, not left to find.
  const known = flow.availableDays.data?.days ?? [];
  const noDay = known.length > 0 && !known.some((d) => d.available || d.full) ? known.length : 0;
  const withTimes = times.data ? PERIODS.filter((p) => times.data![p].length > 0) : [];
  // A period bookings filled, beside others with times, is a tab of its own where the flow offers to tell when a
  // time frees up in it (the booking's, not a move's).
  const fullPeriods = flow.waitlist && withTimes.length > 0 ? (times.data?.full_periods ?? []) : [];
  const tabs = PERIODS.filter((p) => withTimes.includes(p) || fullPeriods.includes(p));
  // One period at a time keeps the step on one phone screen: the chosen time's period, else the first with times.
  const [picked, setPicked] = useState<(typeof PERIODS)[number] | null>(null);
  const ofTime = withTimes.find((p) => time && times.data![p].includes(time));
  const period = picked && tabs.includes(picked) ? picked : (ofTime ?? withTimes[0]);
  // The periods are one tab stop; an arrow moves to the next and shows its times.
  const { ref: periodsRef, onKeyDown: onPeriodKey, onFocus: onPeriodFocus } = useRovingFocus<HTMLDivElement>({ activate: true });
  return (
    <div className="mt-3" aria-live="polite">
      {slotTaken && (
        <p role="alert" className="mb-3 rounded-lg border border-danger/60 bg-danger/10 p-3 text-sm text-ink">
          {t("flow.slotTaken")}
        </p>
      )}
      {!timesQuery && !flow.availableDays.isLoading ? (
        <p className="text-muted">{t(noDay ? "flow.noFreeDays" : "flow.chooseDay", { days: noDay })}</p>
      ) : !timesQuery || times.isLoading ? (
        <div className="grid gap-2" role="status" aria-label={t("flow.loadingTimes")}>
          <Skeleton className="h-11 w-full" />
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-11" />
            ))}
          </div>
        </div>
      ) : times.error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="text-danger">{t("errors:LOAD_SCHEDULES_ERROR")}</p>
          <button type="button" className="btn-ghost" onClick={() => times.mutate()}>
            {t("flow.retry")}
          </button>
        </div>
      ) : offered.length === 0 && full && flow.waitlist ? (
        <WaitlistOffer key={`${flow.date}:${times.data!.full_periods.join()}`} waitlist={flow.waitlist} choices={times.data!.full_periods} lng={lng} />
      ) : offered.length === 0 ? (
        <p className="text-muted" role="status">
          {t("flow.noTimes")}
        </p>
      ) : (
        <div className="grid gap-3">
          <div
            ref={periodsRef}
            role="group"
            aria-label={t("flow.periodsLabel")}
            onKeyDown={onPeriodKey}
            onFocus={onPeriodFocus}
            className="grid grid-flow-col gap-1 rounded-full border border-line p-1"
          >
            {tabs.map((p) => (
              <button
                key={p}
                type="button"
                data-roving
                aria-pressed={p === period}
                onClick={() => setPicked(p)}
                // A full period reads "(0)" and is dashed, as a full day in the strip; its name says "full".
                aria-label={withTimes.includes(p) ? undefined : `${t(`flow.periods.${p}`)} (${t("flow.waitlist.fullPeriodTab")})`}
                // Below 360 px the count goes under the name in every tab alike (it did in some: "Mañana (4)" wrapped, "Tarde (3)" not).
                className={`flex min-h-11 flex-col items-center justify-center rounded-full px-2 text-sm leading-tight font-medium min-[360px]:flex-row min-[360px]:gap-1 ${p === period ? "bg-primary/15 text-primary" : "text-muted hover:text-ink"} ${withTimes.includes(p) ? "" : "border border-dashed border-line"}`}
              >
                {t(`flow.periods.${p}`)} <span className="text-xs">({withTimes.includes(p) ? times.data![p].length : 0})</span>
              </button>
            ))}
          </div>
          {period && !withTimes.includes(period) && flow.waitlist ? (
            <WaitlistOffer key={`${flow.date}:${period}`} waitlist={flow.waitlist} period={period} lng={lng} />
          ) : (
            period && (
              <div role="group" aria-labelledby={`period-${period}`}>
                <h3 id={`period-${period}`} className="sr-only">
                  {t(`flow.periods.${period}`)}
                </h3>
                <PeriodTimes key={`${flow.date}:${period}`} hours={times.data![period]} time={time} chooseTime={chooseTime} />
              </div>
            )
          )}
        </div>
      )}
    </div>
  );
}

/** Times a phone shows of a period at first: three rows of four, the last cell "+N" when there are more. */
const FIRST_TIMES = 11;

/**
 * A period's times. On a phone a long one (an afternoon on a 15-minute grid holds 24) shows its first eleven and "+N"
 * for the rest, so the step still ends above the booking's bar; wider screens show them all. The chosen time is
 * always shown, and after "+N" the first time it revealed has the focus.
 */
export function PeriodTimes({ hours, time, chooseTime }: { hours: string[]; time: string | null; chooseTime: (h: string) => void }) {
  const { t } = useT("booking");
  const [all, setAll] = useState(() => time !== null && hours.indexOf(time) >= FIRST_TIMES);
  const [moved, setMoved] = useState(false);
  const revealed = useRef<HTMLButtonElement>(null);
  // The times are one tab stop (the chosen one, else the first); arrows move across and down the grid.
  const { ref: gridRef, onKeyDown: onGridKey, onFocus: onGridFocus } = useRovingFocus<HTMLDivElement>({ layout: "grid" });
  useEffect(() => {
    if (moved) revealed.current?.focus();
  }, [moved]);
  const cut = !all && hours.length > FIRST_TIMES + 1;
  return (
    <div ref={gridRef} onKeyDown={onGridKey} onFocus={onGridFocus} className="grid grid-cols-4 gap-2 sm:grid-cols-6">
      {hours.map((h, i) => (
        <button
          key={h}
          ref={i === FIRST_TIMES ? revealed : undefined}
          type="button"
          data-roving
          aria-pressed={time === h}
          onClick={() => chooseTime(h)}
          className={`${cut && i >= FIRST_TIMES ? "hidden sm:inline-flex" : "inline-flex"} min-h-11 items-center justify-center rounded-full border px-1 font-medium tabular-nums ${time === h ? "border-primary bg-primary text-primary-ink" : "border-line hover:border-primary/60"}`}
        >
          {h}
        </button>
      ))}
      {cut && (
        <button
          type="button"
          data-roving
          aria-label={t("flow.moreTimesLabel", { n: hours.length - FIRST_TIMES })}
          onClick={() => {
            setAll(true);
            setMoved(true);
          }}
          className="inline-flex min-h-11 items-center justify-center rounded-full border border-dashed border-line px-1 font-medium text-primary tabular-nums hover:border-primary/60 sm:hidden"
        >
          {t("flow.moreTimes", { n: hours.length - FIRST_TIMES })}
        </button>
      )}
    </div>
  );
}
