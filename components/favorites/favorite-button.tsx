"use client";
import { usePathname, useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { toast } from "@/lib/browser/toast";
import { errorMessage } from "@/lib/api/errors";
import { addFavorite, removeFavorite } from "@/lib/api/favorites";
import { savedSession } from "@/lib/api/session";
import type { FavoriteLabels } from "./favorite-labels";

type Props = { shopId: number; initial: boolean; labels: FavoriteLabels; onChange?: (isFavorite: boolean) => void; className?: string };

/** Heart toggle: changes at once, goes back if the server refuses; visitors are sent to sign in first. */
export function FavoriteButton({ shopId, initial, labels, onChange, className }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const [isFavorite, setFavorite] = useState(initial);
  const [seenInitial, setSeenInitial] = useState(initial);
  const busy = useRef(false);
  // A new value from the server (a list reloaded) wins over the local one.
  if (seenInitial !== initial) {
    setSeenInitial(initial);
    setFavorite(initial);
  }

  async function toggle(e: React.MouseEvent) {
    e.preventDefault();
    e.stopPropagation();
    if (!savedSession().token) {
      router.push(`/entrar?next=${encodeURIComponent(`${pathname}${window.location.search}`)}`);
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const next = !isFavorite;
    setFavorite(next);
    try {
      await (next ? addFavorite(shopId) : removeFavorite(shopId));
      onChange?.(next);
      toast.success(next ? labels.added : labels.removed);
    } catch (err) {
      setFavorite(!next);
      toast.error(labels.failed, { description: errorMessage(err) });
    } finally {
      busy.current = false;
    }
  }

  const label = isFavorite ? labels.remove : labels.add;
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={isFavorite}
      aria-label={label}
      title={label}
      className={`inline-flex h-11 w-11 items-center justify-center rounded-full bg-bg/80 transition-colors hover:text-primary ${isFavorite ? "text-primary" : "text-ink"} ${className ?? ""}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill={isFavorite ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.6 5c2.1 0 3.5 1.1 5.4 3 1.9-1.9 3.3-3 5.4-3C21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
