import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { headers } from "next/headers";
import { alternates, ogLocale, siteUrl } from "@/components/shop/seo";
import { inLanguage } from "@/lib/i18n/settings";
import { getT } from "@/lib/i18n/server";
import { siteShareImage } from "@/lib/i18n/share-image";
import { sitePreviewAlt } from "@/lib/i18n/share-alt";
import { FALLBACK_LANG, PATH_HEADER } from "@/lib/i18n/settings";
import { iconPath } from "@/lib/brand/app-icons";
import { MARK } from "@/lib/brand/brand-mark";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const { t, lng } = await getT("common");
  // Every page names its own URL in its language, its alternates and its preview; pages with more to say
  // (home, list, city, shop) replace these with their own.
  const path = (await headers()).get(PATH_HEADER);
  // The site's preview card in the page's language (app/share/opengraph-image.tsx).
  const image = siteShareImage(lng, await sitePreviewAlt(lng));
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: t("meta.title"), template: `%s · Navalha` },
    description: t("meta.description"),
    applicationName: "Navalha",
    // The mark in the tab, and on a phone's home screen with the manifest (lib/brand/app-icons.ts); the manifest of
    // the page's language opens the site in it.
    icons: {
      icon: [
        { url: "/favicon.svg", type: "image/svg+xml" },
        { url: iconPath("icon-192.png"), type: "image/png", sizes: "192x192" },
      ],
      apple: iconPath("apple-touch-icon.png"),
    },
    manifest: lng === FALLBACK_LANG ? "/manifest.webmanifest" : `/manifest.webmanifest?lng=${lng}`,
    // The name under the icon on an iPhone's home screen (else the page's title, cut: "Cabelo & Barba Co. – b…").
    appleWebApp: { title: "Navalha" },
    // Without the proxy's path (never expected) no canonical is claimed rather than a wrong one.
    alternates: path ? alternates(path, lng) : undefined,
    openGraph: {
      type: "website",
      siteName: "Navalha",
      locale: ogLocale(lng),
      url: path ? inLanguage(path, lng) : undefined,
      title: t("meta.title"),
      description: t("meta.description"),
      images: [image],
    },
    twitter: { card: "summary_large_image", images: [image] },
  };
}

export const viewport: Viewport = { themeColor: MARK.background, width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { t, lng } = await getT("common");
  const errorText = { title: t("pageError.title"), body: t("pageError.body"), retry: t("actions.retry"), home: t("notFound.action") };
  return (
    <html lang={lng}>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-ink"
        >
          {t("a11y.skip")}
        </a>
        <Providers lng={lng} errorText={errorText} closeToast={t("actions.closeToast")}>
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
