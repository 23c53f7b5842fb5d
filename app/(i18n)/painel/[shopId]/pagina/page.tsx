import type { Metadata } from "next";
import { connection } from "next/server";
import { PageEditor } from "@/components/console/page-editor";
import { getT } from "@/lib/i18n/server";
import { configuredMapTiles } from "@/lib/contract/onboarding";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("console");
  return { title: t("editor.title") };
}

export default async function ShopPageEditor() {
  // The tile server is the one this server is configured with, read at each request.
  await connection();
  return <PageEditor tiles={configuredMapTiles()} />;
}
