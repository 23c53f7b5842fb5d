import type { Metadata } from "next";
import { AuthCard } from "@/components/account/field";
import { LoginForm } from "@/components/account/login-form";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("account");
  return { title: t("login.title"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const { t } = await getT("account");
  const next = (await searchParams).next;
  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <LoginForm next={typeof next === "string" ? next : undefined} />
    </AuthCard>
  );
}
