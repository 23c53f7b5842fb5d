"use client";
import type { TCodeDelivery } from "@/lib/contract/code-delivery";
import { useApi } from "./swr";

/** How long a page follows a code's delivery: Meta's failed status usually comes within seconds, at worst a minute or two. */
export const CODE_DELIVERY_WATCH_MS = 2 * 60 * 1000;
const EVERY_MS = 2_000;

const settled = (d: TCodeDelivery | undefined) =>
  d !== undefined && (d.state === "delivered" || (d.state === "failed" && (!d.fallback || d.fallback.state !== "queued")));

/** Polls GET /code-delivery/{id} every 2 s until the code is delivered or failed for good, for at most two minutes. */
export function useCodeDelivery(deliveryId: string | null | undefined, startedAt: number) {
  return useApi<TCodeDelivery>(deliveryId ? `/code-delivery/${encodeURIComponent(deliveryId)}` : null, undefined, {
    refreshInterval: (latest) => (settled(latest) || Date.now() - startedAt > CODE_DELIVERY_WATCH_MS ? 0 : EVERY_MS),
  });
}
