"use client";
// A member's own alert preferences at a shop (lib/contract/alerts.ts).
import type { TAlertPrefs, TAlertPrefsBody, TPushSettings, TPushSubscriptionBody } from "@/lib/contract/alerts";
import { http } from "./http";
import { useApi } from "./swr";

export type { TAlertPrefs, TAlertPrefsBody };

const alertsPath = (shopId: string) => `/staff/shops/${shopId}/alerts`;

export const useAlertPrefs = (shopId: string) => useApi<TAlertPrefs>(alertsPath(shopId));

export const saveAlertPrefs = async (shopId: string, body: TAlertPrefsBody) => (await http()).put<TAlertPrefs>(alertsPath(shopId), body);

// Web Push (docs/decisions/0054-web-push.md): the site's VAPID key, and this browser's subscription.
export type { TPushSettings };
const pushPath = (shopId: string) => `/staff/shops/${shopId}/alerts/push`;

export const usePushSettings = (shopId: string) => useApi<TPushSettings>(pushPath(shopId));

export const savePushSubscription = async (shopId: string, body: TPushSubscriptionBody) => (await http()).post<TPushSettings>(pushPath(shopId), body);

export const dropPushSubscription = async (shopId: string, endpoint: string) => (await http()).delete<TPushSettings>(pushPath(shopId), { data: { endpoint } });
