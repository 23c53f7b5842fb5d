"use client";
import { type RefObject, useEffect, useRef } from "react";

/**
 * Closes an open popover or menu the way people expect: Escape, or a press anywhere outside `ref` (mouse, touch or
 * pen). `onDismiss` hears which of the two it was, e.g. to give the focus back to the opener after Escape.
 */
export function useDismiss(open: boolean, ref: RefObject<HTMLElement | null>, onDismiss: (how: "escape" | "outside") => void): void {
  const latest = useRef(onDismiss);
  useEffect(() => {
    latest.current = onDismiss;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") latest.current("escape");
    };
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) latest.current("outside");
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, ref]);
}
