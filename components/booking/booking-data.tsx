"use client";
// The booking's free days and times, asked with SWR. Loaded (with SWR) once a barber and a service are
// chosen, not with the booking page (decision 0033): it renders nothing and hands each answer to the flow
// (use-booking.ts), tagged with the query it answers, so the flow never shows one day's times for another.
import { useEffect } from "react";
import { useAvailableDays, useAvailableTimes } from "@/lib/api/data";
import type { Availability, AvailabilityQueries } from "./use-booking";

export type BookingDataProps = AvailabilityQueries & { onChange: (availability: Availability) => void };

export default function BookingData({ daysQuery, timesQuery, daysKey, timesKey, onChange }: BookingDataProps) {
  const days = useAvailableDays(daysQuery);
  const times = useAvailableTimes(timesQuery);
  const { data: daysData, error: daysError, isLoading: daysLoading, mutate: mutateDays } = days;
  const { data: timesData, error: timesError, isLoading: timesLoading, mutate: mutateTimes } = times;
  useEffect(() => {
    onChange({
      days: { key: daysKey, data: daysData, error: daysError, isLoading: daysLoading, mutate: mutateDays },
      times: { key: timesKey, data: timesData, error: timesError, isLoading: timesLoading, mutate: mutateTimes },
    });
  }, [onChange, daysKey, daysData, daysError, daysLoading, mutateDays, timesKey, timesData, timesError, timesLoading, mutateTimes]);
  return null;
}
