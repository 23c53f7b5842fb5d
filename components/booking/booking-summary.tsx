"use client";
import { useT } from "@/lib/i18n/words";
import { useEffect, useRef } from "react";
import { formatDuration, formatMoney } from "@/components/shop/format";
import { formatLongDate, sumMoney, zoneLabel } from "./format";
import type { Booking } from "./use-booking";

/** The step's main action: Continue, or Confirm on the review step. */
function MainAction({ flow, className }: { flow: Booking; className: string }) {
  const { t } = useT("booking");
  if (flow.step === "review") {
    // Until the details step (who books) has loaded, there is nothing to send.
    return (
      <button type="submit" className={className} disabled={flow.busy || !flow.detailsReady} aria-busy={flow.busy}>
        {flow.busy ? t("flow.submitting") : t("flow.submit")}
      </button>
    );
  }
  return (
    <button type="button" className={className} aria-disabled={!flow.canContinue} onClick={flow.continueFlow}>
      {t("flow.continue")}
    </button>
  );
}

/** What is being booked and its total, beside the steps on wide screens. */
export function BookingSummary({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { shop, barber, barberChoice, chosenServices, chosenProducts, date, time, duration, subtotal, additional } = flow;
  return (
    <aside aria-labelledby="summary-title" className="card hidden p-4 md:p-6 lg:sticky lg:top-4 lg:block">
      <h2 id="summary-title" className="text-lg font-semibold">
        {t("summary.title")}
      </h2>
      <dl className="mt-4 grid gap-3 text-sm">
        <div>
          <dt className="text-muted">{t("summary.barbershop")}</dt>
          <dd className="font-medium">{shop.name}</dd>
        </div>
        {barberChoice !== null && (
          <div>
            <dt className="text-muted">{t("summary.barber")}</dt>
            <dd className="font-medium">{barberChoice === "any" ? t("flow.anyBarber") : barber?.name}</dd>
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
                    <span className="whitespace-nowrap">{formatMoney(lng, s.price)}</span>
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
                    <span className="whitespace-nowrap">{formatMoney(lng, sumMoney([p]))}</span>
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
            {time && <dd className="text-xs text-muted">{zoneLabel(lng, shop.timezone, `${date}T12:00:00Z`)}</dd>}
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
        <div className="flex justify-between text-base font-semibold">
          <dt>{t("summary.total")}</dt>
          <dd className="whitespace-nowrap text-primary">{formatMoney(lng, subtotal + additional)}</dd>
        </div>
      </dl>
      <MainAction flow={flow} className="btn-primary mt-6 w-full" />
    </aside>
  );
}

/**
 * On phones the total, the duration and the step's action stay at the bottom of the screen. The page
 * keeps room for it below its last content and scrolls a focused control above it (globals.css:
 * scroll-padding-bottom while this bar is shown), so it never covers either (WCAG 2.4.11).
 */
export function BookingBar({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { duration, subtotal, additional } = flow;
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A control that takes focus under the bar (e.g. by Tab, or a field the keyboard opened) is scrolled above it.
    function clear(event: FocusEvent) {
      const el = event.target as HTMLElement | null;
      const top = bar.current?.getBoundingClientRect().top;
      if (!el || top === undefined || bar.current?.contains(el) || getComputedStyle(bar.current!).display === "none") return;
      const bottom = el.getBoundingClientRect().bottom;
      // (scrollIntoView honours the page's scroll-padding-bottom, which leaves room for the bar.)
      if (bottom > top - 8) el.scrollIntoView?.({ block: "nearest" });
    }
    document.addEventListener("focusin", clear);
    // Its height as it is (one line, or two on a narrow phone), which the page keeps free below its content.
    const root = document.documentElement;
    const measure = () => root.style.setProperty("--booking-bar-h", `${Math.ceil(bar.current?.getBoundingClientRect().height ?? 0)}px`);
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
    if (bar.current) observer?.observe(bar.current);
    measure();
    return () => {
      document.removeEventListener("focusin", clear);
      observer?.disconnect();
      root.style.removeProperty("--booking-bar-h");
    };
  }, []);
  return (
    <div ref={bar} id="booking-bar" className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-bg px-4 py-3 lg:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="text-sm">
          <span className="text-muted">{t("summary.total")} </span>
          <span className="text-base font-semibold whitespace-nowrap text-primary">{formatMoney(lng, subtotal + additional)}</span>
          {duration > 0 && <span className="block text-xs text-muted">{formatDuration(duration)}</span>}
        </p>
        <MainAction flow={flow} className="btn-primary ml-auto shrink-0" />
      </div>
    </div>
  );
}
