import { Link } from "@/components/ui/link";
import type { TService } from "@/lib/contract/shops";
import { formatDuration, formatMoney } from "./format";
import type { Translate } from "@/lib/i18n/translate";

/** The shop's services with price and duration, each a link to book it. */
export function ShopServicesSection({ services, bookHref, t, lng }: { services: TService[]; bookHref: string; t: Translate; lng: string }) {
  return (
    <section aria-labelledby="services-title" className="mt-10">
      <h2 id="services-title" className="text-xl font-bold">
        {t("services.title")}
      </h2>
      {services.length === 0 ? (
        <p className="mt-3 text-muted">{t("services.none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-surface">
          {services.map((s) => (
            <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold">{s.name}</h3>
                {s.description ? <p className="mt-0.5 text-sm text-muted">{s.description}</p> : null}
                <p className="mt-1 text-sm">
                  <span className="font-semibold text-primary">{formatMoney(lng, s.price)}</span>
                  <span className="text-muted"> · {formatDuration(s.duration_minutes)}</span>
                </p>
              </div>
              <Link href={`${bookHref}?service=${s.id}`} className="btn-ghost shrink-0" aria-label={t("services.bookLabel", { name: s.name })}>
                {t("services.book")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
