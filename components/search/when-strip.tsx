import { Link } from "@/components/ui/link";
import { PERIODS } from "@/lib/contract/search-constants";
import { getT } from "@/lib/i18n/server";
import { type ListParams, listUrl } from "./list-params";
import { stripDays, windowOf, windowRange } from "./when";

const chip =
  "inline-flex min-h-11 shrink-0 whitespace-nowrap items-center justify-center rounded-full border text-sm focus-visible:outline-2 focus-visible:outline-primary";
const on = "border-primary bg-primary text-primary-ink";
const off = "border-line hover:border-primary";

/**
 * "When" above the list (decision 0022): a strip of days (any day, today, tomorrow and the next two weeks)
 * and the time windows, as links: they work before any JavaScript and a chosen list can be shared.
 */
export async function WhenStrip({ params }: { params: ListParams }) {
  const { t, lng } = await getT("search");
  const window = windowOf(params.after, params.before);
  const anyTime = !params.after && !params.before;
  return (
    <nav aria-labelledby="when-title" className="mt-4">
      <h2 id="when-title" className="text-sm font-semibold">
        {t("filters.when")}
      </h2>
      <ul className="-mx-4 mt-2 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:scroll-px-0 sm:px-0">
        <li className="snap-start">
          <Link
            href={listUrl(params, { date: undefined })}
            className={`${chip} px-4 ${params.date ? off : on}`}
            aria-current={params.date ? undefined : "true"}
          >
            {t("filters.anyDay")}
          </Link>
        </li>
        {stripDays(t, lng).map(({ date: d, top, day, long }) => {
          const current = params.date === d;
          return (
            <li key={d} className="snap-start">
              <Link
                href={listUrl(params, { date: d })}
                className={`${chip} flex-col gap-0 px-3 leading-tight ${current ? on : off}`}
                aria-current={current ? "true" : undefined}
                aria-label={long}
              >
                <span>{top}</span>
                <span className="text-xs">{day}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <li>
          <Link
            href={listUrl(params, { after: undefined, before: undefined })}
            className={`${chip} w-full px-2 sm:w-auto sm:px-4 ${anyTime ? on : off}`}
            aria-current={anyTime ? "true" : undefined}
          >
            {t("filters.anyHour")}
          </Link>
        </li>
        {PERIODS.map((w) => {
          const current = window === w;
          const range = windowRange(w);
          return (
            <li key={w}>
              <Link
                href={listUrl(params, { after: range.after, before: range.before })}
                className={`${chip} w-full flex-col px-2 leading-tight sm:w-auto sm:px-4 ${current ? on : off}`}
                aria-current={current ? "true" : undefined}
                aria-label={t(`filters.periods.${w}`)}
              >
                <span>{t(`filters.windows.${w}`)}</span>
                <span className="text-xs">{t(`filters.windowHours.${w}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
