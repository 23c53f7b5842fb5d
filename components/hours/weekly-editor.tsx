"use client";
import { useT } from "next-i18next/client";

export type Range = { weekday: number; starts: string; ends: string };

/** Monday first, as a shop's week is read in Brazil. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** A week of time ranges, several a day: each day lists its ranges with two time fields, and adds or drops one. */
export function WeeklyEditor({
  value,
  onChange,
  legend,
  idPrefix,
  emptyLabel,
}: {
  value: Range[];
  onChange: (next: Range[]) => void;
  legend: string;
  idPrefix: string;
  emptyLabel: string;
}) {
  const { t } = useT("hours");
  const set = (index: number, patch: Partial<Range>) => onChange(value.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-base font-semibold">{legend}</legend>
      {WEEK.map((weekday) => {
        const rows = value.map((r, i) => ({ r, i })).filter((x) => x.r.weekday === weekday);
        const day = t(`weekdays.${weekday}`);
        return (
          <div key={weekday} className="rounded-lg bg-surface-2 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{day}</span>
              <button
                type="button"
                className="btn-ghost"
                onClick={() => onChange([...value, { weekday, starts: rows.length ? "14:00" : "09:00", ends: rows.length ? "19:00" : "12:00" }])}
                aria-label={`${legend}: ${t("addRangeFor", { day })}`}
              >
                {t("addRange")}
              </button>
            </div>
            {rows.length === 0 && <p className="mt-1 text-sm text-muted">{emptyLabel}</p>}
            {rows.map(({ r, i }, n) => (
              <div key={i} className="mt-2 flex flex-wrap items-end gap-2">
                <div>
                  <label htmlFor={`${idPrefix}-${i}-s`} className="block text-xs text-muted">
                    {legend}: {t("from", { day, n: n + 1 })}
                  </label>
                  <input
                    id={`${idPrefix}-${i}-s`}
                    type="time"
                    step={300}
                    className="input w-32"
                    value={r.starts}
                    onChange={(e) => set(i, { starts: e.target.value })}
                    required
                  />
                </div>
                <div>
                  <label htmlFor={`${idPrefix}-${i}-e`} className="block text-xs text-muted">
                    {legend}: {t("to", { day, n: n + 1 })}
                  </label>
                  <input
                    id={`${idPrefix}-${i}-e`}
                    type="time"
                    step={300}
                    className="input w-32"
                    value={r.ends}
                    onChange={(e) => set(i, { ends: e.target.value })}
                    required
                  />
                </div>
                <button
                  type="button"
                  className="btn-ghost"
                  onClick={() => onChange(value.filter((_, k) => k !== i))}
                  aria-label={`${legend}: ${t("removeRange", { day, n: n + 1 })}`}
                >
                  {t("remove")}
                </button>
              </div>
            ))}
          </div>
        );
      })}
    </fieldset>
  );
}
