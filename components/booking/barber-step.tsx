"use client";
import { useT } from "next-i18next/client";
import { Avatar } from "@/components/ui/avatar";
import { formatRating } from "@/components/shop/format";
import { StepCard } from "./step-card";
import type { Booking } from "./use-booking";

/** Step 1: the barber; one who does not perform every chosen service is dimmed. */
export function BarberStep({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { barbers, serviceIds, barberId, performs, chooseBarber } = flow;
  return (
    <StepCard id="step-barber" title={t("flow.barberStep")}>
      {barbers.length === 0 ? (
        <p className="mt-3 text-muted">{t("flow.noBarbers")}</p>
      ) : (
        <div role="radiogroup" aria-labelledby="step-barber" className="mt-4 grid gap-3 sm:grid-cols-2">
          {barbers.map((b) => {
            const fits = serviceIds.every((s) => performs(b, s));
            const checked = b.id === barberId;
            return (
              <label
                key={b.id}
                className={`flex min-h-16 cursor-pointer items-center gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${checked ? "border-primary bg-primary/10" : "border-line hover:border-primary/60"} ${fits ? "" : "opacity-60"}`}
              >
                <input type="radio" name="barber" className="sr-only" checked={checked} onChange={() => chooseBarber(b.id)} />
                <Avatar name={b.name} url={b.avatar_url} size={44} />
                <span className="min-w-0">
                  <span className="block font-medium">{b.name}</span>
                  <span className="block text-sm text-muted">
                    {b.rating_count > 0 ? `★ ${t("flow.ratingShort", { rating: formatRating(lng, b.rating_avg), count: b.rating_count })}` : t("flow.newBarber")}
                    {!fits && ` · ${t("flow.performsNone")}`}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}
    </StepCard>
  );
}
