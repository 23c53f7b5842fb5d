"use client";
import { useT } from "next-i18next/client";
import { useEffect, useRef, useState } from "react";
import type { TShopCardList } from "@/lib/contract/search";
import { call } from "@/lib/api/client";
import { fetchShopList, type TShopListKind, type TShopListQuery } from "@/lib/api/search";
import { useSession } from "@/lib/api/session";
import { ShopCard } from "@/components/shop/shop-card";
import { withLang } from "@/components/ui/link";
import { MoreLink } from "@/components/ui/more-link";
import { PAGE_SIZE } from "@/lib/contract/search-constants";
import { listUrl, MAX_SHOWN, type ListParams } from "./list-params";

type Props = {
  /** The first page, rendered on the server. */
  initial: TShopCardList;
  /** Which list: near a point, near a point by name, or by name. */
  kind: TShopListKind;
  /** The list's query without skip/limit. */
  query: TShopListQuery;
  /** The list page's parameters, for the URL of a longer list. */
  params: ListParams;
  lng: string;
};

/** The anchor of the first shop that a longer list adds, where "Load more" without JavaScript lands. */
const MORE_ANCHOR = "more";

/**
 * A server-rendered list that grows with "Load more". The control is a link to the same list showing
 * one page more (`shown`), so a tap before the page's JavaScript has run still works: the server renders
 * the longer list and the browser lands on its first new shop. Once hydrated, the link appends the next
 * page in place and the URL keeps the count, so a reload shows the same shops. Past MAX_SHOWN the server
 * renders no more, and the control is a button that only appends.
 */
export function ShopList({ initial, kind, query, params, lng }: Props) {
  const { t } = useT("shop");
  const { t: ts } = useT("search");
  const { token } = useSession();
  const [items, setItems] = useState(initial.items);
  const [total, setTotal] = useState(initial.total);
  const [loading, setLoading] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const firstNew = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const limit = PAGE_SIZE;
  // Where the server's longer list (from `shown`) starts its new shops.
  const firstAdded = params.shown ? Math.max(0, params.shown - PAGE_SIZE) : -1;

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
    if (loading) return;
    setLoading(true);
    setMoreFailed(false);
    // A failed "Load more" says so where the button is (the shops already shown stay), and the button tries again.
    const data = await call(() => fetchShopList(kind, { ...query, skip: items.length, limit }), { t, onError: () => setMoreFailed(true) });
    if (data) {
      firstNew.current = items.length;
      const seen = new Set(items.map((s) => s.id));
      const next = [...items, ...data.items.filter((s) => !seen.has(s.id))];
      setItems(next);
      setTotal(data.total);
      // A reload (or the way back to this list) shows as many shops, as far as the server renders.
      // (The address it was opened with otherwise stays as it was, its language included.)
      if (next.length > PAGE_SIZE) {
        const url = new URL(window.location.href);
        url.searchParams.set("shown", String(Math.min(next.length, MAX_SHOWN)));
        url.hash = "";
        window.history.replaceState(window.history.state, "", url);
      }
    }
    setLoading(false);
  }

  const label = loading ? ts("list.loading") : moreFailed ? ts("list.retryMore") : ts("list.loadMore");

  return (
    <div>
      <ul ref={listRef} className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3" aria-label={ts("list.results")}>
        {items.map((shop, i) => (
          // (The anchor clears the sticky header when the browser scrolls to it.)
          <li key={shop.id} {...(i === firstAdded ? { id: MORE_ANCHOR, className: "scroll-mt-20" } : {})}>
            <ShopCard shop={shop} t={t} lng={lng} headingLevel={2} priority={i === 0} compact />
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
          <MoreLink
            href={items.length < MAX_SHOWN ? `${withLang(listUrl(params, { shown: Math.min(items.length + limit, MAX_SHOWN) }), lng)}#${MORE_ANCHOR}` : null}
            onMore={() => void loadMore()}
            loading={loading}
            className="btn-primary min-w-48"
          >
            {label}
          </MoreLink>
        </div>
      ) : null}
    </div>
  );
}
