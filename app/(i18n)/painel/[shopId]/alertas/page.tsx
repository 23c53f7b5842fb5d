import type { Metadata } from "next";
import { AlertSettings } from "@/components/alerts/alert-settings";
import { WithAlertWords } from "@/components/alerts/with-words";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("alerts");
  return { title: t("title"), robots: { index: false } };
}

type Props = { params: Promise<{ shopId: string }> };

export default async function AlertsPage({ params }: Props) {
  const { shopId } = await params;
  const { t } = await getT("alerts");
  return (
    <section className="container-page max-w-3xl py-8 md:py-12">
      <h1 className="text-2xl font-bold md:text-3xl">{t("title")}</h1>
      <p className="mt-1 mb-6 text-muted">{t("intro")}</p>
      <WithAlertWords>
        <AlertSettings shopId={shopId} />
      </WithAlertWords>
    </section>
  );
}
