import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClientI18n } from "@/components/client-i18n";
import { ClientsView } from "@/components/clients/clients-view";
import { getResources, getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("clients");
  return { title: t("meta.title"), robots: { index: false } };
}

/** The shop's clients, and the card of the one in the URL (`?cliente=12`). */
export default async function ClientsPage({ params }: { params: Promise<{ shopId: string }> }) {
  const { shopId } = await params;
  const id = Number(shopId);
  if (!/^\d{1,10}$/.test(shopId) || id < 1 || id > 2_147_483_647) notFound();
  const { i18n, t, lng } = await getT("clients");
  return (
    <ClientI18n lng={lng} resources={getResources(i18n, ["common", "errors", "clients"], [lng])}>
      <section className="container-page max-w-5xl py-2">
        <h1 className="text-2xl font-bold md:text-3xl">{t("title")}</h1>
        <p className="mt-1 mb-6 text-muted">{t("subtitle")}</p>
        <ClientsView shopId={id} lng={lng} />
      </section>
    </ClientI18n>
  );
}
