"use client";
import { useState } from "react";
import { Link } from "@/components/ui/link";
import { errorMessage } from "@/lib/api/errors";
import { useMyWaitlist } from "@/lib/api/data";
import { joinWaitlist, leaveWaitlist } from "@/lib/api/waitlist";
import { PERIODS, type TPeriod } from "@/lib/contract/search-constants";
import type { TJoinWaitlist } from "@/lib/contract/waitlist";
import { useT } from "@/lib/i18n/words";
import { formatLongDate } from "./format";

/** What the date strip needs to offer "tell me if a time frees up" on a full day (the booking flow's, not a move's). */
export type WaitlistPart = { wish: TJoinWaitlist | null; signedIn: boolean; returnTo: string };

/**
 * A full day (bookings took every time), or a full period of a day with times in others: a signed-in client
 * asks to be told when a time frees up (then), and can take it back; a guest is offered to sign in and come
 * back to the same choice. One wish per shop and day: asking for a second period adds it to the first.
 */
export function WaitlistOffer({ waitlist, period, lng }: { waitlist: WaitlistPart; period?: TPeriod; lng: string }) {
  const { t } = useT("booking");
  const [acted, setActed] = useState<{ kind: "idle" | "busy" | "undone" } | { kind: "asked"; id: number } | { kind: "error"; message: string }>({ kind: "idle" });
  const { wish, signedIn } = waitlist;
  // Asked before (on another visit): says so, with the way to take it back. If the list cannot be read, the
  // button still asks (asking again replaces the wish).
  const { data, mutate } = useMyWaitlist(signedIn && wish !== null);
  const sameDay = wish && data?.items.find((e) => e.barbershop.id === wish.barbershop_id && e.date === wish.date && e.notified_at === null);
  // A whole-day wish covers every period; a day's wish covers only a whole day.
  const earlier = sameDay && (sameDay.periods.length === 0 || (period !== undefined && sameDay.periods.includes(period))) ? sameDay : undefined;
  const state = acted.kind === "idle" && earlier ? { kind: "asked" as const, id: earlier.id } : acted;
  if (!wish) return null;
  const when = period && t(`flow.waitlist.when.${period}`);
  // The periods already asked for that day, besides this one.
  const others = period && sameDay ? sameDay.periods.filter((p) => p !== period) : [];

  async function ask() {
    setActed({ kind: "busy" });
    try {
      const periods = PERIODS.filter((p) => p === period || others.includes(p));
      setActed({ kind: "asked", id: (await joinWaitlist(period ? { ...wish!, periods } : wish!)).id });
      void mutate(); // the list read on a later visit, and under My appointments, has it
    } catch (err) {
      setActed({ kind: "error", message: errorMessage(err) });
    }
  }
  async function undo(id: number) {
    setActed({ kind: "busy" });
    try {
      // Another period asked for that day keeps waiting.
      if (others.length > 0) await joinWaitlist({ ...wish!, periods: others });
      else await leaveWaitlist(id);
      setActed({ kind: "undone" });
      void mutate();
    } catch (err) {
      setActed({ kind: "error", message: errorMessage(err) });
    }
  }

  return (
    <div className="grid gap-3 rounded-xl border border-line p-4">
      <p role="status" className="font-medium first-letter:uppercase">
        {when
          ? t("flow.waitlist.fullPeriod", { when })
          : t("flow.waitlist.fullDay", { day: formatLongDate(lng, wish.date, { weekday: "long", day: "numeric", month: "long" }) })}
      </p>
      {!signedIn ? (
        // A sentence, so a link that wraps as text (as a pill it was four lines in a rounded box at 320 px).
        <Link className="inline-flex min-h-11 items-center justify-self-start font-semibold text-primary underline underline-offset-4" href={`/entrar?next=${encodeURIComponent(waitlist.returnTo)}`}>
          {t("flow.waitlist.signIn")}
        </Link>
      ) : state.kind === "asked" ? (
        <div className="grid gap-2">
          <p role="status" className="text-ink">
            ✓ {when ? t("flow.waitlist.askedPeriod", { when }) : t("flow.waitlist.asked")}
          </p>
          <button type="button" className="btn-ghost justify-self-start" onClick={() => undo(state.id)}>
            {t("flow.waitlist.undo")}
          </button>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted">{t("flow.waitlist.askHint")}</p>
          <button type="button" className="btn-primary justify-self-start" disabled={state.kind === "busy"} aria-busy={state.kind === "busy"} onClick={ask}>
            {state.kind === "busy" ? t("flow.waitlist.asking") : when ? t("flow.waitlist.askPeriod", { when }) : t("flow.waitlist.ask")}
          </button>
          {state.kind === "undone" && (
            <p role="status" className="text-sm text-muted">
              {t("flow.waitlist.undone")}
            </p>
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
