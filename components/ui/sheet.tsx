"use client";
import { type ReactNode, useId } from "react";
import { useModalDialog } from "@/lib/hooks/use-modal-dialog";

/**
 * A modal sheet in a native <dialog> (focus kept inside, Escape closes): at the bottom of a phone's screen, in the
 * middle of a larger one.
 */
export function Sheet({
  open,
  title,
  closeLabel,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  /** The close button's text, in the caller's catalogue. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="card m-0 mt-auto max-h-[90dvh] w-full max-w-none overflow-y-auto rounded-b-none p-5 text-ink backdrop:bg-black/70 sm:m-auto sm:w-[min(92vw,30rem)] sm:rounded-b-[var(--radius-card)]"
    >
      {open && (
        <>
          <div className="mb-4 flex items-start justify-between gap-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button type="button" className="btn-ghost -mt-1 -mr-2 px-3" onClick={onClose}>
              {closeLabel}
            </button>
          </div>
          {children}
        </>
      )}
    </dialog>
  );
}
