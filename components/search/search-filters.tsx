import { Link } from "@/components/ui/link";
import { CATEGORIES, SORTS } from "@/lib/contract/search-constants";
import { getT } from "@/lib/i18n/server";
import { formatDistance } from "@/components/shop/format";
import { FiltersForm } from "./filters-form";
import { FiltersPanel } from "./filters-panel";
import { DISTANCE_STEPS, type ListParams, listUrl } from "./list-params";

/**
 * The list's filters as a plain GET form: they live in the URL (a filtered list can be shared)
 * and work before any JavaScript has loaded (once hydrated, they apply in place: FiltersForm). The day
 * and the time of day are chosen in one place, the strip above (WhenStrip), and carried here as they are;
 * the active ones show as chips (ActiveFilterChips). On a phone they open in a bottom sheet (FiltersPanel).
 */
export async function SearchFilters({ params }: { params: ListParams }) {
  const { t, lng } = await getT("search");
  const active = [params.period, params.category, params.min_price, params.max_price, params.sort !== "distance" ? params.sort : undefined].filter(
    (v) => v !== undefined,
  ).length;
  const distances = DISTANCE_STEPS.includes(params.distance as (typeof DISTANCE_STEPS)[number])
    ? DISTANCE_STEPS
    : [...DISTANCE_STEPS, params.distance].sort((a, b) => a - b);
  const hasPoint = params.latitude !== undefined;
  const field = "flex flex-col gap-1 text-sm font-semibold";
  return (
    <FiltersPanel
      labels={{ title: t("filters.title"), open: t("filters.open"), active: t("filters.activeCount", { count: active }), close: t("filters.close") }}
      count={active}
      listKey={listUrl(params)}
    >
      <FiltersForm className="grid gap-4 border-t border-line p-4 sm:grid-cols-2 lg:grid-cols-4 [dialog_&]:border-0 [dialog_&]:p-0">
        {hasPoint ? (
          <>
            <input type="hidden" name="latitude" value={params.latitude} />
            <input type="hidden" name="longitude" value={params.longitude} />
          </>
        ) : null}
        {params.place ? <input type="hidden" name="place" value={params.place} /> : null}
        {params.name ? <input type="hidden" name="name" value={params.name} /> : null}
        {params.date ? <input type="hidden" name="date" value={params.date} /> : null}
        {params.after ? <input type="hidden" name="after" value={params.after} /> : null}
        {params.before ? <input type="hidden" name="before" value={params.before} /> : null}
        {params.period ? <input type="hidden" name="period" value={params.period} /> : null}
        {params.view ? <input type="hidden" name="view" value={params.view} /> : null}
        <label className={field}>
          {t("filters.distance")}
          <select name="distance" defaultValue={String(params.distance)} className="input font-normal">
            {distances.map((d) => (
              <option key={d} value={String(d)}>
                {t("filters.upTo", { distance: formatDistance(lng, d) })}
              </option>
            ))}
          </select>
        </label>
        <label className={field}>
          {t("filters.sort")}
          <select name="sort" defaultValue={params.sort} className="input font-normal">
            {SORTS.filter((s) => hasPoint || (s !== "distance" && s !== "earliest")).map((s) => (
              <option key={s} value={s}>
                {t(`filters.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={field}>
          {t("category.label")}
          <select name="category" defaultValue={params.category ?? ""} className="input font-normal">
            <option value="">{t("category.all")}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold">{t("filters.price")}</legend>
          <div className="mt-1 flex items-center gap-2">
            <label className="flex-1">
              <span className="sr-only">{t("filters.minPrice")}</span>
              <input
                type="number"
                name="min_price"
                min={0}
                step={5}
                inputMode="numeric"
                placeholder={t("filters.minPrice")}
                defaultValue={params.min_price}
                className="input"
              />
            </label>
            <span aria-hidden="true" className="text-muted">
              –
            </span>
            <label className="flex-1">
              <span className="sr-only">{t("filters.maxPrice")}</span>
              <input
                type="number"
                name="max_price"
                min={0}
                step={5}
                inputMode="numeric"
                placeholder={t("filters.maxPrice")}
                defaultValue={params.max_price}
                className="input"
              />
            </label>
          </div>
        </fieldset>
        {/* Side by side while both words fit on one line each, else one under the other (320 px in Spanish or
            Portuguese): a button's words never break. */}
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
          <button type="submit" className="btn-primary flex-auto whitespace-nowrap sm:flex-none">
            {t("filters.apply")}
          </button>
          <Link
            href={listUrl({
              latitude: params.latitude,
              longitude: params.longitude,
              place: params.place,
              name: params.name,
              distance: params.distance,
              sort: hasPoint ? "distance" : params.sort,
              view: params.view,
            })}
            className="btn-ghost flex-auto whitespace-nowrap sm:flex-none"
          >
            {t("filters.clear")}
          </Link>
        </div>
      </FiltersForm>
    </FiltersPanel>
  );
}
