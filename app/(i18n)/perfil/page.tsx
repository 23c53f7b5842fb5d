import type { Metadata } from "next";
import { ProfileView } from "@/components/account/profile-view";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("account");
  return { title: t("profile.title"), robots: { index: false } };
}

export default async function ProfilePage() {
  const { t } = await getT("account");
  return (
    <section className="container-page py-8 md:py-12">
      <h1 className="mb-6 text-2xl font-bold md:text-3xl">{t("profile.title")}</h1>
      <ProfileView />
    </section>
  );
}
