"use client";
import { useT } from "next-i18next/client";
import { forwardRef, useId, useState, type InputHTMLAttributes } from "react";
import { maskPhoneBr } from "@/lib/text/phone-mask";
import { fieldErrorText } from "./form-errors";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input with its translated error, tied together for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, id, className, type, ...input }, ref) {
  const { t } = useT("account");
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [visible, setVisible] = useState(false);
  const isPassword = type === "password";
  const message = fieldErrorText(t, error);
  const describedBy = [message ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={isPassword && visible ? "text" : type}
          className={`input ${isPassword ? "pr-12" : ""} ${message ? "border-danger" : ""}`}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            className="absolute top-0 right-0 flex h-11 w-11 items-center justify-center text-muted hover:text-primary"
            aria-label={visible ? t("hidePassword") : t("showPassword")}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
              <circle cx="12" cy="12" r="3" />
              {visible && <path d="M3 3l18 18" />}
            </svg>
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {message && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {message}
        </p>
      )}
    </div>
  );
});

/** The page frame of the sign-in, sign-up and recovery screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  return (
    <section className="container-page flex justify-center py-10 md:py-16">
      <div className="card w-full max-w-md p-6 md:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/** A Brazilian phone input, masked as the person types: "11912345678" → "(11) 91234-5678". */
export const PhoneField = forwardRef<HTMLInputElement, FieldProps>(function PhoneField({ onChange, ...props }, ref) {
  return (
    <Field
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      {...props}
      onChange={(e) => {
        e.target.value = maskPhoneBr(e.target.value);
        return onChange?.(e);
      }}
    />
  );
});

/** A password asked again before a sensitive change: one label and one autofill hint wherever it is. */
export const currentPasswordProps = (t: (key: string) => string) => ({
  label: t("fields.currentPassword"),
  type: "password",
  autoComplete: "current-password",
});
