"use client";
// Booking, free times, the client's appointments and their reviews.
import type { z } from "zod";
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import type { TAppointmentStatus } from "@/lib/contract/appointments";
import type {
  ZAppointmentAnswer,
  ZAppointmentList,
  ZAppointmentScope,
  ZAvailableDays,
  ZAvailableDaysQuery,
  ZAvailableTimes,
  ZAvailableTimesQuery,
  ZCreateAppointment,
  ZCreateGuestAppointment,
  ZCreateReview,
  ZGuestAppointmentAnswer,
  ZReviewAnswer,
} from "@/lib/contract/booking";
import { fetcher } from "./fetcher";
import { http } from "./http";

type AppointmentAnswer = z.output<typeof ZAppointmentAnswer>;
export type TAppointmentPage = z.output<typeof ZAppointmentList>;
/** A fresh key per attempt: a network retry of that attempt cannot book twice. */
type Idempotency = { "Idempotency-Key": string };

export const createAppointment = async (body: z.input<typeof ZCreateAppointment>, headers: Idempotency) =>
  (await http()).post<AppointmentAnswer>("/appointments/new-appointment", body, { headers });

export const createGuestAppointment = async (body: z.input<typeof ZCreateGuestAppointment>, headers: Idempotency) =>
  (await http()).post<z.output<typeof ZGuestAppointmentAnswer>>("/appointments/appointment-without-login", body, { headers });

/** A barber's (or, without barber_id, any barber's) free times for some services on a day; nothing is asked while a choice is missing. */
export function useAvailableTimes(query: z.input<typeof ZAvailableTimesQuery> | null) {
  const key = query
    ? `/appointment/available-times?${new URLSearchParams({
        type: "client",
        barbershop_id: String(query.barbershop_id),
        ...(query.barber_id ? { barber_id: String(query.barber_id) } : {}),
        services: String(query.services),
        date: String(query.date),
      })}`
    : null;
  return useSWR<z.output<typeof ZAvailableTimes>>(key, fetcher);
}

/** For the date strip: which days of a range have a free time, from one call. */
export function useAvailableDays(query: z.input<typeof ZAvailableDaysQuery> | null) {
  const key = query
    ? `/appointment/available-days?${new URLSearchParams({
        barbershop_id: String(query.barbershop_id),
        ...(query.barber_id ? { barber_id: String(query.barber_id) } : {}),
        services: String(query.services),
        from: String(query.from),
        days: String(query.days ?? 14),
      })}`
    : null;
  return useSWR<z.output<typeof ZAvailableDays>>(key, fetcher);
}

/** `manageToken`: a guest's link; `token` is part of the key so signing in asks again. */
export function useAppointment(id: number, access: { manageToken?: string; token: string | null } | null) {
  const key = access && (access.token || access.manageToken) ? [`/client/appointments/${id}`, access.manageToken ?? "", access.token ?? ""] : null;
  return useSWR(key, ([url, manageToken]) => fetcher<AppointmentAnswer>(url, { params: manageParams(manageToken) }));
}

/** The client's appointments, page by page, until the last one. */
export function useMyAppointments(scope: z.input<typeof ZAppointmentScope>, limit: number, enabled: boolean) {
  return useSWRInfinite<TAppointmentPage>((index: number, previous: TAppointmentPage | null) => {
    if (!enabled) return null;
    if (previous && previous.skip + previous.items.length >= previous.total) return null;
    return `/client/appointments?scope=${scope}&skip=${index * limit}&limit=${limit}`;
  }, fetcher);
}

export const updateAppointmentStatus = async (id: number, status: Extract<TAppointmentStatus, "confirmed" | "cancelled">, manageToken?: string) =>
  (await http()).put<AppointmentAnswer>(`/appointment/update-status/${id}/${status}`, null, { params: manageParams(manageToken) });

/** The appointment as an iCalendar file. */
export const downloadAppointmentIcs = async (id: number, manageToken?: string) =>
  (await http()).get<Blob>(`/client/appointments/${id}/ics`, { params: manageParams(manageToken), responseType: "blob" });

export const addReview = async (body: z.input<typeof ZCreateReview>) => (await http()).post<z.output<typeof ZReviewAnswer>>("/client/add-review", body);

function manageParams(manageToken: string | undefined) {
  return manageToken ? { manage_token: manageToken } : undefined;
}
