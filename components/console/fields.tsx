"use client";
import { forwardRef, useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";

type Extra = { label: string; error?: string; hint?: string };

/** A labelled input with its hint and its (already translated) error, tied together for screen readers. */
export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Extra>(function TextField(
  { label, error, hint, id, className, ...input },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={`input ${error ? "border-danger" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
});

export function TextArea({ label, error, hint, id, className, ...input }: TextareaHTMLAttributes<HTMLTextAreaElement> & Extra) {
  const auto = useId();
  const inputId = id ?? auto;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={inputId}
        className={`input min-h-28 py-2 ${error ? "border-danger" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The server's message for a field (`details`), else its general message. */
export function serverErrors(err: unknown): { message: string; fields: Record<string, string> } {
  const data = (err as { response?: { data?: { error?: string; details?: { path: string; message: string }[] } } })?.response?.data;
  const fields: Record<string, string> = {};
  for (const d of data?.details ?? []) fields[d.path] ??= d.message;
  return { message: data?.error ?? "", fields };
}
