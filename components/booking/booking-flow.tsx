"use client";
import { Link } from "@/components/ui/link";
import { useT } from "@/lib/i18n/words";
import { BarberStep } from "./barber-step";
import { BookingBar, BookingSummary } from "./booking-summary";
import { ReviewStep } from "./review-step";
import { ServicesStep } from "./services-step";
import { STEPS } from "./url-state";
import { useBooking } from "./use-booking";
import { WhenStep } from "./when-step";
import type { TBookingContext } from "@/lib/contract/booking";

type Props = { context: TBookingContext; lng: string };

/**
 * Booking in short steps, one on the screen at a time: services → barber (or any) → date and time →
 * review and details. The choices live in the URL (see useBooking); the summary is beside the step on
 * wide screens and a bar at the bottom on phones.
 */
export function BookingFlow({ context, lng }: Props) {
  const { t } = useT("booking");
  const flow = useBooking({ context });
  const index = STEPS.indexOf(flow.step);
  return (
    <form id="booking-flow" onSubmit={flow.submit} noValidate className="grid scroll-mt-20 grid-cols-[minmax(0,1fr)] gap-4 pb-28 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-6 lg:pb-0">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <nav aria-label={t("flow.progress")} className="flex items-center justify-between gap-3 text-sm">
          {index > 0 ? (
            <button type="button" className="inline-flex min-h-11 items-center text-primary" onClick={() => flow.goToStep(STEPS[index - 1])}>
              ← {t(`flow.stepNames.${STEPS[index - 1]}`)}
            </button>
          ) : (
            <Link href={`/barbearia/${flow.shop.slug}`} className="inline-flex min-h-11 items-center text-primary">
              ← {t("flow.backToShop")}
            </Link>
          )}
          <span className="text-muted" aria-current="step">
            {t("flow.stepOf", { n: index + 1, total: STEPS.length })}
          </span>
        </nav>
        {flow.step === "services" && <ServicesStep flow={flow} lng={lng} />}
        {flow.step === "barber" && <BarberStep flow={flow} lng={lng} />}
        {flow.step === "when" && <WhenStep flow={flow} lng={lng} />}
        {flow.step === "review" && <ReviewStep flow={flow} lng={lng} />}
      </div>
      <BookingSummary flow={flow} lng={lng} />
      <BookingBar flow={flow} lng={lng} />
    </form>
  );
}
