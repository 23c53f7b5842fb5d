import type { Metadata } from "next";
import { EmailForm } from "@/components/account/email-form";
import { AuthCard } from "@/components/account/field";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("account");
  return { title: t("email.title"), robots: { index: false } };
}

export default async function EmailPage() {
  const { t } = await getT("account");
  return (
    <AuthCard title={t("email.title")} subtitle={t("email.subtitle")}>
      <EmailForm />
    </AuthCard>
  );
}
