"use client";
import { useT } from "next-i18next/client";
import { formatDuration, formatMoney } from "@/components/shop/format";
import { formatLongDate, sumMoney, zoneLabel } from "./format";
import type { Booking } from "./use-booking";

/** What is being booked and its total, beside the steps on wide screens, with the submit button. */
export function BookingSummary({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { shop, barber, chosenServices, chosenProducts, date, time, duration, subtotal, additional, busy } = flow;
  return (
    <aside aria-labelledby="summary-title" className="card p-4 md:p-6 lg:sticky lg:top-4">
      <h2 id="summary-title" className="text-lg font-semibold">
        {t("summary.title")}
      </h2>
      <dl className="mt-4 grid gap-3 text-sm">
        <div>
          <dt className="text-muted">{t("summary.barbershop")}</dt>
          <dd className="font-medium">{shop.name}</dd>
        </div>
        {barber && (
          <div>
            <dt className="text-muted">{t("summary.barber")}</dt>
            <dd className="font-medium">{barber.name}</dd>
          </div>
        )}
        {chosenServices.length > 0 && (
          <div>
            <dt className="text-muted">{t("summary.services")}</dt>
            <dd>
              <ul>
                {chosenServices.map((s) => (
                  <li key={s.id} className="flex justify-between gap-2">
                    <span>{s.name}</span>
                    <span>{formatMoney(lng, s.price)}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {chosenProducts.length > 0 && (
          <div>
            <dt className="text-muted">{t("summary.products")}</dt>
            <dd>
              <ul>
                {chosenProducts.map((p) => (
                  <li key={p.id} className="flex justify-between gap-2">
                    <span>
                      {p.quantity} × {p.name}
                    </span>
                    <span>{formatMoney(lng, sumMoney([p]))}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {date && (
          <div>
            <dt className="text-muted">{t("summary.when")}</dt>
            <dd className="font-medium">
              {formatLongDate(lng, date)}
              {time ? ` · ${time}` : ""}
            </dd>
            {time && <dd className="text-xs text-muted">{zoneLabel(lng, shop.timezone, new Date(`${date}T12:00:00Z`).toISOString())}</dd>}
          </div>
        )}
        {duration > 0 && (
          <div>
            <dt className="text-muted">{t("summary.duration")}</dt>
            <dd>{formatDuration(duration)}</dd>
          </div>
        )}
      </dl>
      <dl className="mt-4 grid gap-1 border-t border-line pt-4 text-sm">
        <div className="flex justify-between">
          <dt>{t("summary.subtotal")}</dt>
          <dd>{formatMoney(lng, subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{t("summary.additional")}</dt>
          <dd>{formatMoney(lng, additional)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{t("summary.discount")}</dt>
          <dd>{formatMoney(lng, 0)}</dd>
        </div>
        <div className="mt-1 flex justify-between text-base font-semibold">
          <dt>{t("summary.total")}</dt>
          <dd className="text-primary">{formatMoney(lng, subtotal + additional)}</dd>
        </div>
      </dl>
      <button type="submit" className="btn-primary mt-6 hidden w-full lg:inline-flex" disabled={busy} aria-busy={busy}>
        {busy ? t("flow.submitting") : t("flow.submit")}
      </button>
    </aside>
  );
}

/** On phones the total and the button stay in reach at the bottom of the screen. */
export function BookingBar({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { date, time, subtotal, additional, busy } = flow;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-bg/95 px-4 py-3 backdrop-blur lg:hidden">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <div className="min-w-0 text-sm">
          <p className="font-semibold whitespace-nowrap">
            {t("summary.total")} <span className="text-primary">{formatMoney(lng, subtotal + additional)}</span>
          </p>
          {date && time && (
            <p className="whitespace-nowrap text-muted">
              {formatLongDate(lng, date, { day: "2-digit", month: "2-digit" })} · {time}
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary shrink-0" disabled={busy} aria-busy={busy}>
          {busy ? t("flow.submitting") : t("flow.submit")}
        </button>
      </div>
    </div>
  );
}
