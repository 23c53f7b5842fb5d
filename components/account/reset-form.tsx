"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useT } from "next-i18next/client";
import { useForm } from "react-hook-form";
import { resetPassword } from "@/lib/api/account";
import { call } from "@/lib/api/client";
import { clearSession } from "@/lib/api/session";
import { type TResetPassword, ZResetPassword } from "@/lib/contract/account";
import { Field, PhoneField } from "./field";
import { resolverOptions } from "./form-errors";
import { maskPhoneBr as maskPhone } from "@/lib/text/phone-mask";

/** The token of an e-mail link arrives in the URL; a WhatsApp code is typed with its phone. */
export function ResetForm({ token, phone }: { token?: string; phone?: string }) {
  const { t } = useT("account");
  const router = useRouter();
  const fromLink = Boolean(token);
  const { register, handleSubmit, formState } = useForm<TResetPassword>({
    resolver: zodResolver(ZResetPassword, resolverOptions),
    defaultValues: { token: token ?? "", phone: phone ? maskPhone(phone) : undefined, password: "", password_confirmation: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    const ok = await call(() => resetPassword(values), { t, errorKey: "RESET_PASSWORD_ERROR", successKey: "common:success.passwordReset" });
    if (!ok) return;
    clearSession();
    router.push("/entrar");
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted">{fromLink ? t("reset.linkHint") : t("reset.codeHint")}</p>
      {fromLink ? (
        <>
          <input type="hidden" {...register("token")} />
          {/* A link cut short when it was copied fails before the server is asked: say so, or the tap does nothing. */}
          {formState.errors.token && (
            <p role="alert" className="text-sm text-danger">
              {t("reset.badLink")}
            </p>
          )}
        </>
      ) : (
        <>
          <Field label={t("fields.code")} inputMode="numeric" autoComplete="one-time-code" error={formState.errors.token?.message} {...register("token")} />
          <PhoneField
            label={t("fields.phone")}
            placeholder={t("placeholders.phone")}
            error={formState.errors.phone?.message}
            {...register("phone", { setValueAs: (v: string) => v || undefined })}
          />
        </>
      )}
      <Field label={t("fields.newPassword")} type="password" autoComplete="new-password" error={formState.errors.password?.message} {...register("password")} />
      <Field
        label={t("fields.passwordConfirmation")}
        type="password"
        autoComplete="new-password"
        error={formState.errors.password_confirmation?.message}
        {...register("password_confirmation")}
      />
      <button type="submit" className="btn-primary w-full" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
        {t("reset.submit")}
      </button>
      <p className="text-center text-sm">
        <Link href="/recuperar-senha" className="inline-block py-2 text-primary underline-offset-4 hover:underline">
          {t("reset.requestAgain")}
        </Link>
      </p>
    </form>
  );
}
