"use client";
import type { MouseEvent, ReactNode } from "react";

/**
 * "Load more" and "See more reviews": a link to the same page showing more, so a tap before the page's
 * JavaScript has run still works (the server renders the longer page and the browser lands on the href's
 * anchor); once hydrated, a plain click calls `onMore` in place instead (a click for a new tab keeps the
 * link's way). With no `href` (past what the server renders) it is a button that only calls `onMore`.
 * Either says it is busy while the next part loads.
 */
export function MoreLink({
  href,
  onMore,
  loading,
  className,
  children,
}: {
  href: string | null;
  onMore: () => void;
  loading: boolean;
  className: string;
  children: ReactNode;
}) {
  if (href === null) {
    return (
      <button type="button" className={className} onClick={onMore} disabled={loading} aria-busy={loading || undefined}>
        {children}
      </button>
    );
  }
  return (
    <a
      href={href}
      className={className}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={(e) => {
        if (clickInPlace(e)) onMore();
      }}
    >
      {children}
    </a>
  );
}

/**
 * For a link that, once the page has hydrated, does its work in place ("Load more"; its href is the same
 * result as a page of its own, for a tap before hydration): whether this click is one to handle in place, in
 * which case the link is not followed. A click that opens a new tab or window (another button, a modifier key)
 * keeps the link's own way.
 */
function clickInPlace(e: MouseEvent<HTMLAnchorElement>): boolean {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  e.preventDefault();
  return true;
}
