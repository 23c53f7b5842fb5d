"use client";
import { useT } from "next-i18next/client";
import { PERIODS } from "./use-booking";
import { StepCard } from "./step-card";
import type { Booking } from "./use-booking";

/** Step 4: the free times of that barber, day and services, grouped by period. */
export function TimeStep({ flow }: { flow: Booking }) {
  const { t } = useT("booking");
  const { shop, times, timesQuery, offered, time, slotTaken, setTime } = flow;
  return (
    <StepCard id="step-time" title={t("flow.timeStep")} busy={times.isLoading}>
      {slotTaken && (
        <p role="alert" className="mt-3 rounded-lg border border-danger/60 bg-danger/10 p-3 text-sm text-ink">
          {t("flow.slotTaken")}
        </p>
      )}
      {!timesQuery ? (
        <p className="mt-3 text-muted">{t("flow.chooseFirst")}</p>
      ) : times.isLoading ? (
        <p className="mt-3 text-muted" role="status">
          {t("flow.loadingTimes")}
        </p>
      ) : times.error ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-danger">{t("errors:LOAD_SCHEDULES_ERROR")}</p>
          <button type="button" className="btn-ghost" onClick={() => times.mutate()}>
            {t("flow.retry")}
          </button>
        </div>
      ) : offered.length === 0 ? (
        <p className="mt-3 text-muted" role="status">
          {t("flow.noTimes")}
        </p>
      ) : (
        <div className="mt-4 grid gap-4">
          {PERIODS.filter((p) => times.data![p].length > 0).map((p) => (
            <fieldset key={p}>
              <legend className="mb-2 text-sm font-semibold text-muted">{t(`flow.periods.${p}`)}</legend>
              <div className="flex flex-wrap gap-2">
                {times.data![p].map((h) => (
                  <label
                    key={h}
                    className={`inline-flex min-h-11 min-w-18 cursor-pointer items-center justify-center rounded-full border px-4 font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${time === h ? "border-primary bg-primary text-primary-ink" : "border-line hover:border-primary/60"}`}
                  >
                    <input type="radio" name="time" value={h} className="sr-only" checked={time === h} onChange={() => setTime(h)} />
                    {h}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <p className="text-xs text-muted">{t("flow.timezoneNote", { zone: shop.timezone.replace(/_/g, " ") })}</p>
        </div>
      )}
    </StepCard>
  );
}
