"use client";
// A member's own alert preferences at a shop (lib/contract/alerts.ts).
import type { TAlertPrefs, TAlertPrefsBody } from "@/lib/contract/alerts";
import { http } from "./http";
import { useApi } from "./swr";

export type { TAlertPrefs, TAlertPrefsBody };

const alertsPath = (shopId: string) => `/staff/shops/${shopId}/alerts`;

export const useAlertPrefs = (shopId: string) => useApi<TAlertPrefs>(alertsPath(shopId));

export const saveAlertPrefs = async (shopId: string, body: TAlertPrefsBody) => (await http()).put<TAlertPrefs>(alertsPath(shopId), body);
