import { Link } from "@/components/ui/link";
import type { TService } from "@/lib/contract/shops";
import { formatDuration, formatMoney } from "./format";
import { groupByCategory } from "./service-groups";
import type { Translate } from "@/lib/i18n/translate";
import { textLang } from "@/lib/i18n/text-lang";

type Props = {
  services: TService[];
  bookHref: string;
  t: Translate;
  lng: string;
  /** A category's name ("hair" → "Cabelo"). */ categoryLabels?: Record<string, string>;
};

/**
 * The shop's services with price and duration, each a link to book it; a shop with more than one category shows
 * each under its name (groupByCategory), so a list of fifteen can be scanned.
 */
export function ShopServicesSection({ services, bookHref, t, lng, categoryLabels = {} }: Props) {
  const groups = groupByCategory(services);
  const grouped = groups.length > 1;
  const list = (items: TService[], nameLevel: "h3" | "h4") => (
    <ul className="mt-3 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-surface">
      {items.map((s) => {
        const Name = nameLevel;
        return (
          <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <Name className="font-semibold">{s.name}</Name>
              {s.description ? (
                <p className="mt-0.5 text-sm text-muted" lang={textLang(s.description) ?? undefined}>
                  {s.description}
                </p>
              ) : null}
              <p className="mt-1 text-sm">
                <span className="font-semibold text-primary">{formatMoney(lng, s.price)}</span>
                <span className="text-muted"> · {formatDuration(s.duration_minutes)}</span>
              </p>
            </div>
            <Link href={`${bookHref}?service=${s.id}`} className="btn-ghost shrink-0" aria-label={t("services.bookLabel", { name: s.name })}>
              {t("services.book")}
            </Link>
          </li>
        );
      })}
    </ul>
  );
  return (
    <section aria-labelledby="services-title" className="mt-10">
      <h2 id="services-title" className="text-xl font-bold">
        {t("services.title")}
      </h2>
      {services.length === 0 ? (
        <p className="mt-3 text-muted">{t("services.none")}</p>
      ) : grouped ? (
        groups.map((g, i) => (
          <div key={`${g.category}-${i}`} className="mt-5">
            <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{categoryLabels[g.category] ?? t("services.otherCategory")}</h3>
            {list(g.services, "h4")}
          </div>
        ))
      ) : (
        list(services, "h3")
      )}
    </section>
  );
}
