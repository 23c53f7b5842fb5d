import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ClientI18n } from "@/components/client-i18n";
import { ConsoleGuard } from "@/components/console/console-guard";
import { getResources, getT } from "@/lib/i18n/server";
import { FALLBACK_LANG } from "@/lib/i18n/settings";

// The shop's console: signed-in only (a visitor goes to /entrar and comes back), with the console's words.
const NAMESPACES = ["common", "errors", "search", "shop", "booking", "account", "console"];

export async function generateMetadata(): Promise<Metadata> {
  const { t, lng } = await getT("console");
  return {
    title: { template: `%s · ${t("title")}`, default: t("title") },
    robots: { index: false, follow: false },
    // The console installs as its own web app (app/painel.webmanifest), standalone, as Web Push on iOS needs.
    manifest: lng === FALLBACK_LANG ? "/painel.webmanifest" : `/painel.webmanifest?lng=${lng}`,
  };
}

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { i18n, lng } = await getT("console");
  return (
    <ClientI18n lng={lng} resources={getResources(i18n, NAMESPACES, [lng])}>
      <ConsoleGuard>{children}</ConsoleGuard>
    </ClientI18n>
  );
}
