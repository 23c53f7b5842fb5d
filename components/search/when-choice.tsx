"use client";
import { useT } from "@/lib/i18n/words";
import { PERIODS, type TPeriod } from "@/lib/contract/search-constants";
import type { StripDay } from "./when";

const chip =
  "relative inline-flex min-h-11 shrink-0 whitespace-nowrap cursor-pointer items-center justify-center rounded-full border border-line text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary";

type Props = {
  id: string;
  /** The days to offer, labelled on the server (stripDays). */
  days: StripDay[];
  date: string;
  window: TPeriod | "";
  onDate: (date: string) => void;
  onWindow: (window: TPeriod | "") => void;
};

/**
 * "When" on the home page (decision 0022): a strip of days (any day, today, tomorrow, the next two weeks)
 * and the time windows, as two radio groups (arrow keys move within each, as with the categories).
 */
export function WhenChoice({ id, days, date, window, onDate, onWindow }: Props) {
  const { t } = useT("search");
  return (
    <fieldset className="mt-4 min-w-0">
      <legend className="text-sm font-semibold">{t("filters.when")}</legend>
      <div className="-mx-4 mt-2 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 md:-mx-5 md:scroll-px-5 md:px-5">
        <label className={`${chip} snap-start px-4`}>
          <input type="radio" name={`${id}-date`} value="" checked={date === ""} onChange={() => onDate("")} className="sr-only" />
          {t("filters.anyDay")}
        </label>
        {days.map(({ date: d, top, day, long }) => (
          <label key={d} className={`${chip} snap-start flex-col px-3 leading-tight`}>
            <input type="radio" name={`${id}-date`} value={d} checked={date === d} onChange={() => onDate(d)} className="sr-only" aria-label={long} />
            <span aria-hidden="true">{top}</span>
            <span aria-hidden="true" className="text-xs">
              {day}
            </span>
          </label>
        ))}
      </div>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" role="radiogroup" aria-label={t("filters.period")}>
        {(["", ...PERIODS] as const).map((w) => (
          <label key={w || "any"} className={`${chip} flex-col px-2 leading-tight sm:px-4`}>
            <input
              type="radio"
              name={`${id}-window`}
              value={w}
              checked={window === w}
              onChange={() => onWindow(w)}
              className="sr-only"
              aria-label={w ? t(`filters.periods.${w}`) : undefined}
            />
            {w ? (
              <>
                <span aria-hidden="true">{t(`filters.windows.${w}`)}</span>
                <span aria-hidden="true" className="text-xs">
                  {t(`filters.windowHours.${w}`)}
                </span>
              </>
            ) : (
              t("filters.anyHour")
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
