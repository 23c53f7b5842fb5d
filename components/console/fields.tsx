"use client";
import { forwardRef, useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { AMENITIES } from "@/lib/contract/onboarding";

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

/** The shop's amenities as toggle chips (the wizard's and the page editor's), each named by `label`. */
export function AmenityChoices({ value, onChange, label }: { value: string[]; onChange: (next: string[]) => void; label: (amenity: string) => string }) {
  return (
    <div className="flex flex-wrap gap-2">
      {AMENITIES.map((a) => {
        const on = value.includes(a);
        return (
          <label
            key={a}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${on ? "border-primary text-primary" : "border-line"}`}
          >
            <input type="checkbox" className="sr-only" checked={on} onChange={() => onChange(on ? value.filter((x) => x !== a) : [...value, a])} />
            {label(a)}
          </label>
        );
      })}
    </div>
  );
}
