import type { Metadata } from "next";
import { AuthCard } from "@/components/account/field";
import { ResetForm } from "@/components/account/reset-form";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("account");
  // The URL carries a secret: keep it out of search engines and of other sites' Referer.
  return { title: t("reset.title"), robots: { index: false }, referrer: "no-referrer" };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { t } = await getT("account");
  const { token, phone } = await searchParams;
  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle")}>
      <ResetForm token={typeof token === "string" ? token : undefined} phone={typeof phone === "string" ? phone : undefined} />
    </AuthCard>
  );
}
