import type { Metadata } from "next";
import { connection } from "next/server";
import { JoinWizard } from "@/components/console/join-wizard";
import { getT } from "@/lib/i18n/server";
import { configuredMapTiles } from "@/lib/contract/onboarding";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("console");
  return { title: t("wizard.title") };
}

export default async function NewShopPage() {
  // The tile server is the one this server is configured with, read at each request.
  await connection();
  return (
    <section className="container-page max-w-xl py-6 md:py-12">
      <JoinWizard tiles={configuredMapTiles()} />
    </section>
  );
}
