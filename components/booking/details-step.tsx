"use client";
import { useT } from "@/lib/i18n/words";
import { Link } from "@/components/ui/link";
import { type InputHTMLAttributes, type Ref, useId } from "react";
import { maskPhoneBr } from "@/lib/phone-mask";
import { StepCard } from "./step-card";
import type { Booking } from "./use-booking";

/** Part of the review step: who books (a guest gives a name and a phone, checked with the contract's rules) and notes. */
export function DetailsStep({ flow }: { flow: Booking }) {
  const { t } = useT("booking");
  const { token, user, details, askingCode, code, codeProblem, setCode, returnTo } = flow;
  const detailErrors = details.formState.errors;
  const phoneField = details.register("phone");
  const notesId = useId();
  return (
    <StepCard id="step-details" title={t("flow.detailsStep")}>
      {token && user ? (
        <p className="mt-3">{t("flow.signedInAs", { name: user.name })}</p>
      ) : (
        <div className="mt-3 grid gap-4">
          <p className="text-sm text-muted">
            {t("flow.guestIntro")}{" "}
            <Link className="text-primary underline underline-offset-2" href={`/entrar?next=${encodeURIComponent(returnTo)}`}>
              {t("flow.signInInstead")}
            </Link>
          </p>
          <LabelledInput
            label={t("flow.name")}
            error={detailErrors.name ? t("flow.nameError") : null}
            autoComplete="name"
            placeholder={t("flow.namePlaceholder")}
            {...details.register("name")}
            maxLength={120}
            required
          />
          <LabelledInput
            label={t("flow.phone")}
            error={detailErrors.phone ? t("flow.phoneError") : null}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t("flow.phonePlaceholder")}
            {...phoneField}
            onChange={(e) => {
              e.target.value = maskPhoneBr(e.target.value);
              return phoneField.onChange(e);
            }}
            required
          />
          {askingCode && (
            <div className="rounded-lg border border-primary/60 bg-primary/10 p-3">
              <p role="status" className="mb-3 text-sm">
                {t("flow.codeSent", { phone: details.getValues("phone") })}
              </p>
              <LabelledInput
                label={t("flow.code")}
                error={codeProblem}
                className="input max-w-40 tracking-widest"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                required
              />
            </div>
          )}
        </div>
      )}
      <div className="mt-4">
        <label htmlFor={notesId} className="mb-1 block text-sm font-medium">
          {t("flow.notes")}
        </label>
        <textarea id={notesId} className="input min-h-20 py-2" maxLength={500} {...details.register("notes")} />
      </div>
      {/* Meta's rule for business-initiated messages: an explicit opt-in, never ticked for the client. */}
      <label className="mt-4 flex min-h-11 cursor-pointer items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]" {...details.register("whatsapp_opt_in")} />
        <span>{t("flow.whatsappOptIn", { shop: flow.shop.name })}</span>
      </label>
    </StepCard>
  );
}

/** A labelled input whose error, when there is one, is tied to it for screen readers. */
function LabelledInput({ label, error, className = "input", ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error: string | null; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input id={id} className={className} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
