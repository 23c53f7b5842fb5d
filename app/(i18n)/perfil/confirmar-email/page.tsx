import type { Metadata } from "next";
import { ConfirmEmail } from "@/components/account/confirm-email";
import { AuthCard } from "@/components/account/field";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("account");
  // The URL carries a secret: keep it out of search engines and of other sites' Referer.
  return { title: t("confirmEmail.title"), robots: { index: false }, referrer: "no-referrer" };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The e-mail change's link lands here; opening it changes nothing until the person confirms. */
export default async function ConfirmEmailPage({ searchParams }: Props) {
  const { t } = await getT("account");
  const { token } = await searchParams;
  return (
    <AuthCard title={t("confirmEmail.title")}>
      <ConfirmEmail token={typeof token === "string" ? token : ""} />
    </AuthCard>
  );
}
