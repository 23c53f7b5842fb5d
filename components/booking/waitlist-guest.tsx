"use client";
import type { ReactNode } from "react";
import type { TPeriod } from "@/lib/contract/search-constants";
import type { TJoinWaitlist } from "@/lib/contract/waitlist";
import { useT } from "@/lib/i18n/words";
import { useGuestWaitlistEntry } from "./use-guest-waitlist-entry";
import { GuestWaitlistEntryForm } from "./waitlist-guest-form";
import { DoneLine, keepWhole, MARK } from "./waitlist-lines";

/**
 * A guest's "tell me if a time frees up" (docs/decisions/0036-waitlist.md): a name and a phone, told by
 * WhatsApp. A phone not proved in the last 30 days gets a WhatsApp code first (the server's 428), as a guest
 * booking does. `asking`: the periods asked for (none: the whole day); `period`: the full period's tab it is on.
 */
export function GuestWaitlistEntry({
  entry,
  period,
  asking,
  whenOf,
  choice,
  noneChosen,
  returnTo,
}: {
  entry: TJoinWaitlist;
  period?: TPeriod;
  asking: TPeriod[];
  whenOf: (periods: readonly TPeriod[]) => string | null;
  /** The full day's period toggles, shown until the entry is asked for. */
  choice: ReactNode;
  noneChosen: boolean;
  returnTo: string;
}) {
  const { t } = useT("booking");
  const guest = useGuestWaitlistEntry(entry, period);
  const { kept, busy, problem } = guest;

  if (kept && guest.covered && !guest.undone) {
    const when = whenOf(period ? [period] : kept.periods);
    return (
      <div className="grid gap-2">
        <DoneLine focusRef={guest.acted}>
          ✓ {keepWhole(when ? t("flow.waitlist.askedGuestPeriod", { phone: MARK, when }) : t("flow.waitlist.askedGuest", { phone: MARK }), kept.phone)}
        </DoneLine>
        <button type="button" className="btn-ghost justify-self-start" disabled={busy} onClick={guest.undo}>
          {t("flow.waitlist.undo")}
        </button>
        {problem && (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
      </div>
    );
  }
  return <GuestWaitlistEntryForm guest={guest} asking={asking} choice={choice} noneChosen={noneChosen} returnTo={returnTo} />;
}
