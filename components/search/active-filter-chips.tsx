import { Link } from "@/components/ui/link";
import { getT } from "@/lib/i18n/server";
import { activeFilters } from "./active-filters";
import type { ListParams } from "./list-params";

/** The filters the list is narrowed by, as chips: each is a link to the list without it (no JavaScript needed). */
export async function ActiveFilterChips({ params }: { params: ListParams }) {
  const { t, lng } = await getT("search");
  const active = activeFilters(params, t, lng);
  if (active.length === 0) return null;
  return <FilterChips active={active} label={t("filters.active")} remove={(filter) => t("filters.remove", { filter })} />;
}

/** The chips themselves (hooks-free, for the server page and tests). */
export function FilterChips({
  active,
  label,
  remove,
}: {
  active: { key: string; label: string; href: string }[];
  label: string;
  remove: (filter: string) => string;
}) {
  return (
    <ul aria-label={label} className="mt-3 flex flex-wrap gap-2">
      {active.map((f) => (
        <li key={f.key}>
          <Link
            href={f.href}
            aria-label={remove(f.label)}
            scroll={false}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-primary/60 bg-surface-2 pr-3 pl-4 text-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
          >
            <span>{f.label}</span>
            <span aria-hidden="true" className="text-base leading-none text-primary">
              ×
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
