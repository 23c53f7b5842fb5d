"use client";
import type { Resource } from "i18next";
import { I18nProvider } from "next-i18next/client";
import { type ReactNode } from "react";
import { Toaster } from "sonner";
import { SWRConfig } from "swr";
import { fetcher } from "@/lib/api/client";
import { FALLBACK_LANG, LANGUAGES } from "@/lib/i18n/settings";
import { LanguageSync } from "./language-sync";
import { SessionRestorer } from "./session-restorer";

export const TOAST_DURATION_MS = 4000;

export function Providers({ lng, resources, children }: { lng: string; resources: Resource; children: ReactNode }) {
  return (
    <I18nProvider language={lng} resources={resources} supportedLngs={[...LANGUAGES]} fallbackLng={FALLBACK_LANG}>
      <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
        <SessionRestorer />
        <LanguageSync lng={lng} />
        {children}
        <Toaster theme="dark" position="top-center" duration={TOAST_DURATION_MS} closeButton richColors />
      </SWRConfig>
    </I18nProvider>
  );
}
