"use client";
import { useEffect, useRef } from "react";

/**
 * A native <dialog> shown as a modal while `open` is true (focus kept inside, the page behind inert) and closed when
 * it turns false; where `showModal` is missing (an old browser, jsdom) the `open` attribute stands in. Put the ref on
 * the <dialog>, and handle its `cancel` event (Escape) to set `open` to false.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);
  return ref;
}
