import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { getResources, getT } from "@/lib/i18n/server";
import "./globals.css";

// Namespaces the browser needs; legal texts are rendered on the server only.
const CLIENT_NAMESPACES = ["common", "errors", "search", "shop", "booking", "account"];

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("common");
  return {
    metadataBase: new URL(process.env.PUBLIC_SITE_URL || "http://localhost:3000"),
    title: { default: t("meta.title"), template: `%s · Navalha` },
    description: t("meta.description"),
    applicationName: "Navalha",
    icons: { icon: "/favicon.svg" },
  };
}

export const viewport: Viewport = { themeColor: "#0e0e10", width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { t, i18n, lng } = await getT("common");
  const resources = getResources(i18n, CLIENT_NAMESPACES, [lng]);
  return (
    <html lang={lng}>
      <body className="flex min-h-dvh flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-ink">
          {t("a11y.skip")}
        </a>
        <Providers lng={lng} resources={resources}>
          <SiteHeader />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
        </Providers>
      </body>
    </html>
  );
}
