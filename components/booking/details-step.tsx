"use client";
import { useT } from "next-i18next/client";
import Link from "next/link";
import { useId } from "react";
import { maskPhoneBr } from "@/lib/phone-mask";
import { StepCard } from "./step-card";
import type { Booking } from "./use-booking";

/** Step 5: who books (a guest gives a name and a phone, checked with the contract's rules) and notes. */
export function DetailsStep({ flow }: { flow: Booking }) {
  const { t } = useT("booking");
  const { shop, token, user, details, askingCode, code, codeProblem, setCode } = flow;
  const detailErrors = details.formState.errors;
  const phoneField = details.register("phone");
  const ids = { name: useId(), phone: useId(), notes: useId(), nameErr: useId(), phoneErr: useId(), code: useId(), codeErr: useId() };
  return (
    <StepCard id="step-details" title={t("flow.detailsStep")}>
      {token && user ? (
        <p className="mt-3">{t("flow.signedInAs", { name: user.name })}</p>
      ) : (
        <div className="mt-3 grid gap-4">
          <p className="text-sm text-muted">
            {t("flow.guestIntro")}{" "}
            <Link className="text-primary underline underline-offset-2" href={`/entrar?next=${encodeURIComponent(`/barbearia/${shop.slug}/agendar`)}`}>
              {t("flow.signInInstead")}
            </Link>
          </p>
          <div>
            <label htmlFor={ids.name} className="mb-1 block text-sm font-medium">
              {t("flow.name")}
            </label>
            <input
              id={ids.name}
              className="input"
              autoComplete="name"
              placeholder={t("flow.namePlaceholder")}
              {...details.register("name")}
              aria-invalid={Boolean(detailErrors.name)}
              aria-describedby={detailErrors.name ? ids.nameErr : undefined}
              maxLength={120}
              required
            />
            {detailErrors.name && (
              <p id={ids.nameErr} className="mt-1 text-sm text-danger">
                {t("flow.nameError")}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={ids.phone} className="mb-1 block text-sm font-medium">
              {t("flow.phone")}
            </label>
            <input
              id={ids.phone}
              className="input"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={t("flow.phonePlaceholder")}
              {...phoneField}
              onChange={(e) => {
                e.target.value = maskPhoneBr(e.target.value);
                return phoneField.onChange(e);
              }}
              aria-invalid={Boolean(detailErrors.phone)}
              aria-describedby={detailErrors.phone ? ids.phoneErr : undefined}
              required
            />
            {detailErrors.phone && (
              <p id={ids.phoneErr} className="mt-1 text-sm text-danger">
                {t("flow.phoneError")}
              </p>
            )}
          </div>
          {askingCode && (
            <div className="rounded-lg border border-primary/60 bg-primary/10 p-3">
              <p role="status" className="mb-3 text-sm">
                {t("flow.codeSent", { phone: details.getValues("phone") })}
              </p>
              <label htmlFor={ids.code} className="mb-1 block text-sm font-medium">
                {t("flow.code")}
              </label>
              <input
                id={ids.code}
                className="input max-w-40 tracking-widest"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={Boolean(codeProblem)}
                aria-describedby={codeProblem ? ids.codeErr : undefined}
                required
              />
              {codeProblem && (
                <p id={ids.codeErr} className="mt-1 text-sm text-danger">
                  {codeProblem}
                </p>
              )}
            </div>
          )}
        </div>
      )}
      <div className="mt-4">
        <label htmlFor={ids.notes} className="mb-1 block text-sm font-medium">
          {t("flow.notes")}
        </label>
        <textarea id={ids.notes} className="input min-h-20 py-2" maxLength={500} {...details.register("notes")} />
      </div>
    </StepCard>
  );
}
