"use client";
import { usePathname, useRouter } from "next/navigation";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { api, call } from "@/lib/api/client";
import { useSession } from "@/lib/api/session";

/**
 * Heart button that favourites a shop (optimistic, rolled back on failure). Same props as the
 * accounts feature's components/favorites/favorite-button.tsx, so either can replace the other.
 */
export function FavoriteToggle({ shopId, initial, shopName, compact = false }: { shopId: number; initial: boolean; shopName: string; compact?: boolean }) {
  const { t } = useT("shop");
  const { token } = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const [isFavorite, setIsFavorite] = useState(initial);
  const [busy, setBusy] = useState(false);
  // A new `initial` (e.g. the signed-in answer arriving) replaces the local state.
  const [lastInitial, setLastInitial] = useState(initial);
  if (lastInitial !== initial) {
    setLastInitial(initial);
    setIsFavorite(initial);
  }

  async function toggle() {
    if (!token) {
      const here = `${pathname}${window.location.search}`;
      router.push(`/entrar?next=${encodeURIComponent(here)}`);
      return;
    }
    const next = !isFavorite;
    setIsFavorite(next);
    setBusy(true);
    const done = await call(() => (next ? api.post(`/client/favorites/${shopId}`) : api.delete(`/client/favorites/${shopId}`)), {
      t,
      errorKey: "ACTION_ERROR",
      successKey: next ? "common:success.favoriteAdded" : "common:success.favoriteRemoved",
    });
    if (done === undefined) setIsFavorite(!next);
    setBusy(false);
  }

  const label = isFavorite ? t("favorite.remove", { name: shopName }) : t("favorite.add", { name: shopName });
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={isFavorite}
      aria-label={label}
      title={label}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-full transition-colors ${
        compact ? "bg-bg/70 hover:bg-bg" : "border border-line bg-surface hover:border-primary"
      } ${isFavorite ? "text-primary" : "text-ink"}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill={isFavorite ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
        <path d="M12 20.5l-1.45-1.32C5.4 14.5 2 11.43 2 7.65 2 4.57 4.42 2.15 7.5 2.15c1.74 0 3.41.81 4.5 2.09 1.09-1.28 2.76-2.09 4.5-2.09 3.08 0 5.5 2.42 5.5 5.5 0 3.78-3.4 6.86-8.55 11.54L12 20.5z" />
      </svg>
    </button>
  );
}
