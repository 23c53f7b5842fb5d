"use client";
import { useT } from "@/lib/i18n/words";
import { Avatar } from "@/components/ui/avatar";
import { formatRating } from "@/components/shop/format";
import type { Booking } from "./use-booking";

/** Step 2: "Any barber" first, then the barbers; one who does not perform every chosen service cannot be picked. Picking moves on. */
export default function BarberStep({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { barbers, serviceIds, barberChoice, performsAll, chooseBarber } = flow;
  const able = barbers.filter((b) => performsAll(b, serviceIds));
  const row = (checked: boolean, enabled: boolean) =>
    `flex min-h-14 w-full items-center gap-3 rounded-xl border p-3 text-left transition-colors ${checked ? "border-primary bg-primary/10" : "border-line"} ${enabled ? "hover:border-primary/60" : "cursor-not-allowed opacity-50"}`;
  return (
    <>
      {able.length === 0 ? (
        <p className="mt-3 text-muted">{barbers.length === 0 ? t("flow.noBarbers") : t("flow.noBarberForAll")}</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2" aria-labelledby="step-barber">
          {able.length > 1 && (
            <li className="sm:col-span-2">
              <button type="button" className={row(barberChoice === "any", true)} aria-pressed={barberChoice === "any"} onClick={() => chooseBarber("any")}>
                <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-full bg-primary text-lg font-bold text-primary-ink">
                  ✦
                </span>
                <span className="min-w-0">
                  <span className="block font-medium">{t("flow.anyBarber")}</span>
                  <span className="block text-sm text-muted">{t("flow.anyBarberHint")}</span>
                </span>
              </button>
            </li>
          )}
          {barbers.map((b) => {
            const fits = performsAll(b, serviceIds);
            const checked = b.id === barberChoice;
            return (
              <li key={b.id}>
                <button type="button" className={row(checked, fits)} aria-pressed={checked} disabled={!fits} onClick={() => chooseBarber(b.id)}>
                  <Avatar name={b.name} url={b.avatar_url} size={44} />
                  <span className="min-w-0">
                    <span className="block font-medium">{b.name}</span>
                    <span className="block text-sm text-muted">
                      {b.rating_count > 0 ? `★ ${t("flow.ratingShort", { rating: formatRating(lng, b.rating_avg), count: b.rating_count })}` : t("flow.newBarber")}
                      {!fits && ` · ${t("flow.performsNone")}`}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
