import type { Metadata } from "next";
import { connection } from "next/server";
import { PageEditor } from "@/components/console/page-editor";
import { getT } from "@/lib/i18n/server";
import { env } from "@/lib/server/env";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("console");
  return { title: t("editor.title") };
}

export default async function ShopPageEditor() {
  // The tile server is the one this server is configured with, read at each request.
  await connection();
  const e = env();
  return <PageEditor tiles={{ url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION }} />;
}
