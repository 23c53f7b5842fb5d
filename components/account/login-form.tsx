"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { signIn } from "@/lib/api/account";
import { call } from "@/lib/api/client";
import { errorCode } from "@/lib/api/errors";
import { saveSession } from "@/lib/api/session";
import { type TLogin, ZLogin } from "@/lib/contract/account";
import { Field } from "./field";
import { resolverOptions } from "./form-errors";
import { safeNext } from "./safe-next";

export function LoginForm({ next }: { next?: string }) {
  const { t } = useT("account");
  const router = useRouter();
  const { register, handleSubmit, formState } = useForm<TLogin>({ resolver: zodResolver(ZLogin, resolverOptions), defaultValues: { login: "", password: "" } });

  // The toast says the spec's "Login failed" and goes; this stays by the form and says what to check.
  const [wrong, setWrong] = useState(false);

  const onSubmit = handleSubmit(async (values) => {
    setWrong(false);
    const answer = await call(() => signIn(values), {
      t,
      errorKey: "LOGIN_FAILED",
      successKey: "login.success",
      onError: (_, err) => setWrong(errorCode(err) === "LOGIN_FAILED"),
    });
    if (!answer) return;
    saveSession(answer.token, answer.user);
    router.push(safeNext(next));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label={t("fields.login")}
        autoComplete="username"
        placeholder={t("placeholders.login")}
        error={formState.errors.login?.message}
        {...register("login")}
      />
      <Field
        label={t("fields.password")}
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register("password")}
      />
      {wrong && (
        <p role="alert" className="text-sm text-danger">
          {t("login.wrong")}
        </p>
      )}
      <div className="text-right text-sm">
        <Link href="/recuperar-senha" className="inline-block py-2 text-primary underline-offset-4 hover:underline">
          {t("login.forgot")}
        </Link>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
        {t("login.submit")}
      </button>
      <p className="text-center text-sm text-muted">
        {t("login.noAccount")}{" "}
        <Link
          href={next ? `/cadastro?next=${encodeURIComponent(next)}` : "/cadastro"}
          className="inline-block py-2 font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t("login.signUp")}
        </Link>
      </p>
    </form>
  );
}
