import { addDays } from "@/components/booking/format";
import { formatMoney } from "@/lib/i18n/format";
import { type ListParams, listUrl } from "./list-params";
import { dayLabel, todayInBrazil, windowOf } from "./when";

type T = (key: string, vars?: Record<string, unknown>) => string;

export type ActiveFilter = { key: string; label: string; href: string };

/**
 * The filters the list is narrowed by, each with the list's URL without it: the chips above the results. The place,
 * the name and the distance are the list itself, not filters on it; the default order is none.
 */
export function activeFilters(params: ListParams, t: T, lng: string, now = new Date()): ActiveFilter[] {
  const money = (v: number) => formatMoney(lng, v);
  const out: ActiveFilter[] = [];
  if (params.date) {
    const today = todayInBrazil(now);
    const { top, long } = dayLabel(params.date, t, lng, now);
    const label = params.date === today || params.date === addDays(today, 1) ? top : long;
    out.push({ key: "date", label, href: listUrl(params, { date: undefined }) });
  }
  if (params.after || params.before) {
    const w = windowOf(params.after, params.before);
    const label = w
      ? t(`filters.periods.${w}`)
      : [params.after ? t("filters.whenAfter", { after: params.after }) : "", params.before ? t("filters.whenBefore", { before: params.before }) : ""]
          .filter(Boolean)
          .join(" · ");
    out.push({ key: "time", label, href: listUrl(params, { after: undefined, before: undefined }) });
  }
  if (params.period) out.push({ key: "period", label: t(`filters.periods.${params.period}`), href: listUrl(params, { period: undefined }) });
  if (params.category) out.push({ key: "category", label: t(`category.${params.category}`), href: listUrl(params, { category: undefined }) });
  if (params.min_price !== undefined)
    out.push({ key: "min_price", label: t("filters.priceFrom", { price: money(params.min_price) }), href: listUrl(params, { min_price: undefined }) });
  if (params.max_price !== undefined)
    out.push({ key: "max_price", label: t("filters.priceUpTo", { price: money(params.max_price) }), href: listUrl(params, { max_price: undefined }) });
  if (params.sort !== "distance") out.push({ key: "sort", label: t(`filters.sorts.${params.sort}`), href: listUrl(params, { sort: "distance" }) });
  return out;
}
