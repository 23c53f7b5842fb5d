import type { Metadata } from "next";
import { connection } from "next/server";
import { JoinWizard } from "@/components/console/join-wizard";
import { getT } from "@/lib/i18n/server";
import { env } from "@/lib/server/env";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("console");
  return { title: t("wizard.title") };
}

export default async function NewShopPage() {
  // The tile server is the one this server is configured with, read at each request.
  await connection();
  const e = env();
  return (
    <section className="container-page max-w-xl py-6 md:py-12">
      <JoinWizard tiles={{ url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION }} />
    </section>
  );
}
