"use client";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { sharedUrl } from "./shared-url";

export type ShareLabels = { share: string; whatsapp: string; copy: string; copied: string; text: string };

/**
 * Share the shop: the phone's own share sheet where there is one (Web Share API), else WhatsApp and
 * copy-link. The link is the page's own URL (its language kept).
 */
export function ShareShop({ title, labels }: { title: string; labels: ShareLabels }) {
  const [open, setOpen] = useState(false);
  const url = () => sharedUrl(window.location.href, document.documentElement.lang);

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text: labels.text, url: url() });
        return;
      } catch (err) {
        if ((err as Error)?.name === "AbortError") return;
      }
    }
    setOpen((o) => !o);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url());
      toast.success(labels.copied);
      setOpen(false);
    } catch {
      /* the address bar still has it */
    }
  }

  return (
    <div className="relative">
      <button type="button" className="btn-ghost min-h-11 min-w-11 border border-line px-3 text-sm" aria-expanded={open} aria-controls="share-options" onClick={share}>
        <span aria-hidden="true">↗</span> <span className="sr-only min-[400px]:not-sr-only">{labels.share}</span>
      </button>
      {open && (
        <div id="share-options" className="card absolute right-0 z-20 mt-2 grid w-56 gap-1 p-2">
          <a className="btn-ghost min-h-11 justify-start" href={`https://wa.me/?text=${encodeURIComponent(`${labels.text} ${url()}`)}`} target="_blank" rel="noopener noreferrer">
            {labels.whatsapp}
          </a>
          <button type="button" className="btn-ghost min-h-11 justify-start" onClick={copy}>
            {labels.copy}
          </button>
        </div>
      )}
    </div>
  );
}
