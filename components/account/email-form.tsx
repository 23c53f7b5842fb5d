"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useT } from "next-i18next/client";
import { useForm } from "react-hook-form";
import { mutate } from "swr";
import { updateEmail } from "@/lib/api/account";
import { call } from "@/lib/api/client";
import { updateSessionUser } from "@/lib/api/session";
import { type TUpdateEmail, ZUpdateEmail } from "@/lib/contract/account";
import { Field } from "./field";
import { resolverOptions } from "./form-errors";
import { useRequireSession } from "./use-require-session";

export function EmailForm() {
  const { t } = useT("account");
  const router = useRouter();
  const { user } = useRequireSession();
  const { register, handleSubmit, formState } = useForm<TUpdateEmail>({ resolver: zodResolver(ZUpdateEmail, resolverOptions), defaultValues: { email: "" } });
  const onSubmit = handleSubmit(async (values) => {
    const answer = await call(() => updateEmail(values), { t, errorKey: "REGISTER_EMAIL_FAILED", successKey: "email.saved" });
    if (!answer) return;
    updateSessionUser(answer.user);
    void mutate("/user-data", answer, { revalidate: false });
    router.push("/perfil");
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted">{user?.email ? t("email.current", { email: user.email }) : t("email.none")}</p>
      <Field label={t("fields.email")} type="email" autoComplete="email" placeholder={t("placeholders.email")} error={formState.errors.email?.message} {...register("email")} />
      <button type="submit" className="btn-primary w-full" disabled={formState.isSubmitting}>
        {t("email.submit")}
      </button>
    </form>
  );
}
