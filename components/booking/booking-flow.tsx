"use client";
import { useEffect, useState } from "react";
import { usePart } from "@/lib/hooks/use-part";
import { Link } from "@/components/ui/link";
import { useT } from "@/lib/i18n/words";
import { BookingBar, BookingSummary } from "./booking-summary";
import { ServicesStep } from "./services-step";
import { Skeleton, StepCard } from "./step-card";
import { STEPS } from "./url-state";
import type { BookingDataProps } from "./booking-data";
import { bookingData, detailsPart, laterSteps, preloadParts } from "./parts";
import { type Booking, useBooking } from "./use-booking";
import type { TBookingContext } from "@/lib/contract/booking";

/** The steps after the first: their headings, and their bodies in ./later-steps. */
const LATER_STEPS = {
  barber: { title: "flow.barberStep", body: "BarberStep" },
  when: { title: "flow.whenStep", body: "WhenStep" },
  review: { title: "flow.reviewStep", body: "ReviewStep" },
} as const;

type Props = { context: TBookingContext; lng: string };

/**
 * Booking in short steps, one on the screen at a time: services → barber (or any) → date and time →
 * review and details. The choices live in the URL (see useBooking); the summary is beside the step on
 * wide screens and a bar at the bottom on phones.
 */
export function BookingFlow({ context, lng }: Props) {
  const { t } = useT("booking");
  const flow = useBooking({ context, preload: preloadParts });
  const index = STEPS.indexOf(flow.step);
  const steps = usePart(laterSteps, flow.step !== "services");
  const Body = flow.step !== "services" && steps && steps !== "failed" ? steps[LATER_STEPS[flow.step].body] : null;
  const asking = Boolean(flow.daysQuery || flow.timesQuery);
  const data = usePart(bookingData, asking);
  const queries = { daysQuery: flow.daysQuery, timesQuery: flow.timesQuery, daysKey: flow.daysKey, timesKey: flow.timesKey, onChange: flow.onAvailability };
  return (
    <form
      id="booking-flow"
      onSubmit={flow.submit}
      noValidate
      className="grid scroll-mt-20 grid-cols-[minmax(0,1fr)] gap-4 pb-28 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-6 lg:pb-0"
    >
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
        {/* The later steps' bodies come with the first choice (use-booking.ts); their cards and headings are
            here, so the heading that takes focus when a step opens stays while a body is still on its way. */}
        {flow.step !== "services" && (
          <StepCard
            key={flow.step}
            id={`step-${flow.step}`}
            title={t(LATER_STEPS[flow.step].title)}
            busy={flow.step === "when" ? flow.availableDays.isLoading : undefined}
          >
            {steps === "failed" ? <StepUnavailable /> : Body ? <Body flow={flow} lng={lng} /> : <StepLoading />}
          </StepCard>
        )}
        <Details flow={flow} />
      </div>
      {/* The free days and times (SWR), asked for while a query is open; they render nothing. */}
      {asking && (data === "failed" ? <BookingDataUnavailable {...queries} /> : data ? <data.default {...queries} /> : null)}
      <BookingSummary flow={flow} lng={lng} />
      <BookingBar flow={flow} lng={lng} />
    </form>
  );
}

/**
 * Who books, below the review. Once shown it stays mounted, hidden on the other steps, so what was typed
 * is kept when the person goes back to change the time.
 */
function Details({ flow }: { flow: Booking }) {
  const [shown, setShown] = useState(false);
  if (flow.step === "review" && !shown) setShown(true);
  const details = usePart(detailsPart, shown);
  if (!shown) return null;
  return (
    <div hidden={flow.step !== "review"}>{details === "failed" ? <DetailsUnavailable /> : details ? <details.default flow={flow} /> : <DetailsLoading />}</div>
  );
}

function StepLoading() {
  return (
    <div className="mt-3 grid gap-2">
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
    </div>
  );
}

/** Offline when a step was first needed: every choice is in the address, so a reload keeps them. */
function StepUnavailable(): React.JSX.Element {
  const { t } = useT("booking");
  return (
    <div role="alert" className="mt-3 flex flex-wrap items-center gap-3">
      <p>{t("flow.stepUnavailable")}</p>
      <button type="button" className="btn-ghost" onClick={() => window.location.reload()}>
        {t("flow.retry")}
      </button>
    </div>
  );
}

function DetailsLoading() {
  const { t } = useT("booking");
  return (
    <StepCard id="step-details" title={t("flow.detailsStep")} busy>
      <div className="mt-3 grid gap-4">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    </StepCard>
  );
}

/** Offline when the details step was first needed: every choice is in the address, so a reload keeps them. */
function DetailsUnavailable(): React.JSX.Element {
  const { t } = useT("booking");
  return (
    <StepCard id="step-details" title={t("flow.detailsStep")}>
      <StepUnavailable />
    </StepCard>
  );
}

/** Offline when the free days and times were first needed: the step says they could not be loaded, and
 * trying again reloads the page, whose address keeps every choice. */
function BookingDataUnavailable({ daysKey, timesKey, onChange }: BookingDataProps): null {
  useEffect(() => {
    const error = new Error("LOAD_FAILED");
    const mutate = async () => window.location.reload();
    onChange({ days: { key: daysKey, error, isLoading: false, mutate }, times: { key: timesKey, error, isLoading: false, mutate } });
  }, [onChange, daysKey, timesKey]);
  return null;
}
