"use client";
import { useT } from "@/lib/i18n/words";
import { formatDuration, formatMoney } from "@/components/shop/format";
import { categoryKey, groupByCategory } from "@/components/shop/service-groups";
import { ProductsStep } from "./products-step";
import { StepCard } from "./step-card";
import type { Booking } from "./use-booking";

/** Step 1: the services (several), and products as add-ons; a barber chosen first dims what he does not do. */
export function ServicesStep({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { services, barber, serviceIds, toggleService } = flow;
  // More than one category shows each under its name (the search filter's words), as the shop page does.
  const groups = groupByCategory(services);
  const grouped = groups.length > 1;
  const categoryName = (category: string) => {
    const key = categoryKey(category);
    return key ? t(`search:${key}`) : t("flow.otherCategory");
  };
  return (
    <StepCard id="step-services" title={t("flow.serviceStep")}>
      {services.length === 0 ? (
        <p className="mt-3 text-muted">{t("flow.noServices")}</p>
      ) : (
        groups.map((g, i) => (
          <div key={`${g.category}-${i}`}>
            {grouped && (
              <h3 id={`services-group-${i}`} className="mt-4 text-xs font-semibold tracking-wide text-muted uppercase">
                {categoryName(g.category)}
              </h3>
            )}
            <ul className={`${grouped ? "mt-2" : "mt-3"} grid gap-2`} aria-labelledby={grouped ? `services-group-${i}` : "step-services"}>
              {g.services.map((s) => {
                const disabled = barber !== null && !barber.service_ids.includes(s.id);
                const checked = serviceIds.includes(s.id);
                return (
                  <li key={s.id}>
                    <label
                      className={`flex min-h-12 items-center gap-3 rounded-xl border px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${checked ? "border-primary bg-primary/10" : "border-line"} ${disabled ? "cursor-not-allowed opacity-50" : "cursor-pointer hover:border-primary/60"}`}
                    >
                      <input
                        type="checkbox"
                        className="size-5 shrink-0 accent-[var(--color-primary)]"
                        checked={checked}
                        disabled={disabled}
                        onChange={() => toggleService(s.id)}
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium">{s.name}</span>
                        <span className="block text-sm text-muted">
                          {formatDuration(s.duration_minutes)}
                          {disabled && barber ? ` · ${t("flow.doesNotPerform", { barber: barber.name })}` : ""}
                        </span>
                      </span>
                      <span className="shrink-0 font-semibold whitespace-nowrap text-primary">{formatMoney(lng, s.price)}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
        ))
      )}
      <ProductsStep flow={flow} lng={lng} />
    </StepCard>
  );
}
