import type { Metadata } from "next";
import { AuthCard } from "@/components/account/field";
import { RegisterForm } from "@/components/account/register-form";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("account");
  return { title: t("register.title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: Props) {
  const { t } = await getT("account");
  const next = (await searchParams).next;
  return (
    <AuthCard title={t("register.title")} subtitle={t("register.subtitle")}>
      <RegisterForm next={typeof next === "string" ? next : undefined} />
    </AuthCard>
  );
}
