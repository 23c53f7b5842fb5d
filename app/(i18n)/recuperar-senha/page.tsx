import type { Metadata } from "next";
import { AuthCard } from "@/components/account/field";
import { ForgotForm } from "@/components/account/forgot-form";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("account");
  return { title: t("forgot.title"), robots: { index: false } };
}

export default async function ForgotPasswordPage() {
  const { t } = await getT("account");
  return (
    <AuthCard title={t("forgot.title")} subtitle={t("forgot.subtitle")}>
      <ForgotForm />
    </AuthCard>
  );
}
