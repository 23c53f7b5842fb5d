"use client";
import type { Resource } from "i18next";
import { I18nProvider } from "next-i18next/client";
import { type ReactNode } from "react";
import { SWRConfig } from "swr";
import { fetcher } from "@/lib/api/fetcher";
import { FALLBACK_LANG, LANGUAGES } from "@/lib/i18n/settings";
import { LanguageSync } from "./language-sync";
import { ToasterHost } from "@/lib/toast";
import { SessionRestorer } from "./session-restorer";

export function Providers({ lng, resources, children }: { lng: string; resources: Resource; children: ReactNode }) {
  return (
    <I18nProvider language={lng} resources={resources} supportedLngs={[...LANGUAGES]} fallbackLng={FALLBACK_LANG}>
      <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
        <SessionRestorer />
        <LanguageSync lng={lng} />
        {children}
        <ToasterHost />
      </SWRConfig>
    </I18nProvider>
  );
}
