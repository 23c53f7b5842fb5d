import type { Metadata } from "next";
import { ReportsView } from "@/components/reports/reports-view";
import { WithReportWords } from "@/components/reports/with-words";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("reports");
  return { title: t("title"), robots: { index: false } };
}

type Props = { params: Promise<{ shopId: string }> };

export default async function ReportsPage({ params }: Props) {
  const { shopId } = await params;
  const { t } = await getT("reports");
  return (
    <section className="container-page max-w-5xl py-8 md:py-12">
      <h1 className="text-2xl font-bold md:text-3xl">{t("title")}</h1>
      <p className="mt-1 mb-6 text-muted">{t("intro")}</p>
      <WithReportWords>
        <ReportsView shopId={shopId} />
      </WithReportWords>
    </section>
  );
}
