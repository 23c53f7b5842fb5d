"use client";
// The shop's team, services and hours as the console pages call them (lib/contract/team.ts, catalogue.ts, hours.ts).
import type { AxiosError } from "axios";
import type { TClosure, TShopHours } from "@/lib/contract/hours";
import type { TProductInput, TServiceInput, TStaffProduct, TStaffService } from "@/lib/contract/catalogue";
import type { TStaffHistory, TStaffMember, TStaffShopAnswer } from "@/lib/contract/staff";
import type {
  TBarberProfile,
  TBarberTime,
  TBookingInTheWay,
  TCreateInvitation,
  TCreateTimeOff,
  TInvitation,
  TInvitationAccepted,
  TInvitationPreview,
  TRemoveMember,
  TSetBarberServices,
  TUpdateBarber,
} from "@/lib/contract/team";
import { http } from "./http";
import { useApi } from "./swr";

export type { TBarberProfile, TBookingInTheWay, TClosure, TInvitation, TStaffHistory, TStaffMember, TStaffProduct, TStaffService };

const shopPath = (shopId: number | string) => `/staff/shops/${shopId}`;

/** The bookings a refused change listed (409 BOOKINGS_IN_THE_WAY), or null for any other failure. */
export function bookingsInTheWay(err: unknown): TBookingInTheWay[] | null {
  const data = (err as AxiosError<{ code?: string; bookings?: TBookingInTheWay[] }>)?.response?.data;
  return data?.code === "BOOKINGS_IN_THE_WAY" && Array.isArray(data.bookings) ? data.bookings : null;
}

const keep = (confirm?: boolean) => (confirm ? "?confirm=keep" : "");

// Reads.
export const useStaffShop = (shopId: string | null) => useApi<TStaffShopAnswer>(shopId ? shopPath(shopId) : null);
export const useTeam = (shopId: string | null) => useApi<{ items: TStaffMember[] }>(shopId ? `${shopPath(shopId)}/team` : null);
export const useBarbers = (shopId: string | null) => useApi<{ items: TBarberProfile[] }>(shopId ? `${shopPath(shopId)}/barbers` : null);
export const useBarber = (shopId: string | null, barberId: string) =>
  useApi<{ barber: TBarberProfile }>(shopId ? `${shopPath(shopId)}/barbers/${barberId}` : null);
export const useInvitations = (shopId: string | null, enabled: boolean) =>
  useApi<{ items: TInvitation[] }>(shopId && enabled ? `${shopPath(shopId)}/invitations` : null);
export const useServices = (shopId: string | null) => useApi<{ items: TStaffService[] }>(shopId ? `${shopPath(shopId)}/services` : null);
export const useProducts = (shopId: string | null) => useApi<{ items: TStaffProduct[] }>(shopId ? `${shopPath(shopId)}/products` : null);
export const useShopHours = (shopId: string | null) => useApi<TShopHours & { timezone: string }>(shopId ? `${shopPath(shopId)}/hours` : null);
export const useClosures = (shopId: string | null) => useApi<{ items: TClosure[] }>(shopId ? `${shopPath(shopId)}/closures` : null);
export const useInvitationPreview = (token: string) => useApi<TInvitationPreview>(`/staff/invitations/${token}`);

// Invitations.
export const acceptInvitation = async (token: string) => (await http()).post<TInvitationAccepted>(`/staff/invitations/${token}/accept`);
export const createInvitation = async (shopId: string, body: TCreateInvitation) =>
  (await http()).post<{ invitation: TInvitation }>(`${shopPath(shopId)}/invitations`, body);
export const revokeInvitation = async (shopId: string, id: number) =>
  (await http()).delete<{ invitation: TInvitation }>(`${shopPath(shopId)}/invitations/${id}`);

// Team.
export const removalPreview = async (shopId: string, staffId: number) =>
  (await http()).get<{ bookings: TBookingInTheWay[] }>(`${shopPath(shopId)}/team/${staffId}/removal`);
export const removeMember = async (shopId: string, staffId: number, body: TRemoveMember) =>
  (await http()).post(`${shopPath(shopId)}/team/${staffId}/removal`, body);

// A barber.
const barberPath = (shopId: string, barberId: number) => `${shopPath(shopId)}/barbers/${barberId}`;
export const updateBarber = async (shopId: string, barberId: number, body: TUpdateBarber) =>
  (await http()).put<{ barber: TBarberProfile }>(barberPath(shopId, barberId), body);
export const uploadBarberPhoto = async (shopId: string, barberId: number, file: File) => {
  const form = new FormData();
  form.set("image", file);
  return (await http()).post<{ barber: TBarberProfile }>(`${barberPath(shopId, barberId)}/photo`, form);
};
export const setBarberTime = async (shopId: string, barberId: number, body: TBarberTime, confirm?: boolean) =>
  (await http()).put<{ barber: TBarberProfile }>(`${barberPath(shopId, barberId)}/time${keep(confirm)}`, body);
export const addTimeOff = async (shopId: string, barberId: number, body: TCreateTimeOff, confirm?: boolean) =>
  (await http()).post(`${barberPath(shopId, barberId)}/time-off${keep(confirm)}`, body);
export const removeTimeOff = async (shopId: string, barberId: number, id: number) => (await http()).delete(`${barberPath(shopId, barberId)}/time-off/${id}`);
export const setBarberServices = async (shopId: string, barberId: number, body: TSetBarberServices, confirm?: boolean) =>
  (await http()).put<{ barber: TBarberProfile }>(`${barberPath(shopId, barberId)}/services${keep(confirm)}`, body);

// Services and products.
export const createService = async (shopId: string, body: TServiceInput) => (await http()).post(`${shopPath(shopId)}/services`, body);
export const updateService = async (shopId: string, id: number, body: TServiceInput, confirm?: boolean) =>
  (await http()).put(`${shopPath(shopId)}/services/${id}${keep(confirm)}`, body);
export const deleteService = async (shopId: string, id: number, confirm?: boolean) =>
  (await http()).delete(`${shopPath(shopId)}/services/${id}${keep(confirm)}`);
export const createProduct = async (shopId: string, body: TProductInput) => (await http()).post(`${shopPath(shopId)}/products`, body);
export const updateProduct = async (shopId: string, id: number, body: TProductInput) => (await http()).put(`${shopPath(shopId)}/products/${id}`, body);
export const deleteProduct = async (shopId: string, id: number) => (await http()).delete(`${shopPath(shopId)}/products/${id}`);

// Hours.
export const setShopHours = async (shopId: string, body: TShopHours, confirm?: boolean) =>
  (await http()).put(`${shopPath(shopId)}/hours${keep(confirm)}`, body);
export const createClosure = async (shopId: string, body: { starts_on: string; ends_on: string; reason?: string }, confirm?: boolean) =>
  (await http()).post(`${shopPath(shopId)}/closures${keep(confirm)}`, body);
export const deleteClosure = async (shopId: string, id: number) => (await http()).delete(`${shopPath(shopId)}/closures/${id}`);
