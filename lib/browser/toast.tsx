"use client";
import { useEffect, useRef, useState } from "react";
import type { ExternalToast } from "sonner";

// Toasts without sonner in every page's first load: the library is fetched the first time a toast
// is shown, the <Toaster> is mounted, and only then is the toast raised (so it is never lost).
type Sonner = typeof import("sonner");

export const TOAST_DURATION_MS = 4000;

let sonner: Promise<Sonner> | undefined;
let mountToaster: (() => Promise<void>) | undefined;

function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

async function ready(): Promise<Sonner> {
  const lib = await loadSonner();
  if (mountToaster) await mountToaster();
  return lib;
}

export const toast = {
  success: (message: string, data?: ExternalToast) => ready().then((lib) => lib.toast.success(message, data)),
  error: (message: string, data?: ExternalToast) => ready().then((lib) => lib.toast.error(message, data)),
};

/** Renders sonner's Toaster (4000 ms, closable) once the first toast asks for it. */
export function ToasterHost({ closeLabel }: { closeLabel: string }) {
  const [Toaster, setToaster] = useState<Sonner["Toaster"] | null>(null);
  const waiting = useRef<(() => void)[]>([]);
  const mounted = useRef(false);

  useEffect(() => {
    mountToaster = () =>
      new Promise<void>((resolve) => {
        if (mounted.current) return resolve();
        waiting.current.push(resolve);
        void loadSonner().then((lib) => setToaster(() => lib.Toaster));
      });
    return () => {
      mountToaster = undefined;
    };
  }, []);

  useEffect(() => {
    // The Toaster's own effect (a child's) has subscribed by now: queued toasts can be raised.
    if (!Toaster) return;
    mounted.current = true;
    waiting.current.splice(0).forEach((resolve) => resolve());
  }, [Toaster]);

  return Toaster ? (
    <Toaster
      theme="dark"
      position="top-center"
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      toastOptions={{ classNames: { closeButton: "toast-close" }, closeButtonAriaLabel: closeLabel }}
    />
  ) : null;
}
