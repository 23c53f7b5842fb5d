import type { Metadata } from "next";
import { MyShops } from "@/components/console/my-shops";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("console");
  return { title: t("myShops.title") };
}

export default async function ConsolePage() {
  const { t } = await getT("console");
  return (
    <section className="container-page py-8 md:py-12">
      <h1 className="text-2xl font-bold md:text-3xl">{t("myShops.title")}</h1>
      <p className="mt-1 mb-6 text-muted">{t("myShops.subtitle")}</p>
      <MyShops />
    </section>
  );
}
