"use client";
import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { Sheet } from "@/components/ui/sheet";
import { useHydrated } from "@/lib/hooks/use-hydrated";
import { useLayout } from "@/lib/hooks/use-layout";
import { RESULTS_ID } from "./list-params";

/** What a filters form inside the panel calls with the list URL it asks for (none outside a panel). */
const ApplyFilters = createContext<((href: string) => void) | null>(null);

export function useApplyFilters() {
  return useContext(ApplyFilters);
}

type Labels = { title: string; open: string; active: string; close: string };

/** The row that holds the "Filtros" button on a phone, stuck under the site's header (globals.css keeps focus clear of both). */
export const FILTERS_BAR_ID = "list-filters-bar";

/** Whether `href` shows the list the window shows now (the same path and parameters, in any order). */
function isCurrentList(href: string): boolean {
  const next = new URL(href, window.location.href);
  const now = new URL(window.location.href);
  const sorted = (u: URL) =>
    [...u.searchParams]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join("&");
  return next.pathname === now.pathname && sorted(next) === sorted(now);
}

/**
 * The list's filters: folded in a card above the results (and so before any JavaScript, on every screen), and on a
 * phone once hydrated behind a "Filtros" button that opens them in a bottom sheet. Applying them closes the panel and
 * shows the new list without leaving the visitor's place: the same list keeps the page where it was; another one
 * brings its first result into view and focus to the line that counts them (`listKey` is the list the page shows, so
 * the move waits for the new list to arrive). The button's row stays at the top of the screen while the list scrolls
 * (a client far down a long list changes filters without going back up); the same box wraps the folded card before
 * the page is live, so the button takes the card's place without moving what follows.
 */
export function FiltersPanel({ labels, count, listKey, children }: { labels: Labels; count: number; listKey: string; children: ReactNode }) {
  const router = useRouter();
  const layout = useLayout();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const revealFor = useRef<string | null>(null);
  const inSheet = hydrated && layout === "mobile";

  // Back to the button that opened the sheet (the dialog's own return of focus is not in every browser).
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      button.current?.focus({ preventScroll: true });
    }
  }, [open]);

  useEffect(() => {
    if (revealFor.current === null || revealFor.current === listKey) return;
    revealFor.current = null;
    const results = document.getElementById(RESULTS_ID);
    results?.scrollIntoView({ block: "start" });
    results?.focus({ preventScroll: true });
  }, [listKey]);

  function apply(href: string) {
    setOpen(false);
    details.current?.removeAttribute("open");
    if (isCurrentList(href)) return;
    revealFor.current = listKey;
    router.push(href, { scroll: false });
  }

  const badge =
    count > 0 ? (
      <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs text-primary-ink">
        <span aria-hidden="true">{count}</span>
        <span className="sr-only">{labels.active}</span>
      </span>
    ) : null;

  return (
    <ApplyFilters.Provider value={apply}>
      <div
        id={inSheet ? FILTERS_BAR_ID : undefined}
        className={`-mx-4 mt-2 border-b px-4 py-2 md:mx-0 md:mt-4 md:border-0 md:p-0 ${inSheet ? "sticky top-[calc(4rem+1px)] z-30 border-line bg-bg" : "border-transparent"}`}
      >
        {inSheet ? (
          <button
            ref={button}
            type="button"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
            className="card flex min-h-12 w-full items-center justify-between gap-2 px-4 font-semibold focus-visible:outline-2 focus-visible:outline-primary"
          >
            <span>
              {labels.open}
              {badge}
            </span>
            <span aria-hidden="true" className="text-muted">
              ▴
            </span>
          </button>
        ) : (
          <details ref={details} className="card p-0">
            <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-2 px-4 font-semibold">
              <span>
                {labels.title}
                {badge}
              </span>
              <span aria-hidden="true" className="text-muted">
                ▾
              </span>
            </summary>
            {children}
          </details>
        )}
      </div>
      {inSheet ? (
        <Sheet open={open} title={labels.title} closeLabel={labels.close} onClose={() => setOpen(false)}>
          {children}
        </Sheet>
      ) : null}
    </ApplyFilters.Provider>
  );
}
