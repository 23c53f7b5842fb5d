"use client";
import { useT } from "next-i18next/client";
import { useEffect, useRef, useState } from "react";
import type { TShopCardList } from "@/lib/contract/search";
import { call } from "@/lib/api/client";
import { fetchShopList, type TShopListKind, type TShopListQuery } from "@/lib/api/search";
import { useSession } from "@/lib/api/session";
import { ShopCard } from "@/components/shop/shop-card";

type Props = {
  /** The first page, rendered on the server. */
  initial: TShopCardList;
  /** Which list: near a point, near a point by name, or by name. */
  kind: TShopListKind;
  /** The list's query without skip/limit. */
  query: TShopListQuery;
  lng: string;
};

/** A server-rendered first page that grows with "Load more" (page size from the first page). */
export function ShopList({ initial, kind, query, lng }: Props) {
  const { t } = useT("shop");
  const { t: ts } = useT("search");
  const { token } = useSession();
  const [items, setItems] = useState(initial.items);
  const [total, setTotal] = useState(initial.total);
  const [loading, setLoading] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const firstNew = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const limit = initial.limit;

  // The server cannot see the token (it lives in local storage): fetch the shown page again
  // once signed in, so favourites show their heart.
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    fetchShopList(kind, { ...query, skip: 0, limit: Math.min(100, Math.max(limit, items.length)) })
      .then(({ data }) => {
        if (!cancelled) setItems(data.items);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
    // Only when the session changes: items.length is read as of then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, kind]);

  useEffect(() => {
    if (firstNew.current == null) return;
    const link = listRef.current?.querySelectorAll<HTMLAnchorElement>("li h2 a, li h3 a")[firstNew.current];
    link?.focus();
    firstNew.current = null;
  }, [items]);

  async function loadMore() {
    setLoading(true);
    setMoreFailed(false);
    // A failed "Load more" says so where the button is (the shops already shown stay), and the button tries again.
    const data = await call(() => fetchShopList(kind, { ...query, skip: items.length, limit }), { t, onError: () => setMoreFailed(true) });
    if (data) {
      firstNew.current = items.length;
      const seen = new Set(items.map((s) => s.id));
      setItems([...items, ...data.items.filter((s) => !seen.has(s.id))]);
      setTotal(data.total);
    }
    setLoading(false);
  }

  return (
    <div>
      <ul ref={listRef} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={ts("list.results")}>
        {items.map((shop, i) => (
          <li key={shop.id}>
            <ShopCard shop={shop} t={t} lng={lng} headingLevel={2} priority={i === 0} />
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-muted" aria-live="polite">
        {ts("list.showing", { shown: items.length, total })}
      </p>
      {items.length < total ? (
        <div className="mt-4 flex flex-col items-center gap-2">
          {moreFailed && (
            <p role="alert" className="text-sm text-danger">
              {ts("list.loadMoreFailed")}
            </p>
          )}
          <button type="button" className="btn-primary min-w-48" onClick={loadMore} disabled={loading}>
            {loading ? ts("list.loading") : moreFailed ? ts("list.retryMore") : ts("list.loadMore")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
