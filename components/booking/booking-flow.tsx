"use client";
import { BarberStep } from "./barber-step";
import { BookingBar, BookingSummary } from "./booking-summary";
import { DateStep } from "./date-step";
import { DetailsStep } from "./details-step";
import { ProductsStep } from "./products-step";
import { ServicesStep } from "./services-step";
import { TimeStep } from "./time-step";
import { useBooking } from "./use-booking";
import type { TBookingContext } from "@/lib/contract/booking";

type Props = { context: TBookingContext; lng: string; initialBarberId?: number; initialServiceId?: number };

/** Booking in one page: a step per choice, the summary beside them, one submit. State lives in useBooking. */
export function BookingFlow({ context, lng, initialBarberId, initialServiceId }: Props) {
  const flow = useBooking({ context, initialBarberId, initialServiceId });
  return (
    <form onSubmit={flow.submit} noValidate className="grid gap-6 pb-24 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:pb-0">
      <div className="grid gap-6">
        <BarberStep flow={flow} lng={lng} />
        <ServicesStep flow={flow} lng={lng} />
        <ProductsStep flow={flow} lng={lng} />
        <DateStep flow={flow} lng={lng} />
        <TimeStep flow={flow} />
        <DetailsStep flow={flow} />
      </div>
      <BookingSummary flow={flow} lng={lng} />
      <BookingBar flow={flow} lng={lng} />
    </form>
  );
}
