"use client";
// The shop's clients (lib/contract/clients.ts): the list as you type, one client's or guest's card, and the staff's
// notes. A guest is named by the id of one of his bookings at the shop (decision 0068).
import type { TClientCard, TClientNote, TClients } from "@/lib/contract/clients";
import { http } from "./http";
import { useApi } from "./swr";

export type { TClientCard, TClientNote, TClients };

/** Whose card: a client's account, or a guest by one of his bookings. */
export type TCardRef = { guest: boolean; id: number };

const base = (shopId: number) => `/staff/shops/${shopId}/clients`;
const cardPath = (shopId: number, who: TCardRef) => (who.guest ? `/staff/shops/${shopId}/guests/${who.id}` : `${base(shopId)}/${who.id}`);

export const clientsKey = (shopId: number, q: string) => `${base(shopId)}${q ? `?q=${encodeURIComponent(q)}` : ""}`;
export const useShopClients = (shopId: number, q: string) => useApi<TClients>(clientsKey(shopId, q), undefined, { keepPreviousData: true });
export const useClientCard = (shopId: number, who: TCardRef | null) => useApi<TClientCard>(who ? cardPath(shopId, who) : null);

export const addClientNote = async (shopId: number, who: TCardRef, text: string) =>
  (await http()).post<{ note: TClientNote }>(`${cardPath(shopId, who)}/notes`, { text });
export const editClientNote = async (shopId: number, who: TCardRef, noteId: number, text: string) =>
  (await http()).put<{ note: TClientNote }>(`${cardPath(shopId, who)}/notes/${noteId}`, { text });
export const deleteClientNote = async (shopId: number, who: TCardRef, noteId: number) => (await http()).delete(`${cardPath(shopId, who)}/notes/${noteId}`);
