"use client";
// The shop's console (/painel): the shops I work at, a shop as its staff see it, and onboarding.
import type { TCepAnswer, TCreateShop, TGeocodeAnswer, TPublication, TShopProfileAnswer, TShopProfilePatch, TShopSetup } from "@/lib/contract/onboarding";
import type { TMyStaffShops, TStaffShopAnswer } from "@/lib/contract/staff";
import { http } from "./http";

export const getMyShops = async () => (await (await http()).get<TMyStaffShops>("/staff/shops")).data;
export const getStaffShop = async (shopId: number) => (await (await http()).get<TStaffShopAnswer>(`/staff/shops/${shopId}`)).data;
export const getProfile = async (shopId: number) => (await (await http()).get<TShopProfileAnswer>(`/staff/shops/${shopId}/profile`)).data;
export const getPublication = async (shopId: number) => (await (await http()).get<TPublication>(`/staff/shops/${shopId}/publication`)).data;

export const lookupCep = async (cep: string) => (await (await http()).get<TCepAnswer>(`/staff/cep/${encodeURIComponent(cep.replace(/\D/g, ""))}`)).data;
export const geocodeAddress = async (q: string) => (await (await http()).get<TGeocodeAnswer>("/staff/geocode", { params: { q } })).data;

export const createShop = async (input: TCreateShop) => (await (await http()).post<TStaffShopAnswer>("/staff/shops", input)).data;
export const patchProfile = async (shopId: number, patch: TShopProfilePatch) =>
  (await (await http()).patch<TShopProfileAnswer>(`/staff/shops/${shopId}/profile`, patch)).data;
export const setupShop = async (shopId: number, setup: TShopSetup) =>
  (await (await http()).put<{ publication: TPublication }>(`/staff/shops/${shopId}/setup`, setup)).data;
export const publishShop = async (shopId: number) => (await (await http()).put<TPublication>(`/staff/shops/${shopId}/publication`)).data;
export const unpublishShop = async (shopId: number) => (await (await http()).delete<TPublication>(`/staff/shops/${shopId}/publication`)).data;

export async function uploadShopPhoto(shopId: number, file: File) {
  const form = new FormData();
  form.append("image", file);
  return (await (await http()).post<{ photos: string[]; cover_url: string | null }>(`/staff/shops/${shopId}/photos`, form)).data;
}
