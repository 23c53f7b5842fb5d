"use client";
import { type KeyboardEvent, useCallback, useEffect, useRef } from "react";

/**
 * One tab stop for a group of buttons, arrows to move between them (the ARIA patterns' "roving tabindex": a
 * toolbar, a tab list, a grid of times). The group's items are its `[data-roving]` elements that can take focus
 * (not disabled, not hidden); the one in the tab order is the focused one, else the chosen one
 * (aria-pressed, aria-selected or aria-checked "true"), else the first.
 *
 * - `layout: "row"`: ←/→ (and ↑/↓) move by one; `"grid"`: ←/→ by one, ↑/↓ by a row of the grid as laid out.
 * - Home/End: the first/last item (of the row, in a grid, with Ctrl for the whole grid).
 * - `activate`: an arrow also presses the item it moves to (tabs with automatic activation).
 */
export function useRovingFocus<T extends HTMLElement = HTMLDivElement>({
  layout = "row",
  activate = false,
}: { layout?: "row" | "grid"; activate?: boolean } = {}) {
  const ref = useRef<T>(null);

  // After every render (items come and go: days load, a period's times change), exactly one item is tabbable.
  useEffect(() => {
    const group = ref.current;
    if (group) syncTabStops(group);
  });

  const onFocus = useCallback(() => {
    const group = ref.current;
    if (group) syncTabStops(group);
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      const group = ref.current;
      if (!group || event.altKey || event.metaKey) return;
      const list = items(group);
      const from = list.indexOf(document.activeElement as HTMLElement);
      if (from < 0) return;
      const to = targetIndex(list, from, event.key, layout, event.ctrlKey);
      if (to === null) return;
      event.preventDefault();
      const next = list[to];
      if (next === list[from]) return;
      for (const el of list) el.tabIndex = el === next ? 0 : -1;
      next.focus();
      next.scrollIntoView?.({ block: "nearest", inline: "nearest" });
      if (activate) next.click();
    },
    [layout, activate],
  );

  return { ref, onKeyDown, onFocus };
}

function items(group: HTMLElement): HTMLElement[] {
  return [...group.querySelectorAll<HTMLElement>("[data-roving]")].filter(
    (el) => !(el as HTMLButtonElement).disabled && el.getAttribute("aria-disabled") !== "true" && !el.hidden && getComputedStyle(el).display !== "none",
  );
}

const chosen = (el: HTMLElement) => ["aria-pressed", "aria-selected", "aria-checked"].some((a) => el.getAttribute(a) === "true");

/** The focused item, else the chosen one, else the first, is the group's one tab stop. */
export function syncTabStops(group: HTMLElement): void {
  const all = [...group.querySelectorAll<HTMLElement>("[data-roving]")];
  const list = items(group);
  const focused = list.find((el) => el === document.activeElement);
  const stop = focused ?? list.find(chosen) ?? list[0];
  for (const el of all) el.tabIndex = el === stop ? 0 : -1;
}

/** Items of the first row as laid out: those level with the first. */
function columnsOf(list: HTMLElement[]): number {
  if (list.length === 0) return 1;
  const top = list[0].getBoundingClientRect().top;
  const n = list.findIndex((el) => Math.abs(el.getBoundingClientRect().top - top) > 2);
  return n <= 0 ? list.length : n;
}

function targetIndex(list: HTMLElement[], from: number, key: string, layout: "row" | "grid", ctrl: boolean): number | null {
  const last = list.length - 1;
  const clamp = (i: number) => Math.max(0, Math.min(last, i));
  if (layout === "row") {
    if (key === "ArrowRight" || key === "ArrowDown") return clamp(from + 1);
    if (key === "ArrowLeft" || key === "ArrowUp") return clamp(from - 1);
    if (key === "Home") return 0;
    if (key === "End") return last;
    return null;
  }
  const columns = columnsOf(list);
  const rowStart = from - (from % columns);
  if (key === "ArrowRight") return clamp(from + 1);
  if (key === "ArrowLeft") return clamp(from - 1);
  if (key === "ArrowDown") return from + columns <= last ? from + columns : from;
  if (key === "ArrowUp") return from - columns >= 0 ? from - columns : from;
  if (key === "Home") return ctrl ? 0 : rowStart;
  if (key === "End") return ctrl ? last : Math.min(last, rowStart + columns - 1);
  return null;
}
