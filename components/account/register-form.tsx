"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Trans, useT } from "next-i18next/client";
import { useForm } from "react-hook-form";
import { signUp } from "@/lib/api/account";
import { call } from "@/lib/api/client";
import { saveSession } from "@/lib/api/session";
import { type TRegister, ZRegister } from "@/lib/contract/account";
import { Field, PhoneField } from "./field";
import { resolverOptions } from "./form-errors";
import { safeNext } from "./safe-next";

export function RegisterForm({ next }: { next?: string }) {
  const { t } = useT("account");
  const router = useRouter();
  const { register, handleSubmit, formState } = useForm<TRegister>({
    resolver: zodResolver(ZRegister, resolverOptions),
    defaultValues: { name: "", email: "", phone: "", password: "", password_confirmation: "" },
  });
  const phone = register("phone");

  const onSubmit = handleSubmit(async (values) => {
    const body = { ...values, birth_date: values.birth_date || undefined };
    const answer = await call(() => signUp(body), { t, errorKey: "SIGN_UP_ERROR", successKey: "register.success" });
    if (!answer) return;
    saveSession(answer.token, answer.user);
    router.push(safeNext(next));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label={t("fields.name")} autoComplete="name" error={formState.errors.name?.message} {...register("name")} />
      <Field
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        placeholder={t("placeholders.email")}
        error={formState.errors.email?.message}
        {...register("email")}
      />
      <PhoneField label={t("fields.phone")} placeholder={t("placeholders.phone")} error={formState.errors.phone?.message} {...phone} />
      <Field
        label={t("fields.birthDate")}
        type="date"
        autoComplete="bday"
        error={formState.errors.birth_date?.message}
        {...register("birth_date", { setValueAs: (v: string) => v || undefined })}
      />
      <Field label={t("fields.password")} type="password" autoComplete="new-password" error={formState.errors.password?.message} {...register("password")} />
      <Field
        label={t("fields.passwordConfirmation")}
        type="password"
        autoComplete="new-password"
        error={formState.errors.password_confirmation?.message}
        {...register("password_confirmation")}
      />
      <p className="text-xs text-muted">
        {/* The documents open in a tab of their own, so what the person has typed here stays. */}
        <Trans
          t={t}
          i18nKey="register.terms"
          components={{
            terms: <Link href="/termos-de-uso" target="_blank" className="text-primary underline underline-offset-2" />,
            privacy: <Link href="/privacidade" target="_blank" className="text-primary underline underline-offset-2" />,
          }}
        />
      </p>
      <button type="submit" className="btn-primary w-full" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
        {t("register.submit")}
      </button>
      <p className="text-center text-sm text-muted">
        {t("register.haveAccount")}{" "}
        <Link href="/entrar" className="inline-block py-2 font-semibold text-primary underline-offset-4 hover:underline">
          {t("register.signIn")}
        </Link>
      </p>
    </form>
  );
}
