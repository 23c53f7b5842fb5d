import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AgendaView } from "@/components/agenda/agenda-view";
import { ClientI18n } from "@/components/client-i18n";
import { getResources, getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("agenda");
  return { title: t("meta.title"), robots: { index: false } };
}

/** The shop's agenda for the day in the URL (`?dia=2026-12-03`; the shop's today without it). */
export default async function AgendaPage({
  params,
  searchParams,
}: {
  params: Promise<{ shopId: string }>;
  searchParams: Promise<{ dia?: string | string[] }>;
}) {
  const { shopId } = await params;
  const { dia } = await searchParams;
  const id = Number(shopId);
  if (!/^\d{1,10}$/.test(shopId) || id < 1 || id > 2_147_483_647) notFound();
  const day = typeof dia === "string" && /^\d{4}-\d{2}-\d{2}$/.test(dia) && !Number.isNaN(Date.parse(`${dia}T00:00:00Z`)) ? dia : null;
  const { i18n, lng } = await getT("agenda");
  return (
    <ClientI18n lng={lng} resources={getResources(i18n, ["common", "errors", "agenda"], [lng])}>
      <div className="container-page max-w-none py-6 md:py-8">
        <AgendaView shopId={id} day={day} lng={lng} />
      </div>
    </ClientI18n>
  );
}
