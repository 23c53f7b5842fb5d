"use client";
import { type ReactNode, useId, useState } from "react";
import { InTheWay } from "@/components/team/in-the-way";
import { errorMessage } from "@/lib/api/errors";
import { useCheckedSave } from "./save-with-check";

// Time away from the week: the shop's closures (whole days) and a barber's time off (from a moment to another) are
// one list and one form — each period with its reason and a button to take it back, then a form of start, end and
// reason whose save lists the bookings it would leave out (409) until they are kept.

export type TimeAwayItem = { id: number; label: ReactNode; removable: boolean };
export type TimeAwayWords = {
  title: string;
  hint?: string;
  none: string;
  from: string;
  to: string;
  reason: string;
  reasonExample?: string;
  add: string;
  remove: string;
  saved: string;
};

export function TimeAway({
  kind,
  words,
  items,
  canEdit,
  timezone,
  endOptional = false,
  save,
  onSaved,
  onRemove,
}: {
  /** Whole days ("date") or moments ("datetime-local"). */
  kind: "date" | "datetime-local";
  words: TimeAwayWords;
  /** Null while loading. */
  items: TimeAwayItem[] | null;
  canEdit: boolean;
  timezone?: string;
  /** Without an end, the period is its first day. */
  endOptional?: boolean;
  save: (period: { from: string; to: string; reason: string }, confirm: boolean) => Promise<unknown>;
  onSaved: () => void;
  /** Takes an item back; a rejection's text is shown. */
  onRemove: (id: number) => Promise<unknown>;
}) {
  const id = useId();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const checked = useCheckedSave(
    (confirm) => save({ from, to: to || (endOptional ? from : ""), reason }, confirm),
    () => {
      setFrom("");
      setTo("");
      setReason("");
      onSaved();
    },
  );
  return (
    <section className="card grid gap-4 p-4" aria-labelledby={`${id}-t`}>
      <h2 id={`${id}-t`} className="text-lg font-semibold">
        {words.title}
      </h2>
      {words.hint && <p className="text-sm text-muted">{words.hint}</p>}
      {items && items.length === 0 && <p className="text-sm text-muted">{words.none}</p>}
      {items && items.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-2 p-3">
              <span>{item.label}</span>
              {canEdit && item.removable && (
                <button
                  type="button"
                  className="btn-ghost"
                  onClick={() => {
                    setFailure(null);
                    void onRemove(item.id).catch((err: unknown) => setFailure(errorMessage(err)));
                  }}
                >
                  {words.remove}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form
          className="grid gap-3 sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            void checked.run();
          }}
        >
          <div>
            <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium">
              {words.from}
            </label>
            <input id={`${id}-from`} type={kind} className="input" value={from} onChange={(e) => setFrom(e.target.value)} required />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium">
              {words.to}
            </label>
            <input
              id={`${id}-to`}
              type={kind}
              className="input"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
              required={!endOptional}
            />
          </div>
          <div>
            <label htmlFor={`${id}-why`} className="mb-1 block text-sm font-medium">
              {words.reason}
            </label>
            <input
              id={`${id}-why`}
              className="input"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={120}
              placeholder={words.reasonExample}
            />
          </div>
          <button type="submit" className="btn-primary justify-self-start" disabled={checked.busy}>
            {words.add}
          </button>
        </form>
      )}
      {checked.inTheWay && (
        <InTheWay bookings={checked.inTheWay} timezone={timezone} onKeep={() => void checked.run(true)} onCancel={checked.dismiss} busy={checked.busy} />
      )}
      {checked.message && (
        <p role={checked.message.ok ? "status" : "alert"} className={checked.message.ok ? "text-success" : "text-danger"}>
          {checked.message.ok ? words.saved : checked.message.text}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-danger">
          {failure}
        </p>
      )}
    </section>
  );
}
