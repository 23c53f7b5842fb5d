"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/ui/link";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { updateEmail } from "@/lib/api/account";
import { call } from "@/lib/api/client";
import { type TUpdateEmail, ZUpdateEmail } from "@/lib/contract/account";
import { currentPasswordProps, Field } from "./field";
import { resolverOptions } from "./form-errors";
import { useRequireSession } from "./use-require-session";

/** Asks for the new e-mail and the current password; the change waits for the link sent to the new address. */
export function EmailForm() {
  const { t } = useT("account");
  const { user } = useRequireSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<TUpdateEmail>({
    resolver: zodResolver(ZUpdateEmail, resolverOptions),
    defaultValues: { email: "", current_password: "" },
  });
  const onSubmit = handleSubmit(async (values) => {
    const answer = await call(() => updateEmail(values), { t, errorKey: "REGISTER_EMAIL_FAILED" });
    if (!answer) return;
    setSentTo(answer.sent_to);
    reset();
  });
  if (sentTo) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg border border-primary/60 bg-primary/10 p-3 text-sm">
          {t("email.sent", { email: sentTo })}
        </p>
        <Link href="/perfil" className="btn-ghost w-full">
          {t("email.back")}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted">{user?.email ? t("email.current", { email: user.email }) : t("email.none")}</p>
      <Field
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        placeholder={t("placeholders.email")}
        error={formState.errors.email?.message}
        {...register("email")}
      />
      <Field {...currentPasswordProps(t)} hint={t("email.passwordHint")} error={formState.errors.current_password?.message} {...register("current_password")} />
      <button type="submit" className="btn-primary w-full" disabled={formState.isSubmitting}>
        {t("email.submit")}
      </button>
    </form>
  );
}
