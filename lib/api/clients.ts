"use client";
// The shop's clients (lib/contract/clients.ts): the list as you type, one client's card, and the staff's notes.
import type { TClientCard, TClientNote, TClients } from "@/lib/contract/clients";
import { http } from "./http";
import { useApi } from "./swr";

export type { TClientCard, TClientNote, TClients };

const base = (shopId: number) => `/staff/shops/${shopId}/clients`;

export const clientsKey = (shopId: number, q: string) => `${base(shopId)}${q ? `?q=${encodeURIComponent(q)}` : ""}`;
export const useShopClients = (shopId: number, q: string) => useApi<TClients>(clientsKey(shopId, q), undefined, { keepPreviousData: true });
export const useClientCard = (shopId: number, clientId: number | null) => useApi<TClientCard>(clientId ? `${base(shopId)}/${clientId}` : null);

export const addClientNote = async (shopId: number, clientId: number, text: string) =>
  (await http()).post<{ note: TClientNote }>(`${base(shopId)}/${clientId}/notes`, { text });
export const editClientNote = async (shopId: number, clientId: number, noteId: number, text: string) =>
  (await http()).put<{ note: TClientNote }>(`${base(shopId)}/${clientId}/notes/${noteId}`, { text });
export const deleteClientNote = async (shopId: number, clientId: number, noteId: number) =>
  (await http()).delete(`${base(shopId)}/${clientId}/notes/${noteId}`);
