"use client";
import { useT } from "next-i18next/client";
import { formatLongDate, weekdayOf } from "./format";
import { StepCard } from "./step-card";
import type { Booking } from "./use-booking";

/** Step 3: the day, over the next four weeks; days the barber (or the shop) does not work are disabled. */
export function DateStep({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { days, workingDays, date, chooseDate } = flow;
  return (
    <StepCard id="step-date" title={t("flow.dateStep")}>
      <div role="radiogroup" aria-label={t("flow.dates")} className="mt-4 grid grid-cols-4 gap-2 xs:grid-cols-4 sm:grid-cols-7">
        {days.map((d) => {
          const open = workingDays.includes(weekdayOf(d));
          const checked = d === date;
          return (
            <label
              key={d}
              className={`flex min-h-16 flex-col items-center justify-center rounded-xl border text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${checked ? "border-primary bg-primary font-semibold text-primary-ink" : "border-line"} ${open ? "cursor-pointer hover:border-primary/60" : "cursor-not-allowed opacity-40"}`}
            >
              <input
                type="radio"
                name="date"
                className="sr-only"
                value={d}
                checked={checked}
                disabled={!open}
                aria-label={`${formatLongDate(lng, d)}${open ? "" : ` (${t("flow.closed")})`}`}
                onChange={() => chooseDate(d)}
              />
              <span aria-hidden="true" className="text-xs uppercase">
                {formatLongDate(lng, d, { weekday: "short" }).replace(".", "")}
              </span>
              <span aria-hidden="true" className="text-base font-semibold">
                {formatLongDate(lng, d, { day: "numeric" })}
              </span>
              <span aria-hidden="true" className="text-xs">
                {formatLongDate(lng, d, { month: "short" }).replace(".", "")}
              </span>
            </label>
          );
        })}
      </div>
    </StepCard>
  );
}
