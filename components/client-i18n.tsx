"use client";
import type { Resource } from "i18next";
import { I18nProvider } from "next-i18next/client";
import type { ReactNode } from "react";
import { FALLBACK_LANG, LANGUAGES } from "@/lib/i18n/settings";
import { type Catalogues, WordsProvider } from "@/lib/i18n/words";

/**
 * i18next in the browser, with the catalogues the server handed over, for components that useT; the
 * same catalogues for components that translate with lib/i18n/words (also used where i18next is not).
 */
export function ClientI18n({ lng, resources, children }: { lng: string; resources: Resource; children: ReactNode }) {
  return (
    <I18nProvider language={lng} resources={resources} supportedLngs={[...LANGUAGES]} fallbackLng={FALLBACK_LANG}>
      <WordsProvider lng={lng} catalogues={(resources[lng] ?? {}) as Catalogues}>
        {children}
      </WordsProvider>
    </I18nProvider>
  );
}
