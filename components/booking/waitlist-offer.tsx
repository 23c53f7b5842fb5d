"use client";
import { useRef, useState } from "react";
import { errorMessage } from "@/lib/api/errors";
import { useMyWaitlist } from "@/lib/api/data";
import { joinWaitlist, leaveWaitlist } from "@/lib/api/waitlist";
import { asPeriods, PERIODS, type TPeriod } from "@/lib/contract/search-constants";
import type { TJoinWaitlist } from "@/lib/contract/waitlist";
import { useT } from "@/lib/i18n/words";
import { formatLongDate, formatOr } from "./format";
import { GuestWaitlistEntry } from "./waitlist-guest";
import { DoneLine } from "./waitlist-lines";

/** What the date strip needs to offer "tell me if a time frees up" on a full day (the booking flow's, not a move's). */
export type WaitlistPart = { entry: TJoinWaitlist | null; signedIn: boolean; returnTo: string };

/**
 * A full day (bookings took every time), or a full period of a day with times in others: a signed-in client
 * asks to be told when a time frees up (then), and can take it back; a guest leaves a name and a mobile and is
 * told on WhatsApp (./waitlist-guest.tsx), or signs in and comes back to the same choice. On a full day the client may keep to the periods they can come (`choices`: the
 * periods bookings filled); all of them is the whole day. One waitlist entry per shop and day: asking for a second
 * period of a day with times adds it to the first.
 */
export function WaitlistOffer({
  waitlist,
  period,
  choices = [],
  lng,
}: {
  waitlist: WaitlistPart;
  period?: TPeriod;
  choices?: readonly TPeriod[];
  lng: string;
}) {
  const { t } = useT("booking");
  const [acted, setActed] = useState<
    { kind: "idle" | "busy" | "undone" } | { kind: "asked"; id: number; periods: TPeriod[] } | { kind: "error"; message: string }
  >({ kind: "idle" });
  // Set by an ask or undo here: the line that then replaces the button takes the focus, once (see DoneLine).
  const justActed = useRef(false);
  // The periods of a full day the client can come (all of them at first).
  const [chosen, setChosen] = useState<readonly TPeriod[]>(choices);
  const { entry, signedIn } = waitlist;
  // Asked before (on another visit): says so, with the way to take it back. If the list cannot be read, the
  // button still asks (asking again replaces the entry).
  const { data, mutate } = useMyWaitlist(signedIn && entry !== null);
  const sameDay = entry && data?.items.find((e) => e.barbershop.id === entry.barbershop_id && e.date === entry.date && e.notified_at === null);
  // On a full day, any entry for it (the whole day or some periods); on a full period, an entry that covers it.
  const earlier = sameDay && (period === undefined || sameDay.periods.length === 0 || sameDay.periods.includes(period)) ? sameDay : undefined;
  const state = acted.kind === "idle" && earlier ? { kind: "asked" as const, id: earlier.id, periods: period ? [period] : asPeriods(earlier.periods) } : acted;
  if (!entry) return null;
  /** "à noite", "de manhã ou à noite"; null for the whole day. */
  const whenOf = (periods: readonly TPeriod[]) =>
    periods.length > 0
      ? formatOr(
          lng,
          periods.map((p) => t(`flow.waitlist.when.${p}`)),
        )
      : null;
  // A full period's tab asks for it; a full day for the periods chosen, none of them meaning the whole day.
  const wholeDay = choices.length < 2 || PERIODS.every((p) => !choices.includes(p) || chosen.includes(p));
  const asking: TPeriod[] = period ? [period] : wholeDay ? [] : asPeriods(chosen);
  const when = whenOf(asking);
  // The periods already asked for that day, besides this one (a day with times).
  const others = period && sameDay ? asPeriods(sameDay.periods).filter((p) => p !== period) : [];

  async function ask() {
    setActed({ kind: "busy" });
    try {
      const periods = asPeriods([...asking, ...others]);
      const { id } = await joinWaitlist(periods.length > 0 ? { ...entry!, periods } : entry!);
      justActed.current = true;
      setActed({ kind: "asked", id, periods: asking });
      void mutate(); // the list read on a later visit, and under My appointments, has it
    } catch (err) {
      setActed({ kind: "error", message: errorMessage(err) });
    }
  }
  async function undo(id: number) {
    setActed({ kind: "busy" });
    try {
      // Another period asked for that day keeps waiting.
      if (others.length > 0) await joinWaitlist({ ...entry!, periods: others });
      else await leaveWaitlist(id);
      justActed.current = true;
      setActed({ kind: "undone" });
      void mutate();
    } catch (err) {
      setActed({ kind: "error", message: errorMessage(err) });
    }
  }
  const toggle = (p: TPeriod) => setChosen((c) => (c.includes(p) ? c.filter((x) => x !== p) : [...c, p]));
  const askedWhen = state.kind === "asked" ? whenOf(state.periods) : null;
  const noneChosen = !period && choices.length > 1 && chosen.length === 0;
  // The full day's periods to keep to, for a client and a guest alike.
  const choice = !period && choices.length > 1 && (
    <div role="group" aria-labelledby="waitlist-periods" className="grid gap-2">
      <p id="waitlist-periods" className="text-sm font-medium">
        {t("flow.waitlist.choosePeriods")}
      </p>
      <div className="flex flex-wrap gap-2">
        {PERIODS.filter((p) => choices.includes(p)).map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={chosen.includes(p)}
            onClick={() => toggle(p)}
            className={`inline-flex min-h-11 items-center gap-1 rounded-full border px-4 text-sm font-medium ${chosen.includes(p) ? "border-primary bg-primary/15 text-primary" : "border-line text-muted hover:text-ink"}`}
          >
            <span aria-hidden="true">{chosen.includes(p) ? "✓" : "+"}</span>
            {t(`flow.periods.${p}`)}
          </button>
        ))}
      </div>
      {chosen.length === 0 && (
        <p role="status" className="text-sm text-muted">
          {t("flow.waitlist.choosePeriodsNone")}
        </p>
      )}
    </div>
  );

  return (
    <div className="grid gap-3 rounded-xl border border-line p-4">
      <p role="status" className="font-medium first-letter:uppercase">
        {period
          ? t("flow.waitlist.fullPeriod", { when: whenOf([period]) })
          : t("flow.waitlist.fullDay", { day: formatLongDate(lng, entry.date, { weekday: "long", day: "numeric", month: "long" }) })}
      </p>
      {!signedIn ? (
        <GuestWaitlistEntry
          entry={entry}
          period={period}
          asking={asking}
          whenOf={whenOf}
          choice={choice}
          noneChosen={noneChosen}
          returnTo={waitlist.returnTo}
        />
      ) : state.kind === "asked" ? (
        <div className="grid gap-2">
          <DoneLine focusRef={justActed}>✓ {askedWhen ? t("flow.waitlist.askedPeriod", { when: askedWhen }) : t("flow.waitlist.asked")}</DoneLine>
          <button type="button" className="btn-ghost justify-self-start" onClick={() => undo(state.id)}>
            {t("flow.waitlist.undo")}
          </button>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted">{t("flow.waitlist.askHint")}</p>
          {choice}
          <button
            type="button"
            className="btn-primary justify-self-start"
            disabled={state.kind === "busy" || noneChosen}
            aria-busy={state.kind === "busy"}
            onClick={ask}
          >
            {state.kind === "busy" ? t("flow.waitlist.asking") : when ? t("flow.waitlist.askPeriod", { when }) : t("flow.waitlist.ask")}
          </button>
          {state.kind === "undone" && (
            <DoneLine focusRef={justActed} className="text-sm text-muted">
              {t("flow.waitlist.undone")}
            </DoneLine>
          )}
          {state.kind === "error" && (
            <p role="alert" className="text-sm text-danger">
              {state.message}
            </p>
          )}
        </>
      )}
    </div>
  );
}
