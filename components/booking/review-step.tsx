"use client";
import { useT } from "@/lib/i18n/words";
import { formatDuration, formatMoney } from "@/components/shop/format";
import { formatLongDate, sumMoney, zoneLabel } from "./format";
import type { Booking } from "./use-booking";

/** Step 4: what is being booked, each part with a way back to change it (who books follows: ./details-step). */
export default function ReviewStep({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { shop, barber, barberChoice, chosenServices, chosenProducts, date, time, duration, subtotal, additional, goToStep } = flow;
  const change = (step: "services" | "barber" | "when", what: string) => (
    <button
      type="button"
      className="inline-flex min-h-11 min-w-11 shrink-0 items-center text-sm text-primary underline underline-offset-2"
      onClick={() => goToStep(step)}
      aria-label={t("flow.changeWhat", { what })}
    >
      {t("flow.change")}
    </button>
  );
  return (
    <>
      <ul className="mt-2 grid gap-1 text-sm">
        <Row label={t("summary.services")} change={change("services", t("summary.services"))}>
          {chosenServices.map((s) => s.name).join(", ")}
          {chosenProducts.length > 0 && <span className="block text-muted">{chosenProducts.map((p) => `${p.quantity} × ${p.name}`).join(", ")}</span>}
        </Row>
        <Row label={t("summary.barber")} change={change("barber", t("summary.barber"))}>
          {barberChoice === "any" ? t("flow.anyBarber") : barber?.name}
        </Row>
        <Row label={t("summary.when")} change={change("when", t("summary.when"))}>
          {date && formatLongDate(lng, date)} · {time}
          <span className="block text-xs font-normal text-muted">
            {date && zoneLabel(lng, shop.timezone, `${date}T12:00:00Z`)} · {formatDuration(duration)}
          </span>
        </Row>
        {chosenProducts.length > 0 && (
          <li className="flex justify-between text-xs text-muted">
            <span>{t("summary.products")}</span>
            <span>{formatMoney(lng, sumMoney(chosenProducts))}</span>
          </li>
        )}
        <li className="mt-1 flex justify-between border-t border-line pt-2 text-base font-semibold">
          <span>{t("summary.total")}</span>
          <span className="whitespace-nowrap text-primary">{formatMoney(lng, subtotal + additional)}</span>
        </li>
      </ul>
    </>
  );
}

/** One part of the booking, with its way back to change it. */
function Row({ label, change, children }: { label: string; change: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3">
      <div className="min-w-0">
        <span className="block text-muted">{label}</span>
        <span className="block font-medium">{children}</span>
      </div>
      {change}
    </li>
  );
}
