"use client";
import type { Resource } from "i18next";
import { I18nProvider } from "next-i18next/client";
import type { ReactNode } from "react";
import { FALLBACK_LANG, LANGUAGES } from "@/lib/i18n/settings";

/** i18next in the browser, with the catalogues the server handed over, for components that useT. */
export function ClientI18n({ lng, resources, children }: { lng: string; resources: Resource; children: ReactNode }) {
  return (
    <I18nProvider language={lng} resources={resources} supportedLngs={[...LANGUAGES]} fallbackLng={FALLBACK_LANG}>
      {children}
    </I18nProvider>
  );
}
