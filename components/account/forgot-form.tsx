"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/ui/link";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { requestResetByEmail, requestResetByWhatsapp } from "@/lib/api/account";
import { call } from "@/lib/api/client";
import { type TForgotByEmail, type TForgotByPhone, ZForgotByEmail, ZForgotByPhone } from "@/lib/contract/account";
import { CodeDeliveryNotice } from "@/components/code-delivery/code-delivery-notice";
import { Field, PhoneField } from "./field";
import { resolverOptions } from "./form-errors";

type Channel = "email" | "phone";

/** Forgot password: a link by e-mail or a 6-digit code by WhatsApp; the answer never says whether an account exists. */
export function ForgotForm() {
  const { t } = useT("account");
  const [channel, setChannel] = useState<Channel>("email");
  const [sent, setSent] = useState<{ channel: Channel; phone?: string; deliveryId?: string } | null>(null);
  const { t: delivery } = useT("code-delivery");
  const emailForm = useForm<TForgotByEmail>({ resolver: zodResolver(ZForgotByEmail, resolverOptions), defaultValues: { email: "" } });
  const phoneForm = useForm<TForgotByPhone>({ resolver: zodResolver(ZForgotByPhone, resolverOptions), defaultValues: { phone: "" } });
  const phone = phoneForm.register("phone");

  const sendEmail = emailForm.handleSubmit(async (values) => {
    const ok = await call(() => requestResetByEmail(values), { t, errorKey: "SEND_RECOVERY_ERROR" });
    if (ok) setSent({ channel: "email" });
  });
  const sendCode = phoneForm.handleSubmit(async (values) => {
    const ok = await call(() => requestResetByWhatsapp(values), { t, errorKey: "SEND_RECOVERY_ERROR" });
    if (ok) setSent({ channel: "phone", phone: values.phone, deliveryId: ok.delivery_id });
  });

  const tab = (value: Channel, label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={channel === value}
      className={`min-h-11 flex-1 rounded-full text-sm font-semibold ${channel === value ? "bg-primary text-primary-ink" : "text-ink hover:text-primary"}`}
      onClick={() => {
        setChannel(value);
        setSent(null);
      }}
    >
      {label}
    </button>
  );

  return (
    <div className="space-y-5">
      <div role="radiogroup" aria-label={t("forgot.channel")} className="flex gap-1 rounded-full border border-line p-1">
        {tab("email", t("forgot.byEmail"))}
        {tab("phone", t("forgot.byPhone"))}
      </div>

      {sent && (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 p-3 text-sm">
          {sent.channel === "email" ? t("forgot.sentEmail") : t("forgot.sentPhone")}
        </p>
      )}
      {sent?.deliveryId && <CodeDeliveryNotice key={sent.deliveryId} deliveryId={sent.deliveryId} t={delivery} other="email" />}

      {channel === "email" ? (
        <form onSubmit={sendEmail} noValidate className="space-y-4">
          <Field
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            placeholder={t("placeholders.email")}
            error={emailForm.formState.errors.email?.message}
            {...emailForm.register("email")}
          />
          <button type="submit" className="btn-primary w-full" disabled={emailForm.formState.isSubmitting}>
            {t("forgot.submitEmail")}
          </button>
        </form>
      ) : (
        <form onSubmit={sendCode} noValidate className="space-y-4">
          <PhoneField label={t("fields.phone")} placeholder={t("placeholders.phone")} error={phoneForm.formState.errors.phone?.message} {...phone} />
          <button type="submit" className="btn-primary w-full" disabled={phoneForm.formState.isSubmitting}>
            {t("forgot.submitPhone")}
          </button>
        </form>
      )}

      <div className="flex flex-col items-center gap-1 text-sm">
        <Link
          href={sent?.phone ? `/redefinir-senha?phone=${encodeURIComponent(sent.phone)}` : "/redefinir-senha"}
          className="inline-block py-2 text-primary underline-offset-4 hover:underline"
        >
          {t("forgot.haveCode")}
        </Link>
        <Link href="/entrar" className="inline-block py-2 text-muted underline-offset-4 hover:underline">
          {t("forgot.backToLogin")}
        </Link>
      </div>
    </div>
  );
}
