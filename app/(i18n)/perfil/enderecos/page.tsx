import type { Metadata } from "next";
import { AddressesManager } from "@/components/account/addresses-manager";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("account");
  return { title: t("addresses.title"), robots: { index: false } };
}

export default async function AddressesPage() {
  const { t } = await getT("account");
  return (
    <section className="container-page max-w-3xl py-8 md:py-12">
      <h1 className="text-2xl font-bold md:text-3xl">{t("addresses.title")}</h1>
      <p className="mt-1 mb-6 text-muted">{t("addresses.subtitle")}</p>
      <AddressesManager />
    </section>
  );
}
