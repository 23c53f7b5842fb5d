"use client";
import { useState } from "react";
import { Link } from "@/components/ui/link";
import { errorMessage } from "@/lib/api/errors";
import { useMyWaitlist } from "@/lib/api/data";
import { joinWaitlist, leaveWaitlist } from "@/lib/api/waitlist";
import type { TJoinWaitlist } from "@/lib/contract/waitlist";
import { useT } from "@/lib/i18n/words";
import { formatLongDate } from "./format";

/** What the date strip needs to offer "tell me if a time frees up" on a full day (the booking flow's, not a move's). */
export type WaitlistPart = { wish: TJoinWaitlist | null; signedIn: boolean; returnTo: string };

/**
 * A full day (bookings took every time): a signed-in client asks to be told when a time frees up, and can
 * take it back; a guest is offered to sign in and come back to the same choice.
 */
export function WaitlistOffer({ waitlist, lng }: { waitlist: WaitlistPart; lng: string }) {
  const { t } = useT("booking");
  const [acted, setActed] = useState<{ kind: "idle" | "busy" | "undone" } | { kind: "asked"; id: number } | { kind: "error"; message: string }>({ kind: "idle" });
  const { wish, signedIn } = waitlist;
  // Asked before (on another visit): says so, with the way to take it back. If the list cannot be read, the
  // button still asks (asking again replaces the wish).
  const { data, mutate } = useMyWaitlist(signedIn && wish !== null);
  const earlier = wish && data?.items.find((e) => e.barbershop.id === wish.barbershop_id && e.date === wish.date && e.notified_at === null);
  const state = acted.kind === "idle" && earlier ? { kind: "asked" as const, id: earlier.id } : acted;
  if (!wish) return null;

  async function ask() {
    setActed({ kind: "busy" });
    try {
      setActed({ kind: "asked", id: (await joinWaitlist(wish!)).id });
      void mutate(); // the list read on a later visit, and under My appointments, has it
    } catch (err) {
      setActed({ kind: "error", message: errorMessage(err) });
    }
  }
  async function undo(id: number) {
    setActed({ kind: "busy" });
    try {
      await leaveWaitlist(id);
      setActed({ kind: "undone" });
      void mutate();
    } catch (err) {
      setActed({ kind: "error", message: errorMessage(err) });
    }
  }

  return (
    <div className="grid gap-3 rounded-xl border border-line p-4">
      <p role="status" className="font-medium first-letter:uppercase">
        {t("flow.waitlist.fullDay", { day: formatLongDate(lng, wish.date, { weekday: "long", day: "numeric", month: "long" }) })}
      </p>
      {!signedIn ? (
        <Link className="btn-ghost justify-self-start" href={`/entrar?next=${encodeURIComponent(waitlist.returnTo)}`}>
          {t("flow.waitlist.signIn")}
        </Link>
      ) : state.kind === "asked" ? (
        <div className="grid gap-2">
          <p role="status" className="text-ink">
            ✓ {t("flow.waitlist.asked")}
          </p>
          <button type="button" className="btn-ghost justify-self-start" onClick={() => undo(state.id)}>
            {t("flow.waitlist.undo")}
          </button>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted">{t("flow.waitlist.askHint")}</p>
          <button type="button" className="btn-primary justify-self-start" disabled={state.kind === "busy"} aria-busy={state.kind === "busy"} onClick={ask}>
            {state.kind === "busy" ? t("flow.waitlist.asking") : t("flow.waitlist.ask")}
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
