"use client";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/browser/toast";
import { sharedUrl } from "./shared-url";

export type ShareLabels = { share: string; whatsapp: string; copy: string; copied: string; copyFailed: string; text: string };

/**
 * Share the shop: the phone's own share sheet where there is one (Web Share API), else WhatsApp and
 * copy-link. The link is the page's own URL (its language kept).
 */
export function ShareShop({ title, labels }: { title: string; labels: ShareLabels }) {
  const [open, setOpen] = useState(false);
  // The link, shown to copy by hand when the browser would not copy it (no permission, not HTTPS).
  const [manual, setManual] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const manualInput = useRef<HTMLInputElement>(null);
  // Shown selected: a long press or Ctrl+C copies it.
  useEffect(() => {
    if (manual === null) return;
    manualInput.current?.focus();
    manualInput.current?.select();
  }, [manual]);
  const url = () => sharedUrl(window.location.href, document.documentElement.lang);

  function close(refocus: boolean) {
    setOpen(false);
    setManual(null);
    if (refocus) button.current?.focus();
  }

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text: labels.text, url: url() });
        return;
      } catch (err) {
        if ((err as Error)?.name === "AbortError") return;
      }
    }
    if (open) close(false);
    else setOpen(true);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url());
      toast.success(labels.copied);
      close(true);
    } catch {
      setManual(url());
    }
  }

  return (
    <div
      className="relative"
      // Escape, or focus moving elsewhere (a click outside, Tab past the last option), closes the options.
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          close(true);
        }
      }}
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn-ghost min-h-11 min-w-11 border border-line px-3 text-sm"
        aria-expanded={open}
        aria-controls="share-options"
        onClick={share}
      >
        <span aria-hidden="true">↗</span> <span className="sr-only min-[400px]:not-sr-only">{labels.share}</span>
      </button>
      {open && (
        <div id="share-options" className="card absolute right-0 z-20 mt-2 grid w-64 gap-1 p-2">
          <a
            className="btn-ghost min-h-11 justify-start"
            href={`https://wa.me/?text=${encodeURIComponent(`${labels.text} ${url()}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {labels.whatsapp}
          </a>
          <button type="button" className="btn-ghost min-h-11 justify-start" onClick={copy}>
            {labels.copy}
          </button>
          {manual !== null ? (
            <label className="grid gap-1 px-2 pb-1 text-sm text-muted">
              {labels.copyFailed}
              <input readOnly value={manual} className="input" ref={manualInput} onFocus={(e) => e.currentTarget.select()} />
            </label>
          ) : null}
        </div>
      )}
    </div>
  );
}
