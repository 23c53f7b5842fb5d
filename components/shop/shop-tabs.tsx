"use client";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useHydrated } from "@/lib/hooks/use-hydrated";

type Tab = { id: string; label: string; panel: ReactNode };

/**
 * WAI-ARIA tabs (arrow keys, Home, End). Every panel is in the server's HTML; inactive ones are
 * hidden. A link to #<tab id> opens that tab, with JavaScript (the hash is followed) and without it
 * (the panel's id is the tab's, and globals.css shows a hidden panel that is the :target); so does a link
 * to an element inside a panel (globals.css: a hidden panel that holds the :target).
 */
export function ShopTabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.id);
  // Once hydrated, the tabs alone say which panel shows: the stylesheet's :target rule (for the page without
  // JavaScript) would otherwise keep a linked panel on screen after another tab is chosen, since the address's
  // new hash (replaceState) does not move :target.
  // (False in the server's HTML and while hydrating, true from the render after.)
  const hydrated = useHydrated();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    const fromHash = () => {
      const id = window.location.hash.slice(1);
      // The tab itself (#ratings), or something inside its panel (#more-reviews, the first of more reviews).
      const panel = id ? document.getElementById(id)?.closest('[role="tabpanel"]') : null;
      const tab = tabs.find((t) => t.id === id || t.id === panel?.id);
      if (tab) setActive(tab.id);
    };
    fromHash();
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
  }, [tabs]);

  /** Shows a tab; the address names it, so that a copied link opens it (and :target stays on it). */
  function show(id: string) {
    setActive(id);
    window.history.replaceState(window.history.state, "", `#${id}`);
  }

  function onKeyDown(e: React.KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const target =
      e.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : e.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : -1;
    if (target < 0) return;
    e.preventDefault();
    show(tabs[target].id);
    refs.current[tabs[target].id]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-line">
        {tabs.map((tab, i) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={tab.id}
              tabIndex={selected ? 0 : -1}
              onClick={() => show(tab.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`-mb-px min-h-12 flex-1 shrink-0 whitespace-nowrap border-b-2 px-2 text-sm sm:flex-none sm:px-4 font-semibold transition-colors ${
                selected ? "border-primary text-primary" : "border-transparent text-muted hover:text-ink"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={tab.id}
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== active}
          data-tabs-hydrated={hydrated || undefined}
          tabIndex={0}
          className="rounded-lg pt-5"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
