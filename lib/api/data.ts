"use client";
// What pages read with SWR: each hook is the GET of one API path, nothing asked while its key is null.
// The calls that change things stay in the area's module (account.ts, appointments.ts, …), which the
// header, the heart and the shop page import; kept apart from SWR, those pages load none (decision 0033).
import type { z } from "zod";
import type { ZEmailChangePreview, ZUserAnswer } from "@/lib/contract/account";
import type { ZAppointmentAnswer, ZAppointmentScope, ZAvailableDays, ZAvailableDaysQuery, ZAvailableTimes, ZAvailableTimesQuery } from "@/lib/contract/booking";
import type { ZLocationListQuery, ZPageQuery, ZShopAnswer } from "@/lib/contract/search";
import type { TAddressList } from "./addresses";
import type { AppointmentLink, TAppointmentPage } from "./appointments";
import type { TFavoriteList } from "./favorites";
import type { TWaitlistList } from "@/lib/contract/waitlist";
import type { TRebookReminder } from "@/lib/contract/messages";
import { fetcher } from "./fetcher";
import { LIST_PATHS, type TShopCardPage } from "./search";
import { useApi, useApiPages } from "./swr";

// Account

/** The signed-in user's data; nothing is asked without a token. */
export function useUserData(token: string | null) {
  return useApi<z.output<typeof ZUserAnswer>>(token ? "/user-data" : null);
}

/** The address a confirmation link would set, or an error for a used or expired link. */
export function useEmailChangePreview(token: string) {
  return useApi<z.output<typeof ZEmailChangePreview>>(token ? `/confirm-email?${new URLSearchParams({ token })}` : null);
}

/** All of the client's addresses (at most 100); nothing is asked without a token. */
export function useAddresses(token: string | null) {
  return useApi<TAddressList>(token ? "/client/address?limit=100" : null);
}

/**
 * The favourites (at most 100), nearest first when the browser has a saved point. `origin` undefined:
 * not known yet (rendering on the server), so nothing is asked; null: no saved point.
 */
export function useFavorites(token: string | null, origin: { latitude: number; longitude: number } | null | undefined) {
  const point = origin ? `&latitude=${origin.latitude}&longitude=${origin.longitude}` : "";
  return useApi<TFavoriteList>(token && origin !== undefined ? `/client/favorites?limit=100&free_times=3${point}` : null);
}

// Shops

/** The first shops near a point (the home page's preview); nothing is asked without a point. */
export function useNearbyShops(query: (z.input<typeof ZLocationListQuery> & z.input<typeof ZPageQuery>) | null) {
  const params = query && new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === "" ? [] : [[k, String(v)]])));
  return useApi<TShopCardPage>(params ? `${LIST_PATHS.near}?${params}` : null);
}

/** The shop with the client's own marks (is_favorite); nothing is asked without a token. */
export function useShopForClient(slug: string, token: string | null) {
  return useApi<z.output<typeof ZShopAnswer>>(token ? `/client/barbershop-by-slug?slug=${encodeURIComponent(slug)}` : null);
}

// Booking and appointments

/** A barber's (or, without barber_id, any barber's) free times for some services on a day; nothing is asked while a choice is missing. */
export function useAvailableTimes(query: z.input<typeof ZAvailableTimesQuery> | null) {
  const key = query
    ? `/appointment/available-times?${new URLSearchParams({
        type: "client",
        barbershop_id: String(query.barbershop_id),
        ...(query.barber_id ? { barber_id: String(query.barber_id) } : {}),
        services: String(query.services),
        date: String(query.date),
        ...movingParams(query),
      })}`
    : null;
  return useApi<z.output<typeof ZAvailableTimes>>(key);
}

/** Moving an appointment: its own time counts as free (for its client, or a guest with its manage token). */
function movingParams(query: { moving?: unknown; manage_token?: string; answer_token?: string }): Record<string, string> {
  if (query.moving === undefined || query.moving === null) return {};
  return {
    moving: String(query.moving),
    ...(query.manage_token ? { manage_token: query.manage_token } : {}),
    ...(query.answer_token ? { answer_token: query.answer_token } : {}),
  };
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
        ...movingParams(query),
      })}`
    : null;
  return useApi<z.output<typeof ZAvailableDays>>(key);
}

type AppointmentAccess = { link?: AppointmentLink; token: string | null } | null;

/**
 * The GET of one of an appointment's paths, as whoever asks may see it. `link`: a guest's private link or a
 * reminder's one-tap link; `token` is part of the key so signing in asks again; neither: nothing is asked.
 */
function useAppointmentPath<T>(path: string, access: AppointmentAccess) {
  const key = access && (access.token || access.link) ? [path, JSON.stringify(access.link ?? {}), access.token ?? ""] : null;
  return useApi(key, ([url, link]) => fetcher<T>(url, { params: JSON.parse(link) as AppointmentLink | Record<string, never> }));
}

export function useAppointment(id: number, access: AppointmentAccess) {
  return useAppointmentPath<z.output<typeof ZAppointmentAnswer>>(`/client/appointments/${id}`, access);
}

/** A visit's reminder to book again and the choices left. */
export function useRebookReminder(id: number, access: AppointmentAccess) {
  return useAppointmentPath<TRebookReminder>(`/client/appointments/${id}/rebook-reminder`, access);
}

/** The client's waitlist entries to be told when a time frees up (from today on). */
export function useMyWaitlist(enabled: boolean) {
  return useApi<TWaitlistList>(enabled ? "/client/waitlist" : null);
}

/** The client's appointments, page by page, until the last one. */
export function useMyAppointments(scope: z.input<typeof ZAppointmentScope>, limit: number, enabled: boolean) {
  return useApiPages<TAppointmentPage>((index: number, previous: TAppointmentPage | null) => {
    if (!enabled) return null;
    if (previous && previous.skip + previous.items.length >= previous.total) return null;
    return `/client/appointments?scope=${scope}&skip=${index * limit}&limit=${limit}`;
  });
}
