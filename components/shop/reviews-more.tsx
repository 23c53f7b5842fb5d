"use client";
import { useT } from "next-i18next/client";
import { useState } from "react";
import type { TReviewList } from "@/lib/contract/search";
import type { TReview } from "@/lib/contract/shops";
import { ReviewItem } from "./review-item";

const PAGE = 10;

/** Reviews after the server-rendered first page, fetched from the reviews route on demand. */
export function ReviewsMore({ shopId, shown, total, lng, barberNames }: { shopId: number; shown: number; total: number; lng: string; barberNames: Record<number, string> }) {
  const { t } = useT("shop");
  const [more, setMore] = useState<TReview[]>([]);
  const [count, setCount] = useState(total);
  const [loading, setLoading] = useState(false);

  async function load() {
    setLoading(true);
    // axios is fetched when more reviews are asked for, not with the shop page.
    const { api, call } = await import("@/lib/api/client");
    const data = await call(() => api.get<TReviewList>(`/client/barbershop/${shopId}/reviews`, { params: { skip: shown + more.length, limit: PAGE } }), {
      t,
      errorKey: "LOAD_BARBERSHOP_ERROR",
    });
    if (data) {
      setMore((m) => [...m, ...data.items]);
      setCount(data.total);
    }
    setLoading(false);
  }

  return (
    <>
      {more.length > 0 ? (
        <ul aria-label={t("ratings.more")}>
          {more.map((r) => (
            <ReviewItem key={r.id} review={r} t={t} lng={lng} barberName={barberNames[r.barber_id]} />
          ))}
        </ul>
      ) : null}
      {shown + more.length < count ? (
        <button type="button" className="btn-ghost mt-4" onClick={load} disabled={loading}>
          {loading ? t("ratings.loading") : t("ratings.loadMore")}
        </button>
      ) : null}
    </>
  );
}
