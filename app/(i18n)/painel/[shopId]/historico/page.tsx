import type { Metadata } from "next";
import { HistoryList } from "@/components/team/history-list";
import { WithWords } from "@/components/team/with-words";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("team");
  return { title: t("history.title"), robots: { index: false } };
}

type Props = { params: Promise<{ shopId: string }> };

export default async function HistoryPage({ params }: Props) {
  const { shopId } = await params;
  const { t } = await getT("team");
  return (
    <section className="container-page max-w-4xl py-8 md:py-12">
      <h1 className="text-2xl font-bold md:text-3xl">{t("history.title")}</h1>
      <p className="mt-1 mb-6 text-muted">{t("history.subtitle")}</p>
      <WithWords>
        <HistoryList shopId={shopId} />
      </WithWords>
    </section>
  );
}
