"use client";
import { useT } from "next-i18next/client";
import { useCallback, useId, useState, type ReactNode } from "react";
import { useModalDialog } from "@/lib/hooks/use-modal-dialog";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question in a native modal <dialog>: focus is trapped, Escape answers no. */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, destructive, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useT("common");
  const ref = useModalDialog(open);
  const titleId = useId();
  const descId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="card m-auto w-[min(92vw,26rem)] p-6 text-ink backdrop:bg-black/70"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {description && (
        <div id={descId} className="mt-2 text-sm text-muted">
          {description}
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-ghost" onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel ?? t("confirm.no")}
        </button>
        <button
          type="button"
          className={destructive ? "btn bg-danger text-black hover:opacity-90" : "btn-primary"}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {confirmLabel ?? t("confirm.yes")}
        </button>
      </div>
    </dialog>
  );
}

/** Promise-based confirm: `if (await confirm({ title })) ...`, with the dialog to render. */
export function useConfirm() {
  const [state, setState] = useState<{ title: string; description?: ReactNode; destructive?: boolean; resolve: (v: boolean) => void } | null>(null);
  const confirm = useCallback(
    (opts: { title: string; description?: ReactNode; destructive?: boolean }) => new Promise<boolean>((resolve) => setState({ ...opts, resolve })),
    [],
  );
  const dialog = (
    <ConfirmDialog
      open={state !== null}
      title={state?.title ?? ""}
      description={state?.description}
      destructive={state?.destructive}
      onConfirm={() => {
        state?.resolve(true);
        setState(null);
      }}
      onCancel={() => {
        state?.resolve(false);
        setState(null);
      }}
    />
  );
  return { confirm, dialog };
}
