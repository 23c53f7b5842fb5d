"use client";
// Booking, the client's appointments and their reviews (what pages read of them: lib/api/data.ts).
import type { z } from "zod";
import type { TAppointmentStatus } from "@/lib/contract/appointments";
import type {
  ZAppointmentAnswer,
  ZAppointmentList,
  ZCreateClientAppointment,
  ZCreateGuestAppointment,
  ZCreateReview,
  ZGuestAppointmentAnswer,
  ZRescheduleBody,
  ZReviewAnswer,
} from "@/lib/contract/booking";
import type { TRebookReminder, TRebookReminderBody } from "@/lib/contract/messages";
import { http } from "./http";

type AppointmentAnswer = z.output<typeof ZAppointmentAnswer>;
export type TAppointmentPage = z.output<typeof ZAppointmentList>;
/** A fresh key per attempt: a network retry of that attempt cannot book twice. */
type Idempotency = { "Idempotency-Key": string };

export const createAppointment = async (body: z.input<typeof ZCreateClientAppointment>, headers: Idempotency) =>
  (await http()).post<AppointmentAnswer>("/appointments/new-appointment", body, { headers });

export const createGuestAppointment = async (body: z.input<typeof ZCreateGuestAppointment>, headers: Idempotency) =>
  (await http()).post<z.output<typeof ZGuestAppointmentAnswer>>("/appointments/appointment-without-login", body, { headers });

export const updateAppointmentStatus = async (id: number, status: Extract<TAppointmentStatus, "confirmed" | "cancelled">, link?: AppointmentLink) =>
  (await http()).put<AppointmentAnswer>(`/appointment/update-status/${id}/${status}`, null, { params: link });

/** Another day or time for the appointment, with the same barber and services. */
export const rescheduleAppointment = async (id: number, body: z.input<typeof ZRescheduleBody>, link?: AppointmentLink) =>
  (await http()).put<AppointmentAnswer>(`/appointment/reschedule/${id}`, body, { params: link });

/** The appointment as an iCalendar file. */
export const downloadAppointmentIcs = async (id: number, link?: AppointmentLink) =>
  (await http()).get<Blob>(`/client/appointments/${id}/ics`, { params: link, responseType: "blob" });

/** "Remind me to book again": one message `weeks` after the visit (asking again replaces it), or none. */
export const setRebookReminder = async (id: number, weeks: TRebookReminderBody["weeks"], link?: AppointmentLink) =>
  (await http()).put<TRebookReminder>(`/client/appointments/${id}/rebook-reminder`, { weeks }, { params: link });
export const cancelRebookReminder = async (id: number, link?: AppointmentLink) =>
  (await http()).delete<TRebookReminder>(`/client/appointments/${id}/rebook-reminder`, { params: link });

export const addReview = async (body: z.input<typeof ZCreateReview>) => (await http()).post<z.output<typeof ZReviewAnswer>>("/client/add-review", body);

/** How a page without a session shows it may see an appointment: a guest's private link, or a reminder's one-tap link. */
export type AppointmentLink = { manage_token: string } | { answer_token: string };
