"use client";
import { type ReactNode } from "react";
import { SWRConfig } from "swr";
import { fetcher } from "@/lib/api/fetcher";
import { ToasterHost } from "@/lib/toast";
import { LanguageSync } from "./language-sync";
import { PageLangProvider } from "./ui/link";
import { type PageErrorText, PageErrorTextProvider } from "./page-error-text";
import { SessionRestorer } from "./session-restorer";

/**
 * What every page needs in the browser: data fetching, the session, the language check and
 * toasts. i18next is not here: pages whose client components translate with useT are under
 * app/(i18n), whose layout adds <ClientI18n>; the shop and city pages are translated on the server.
 */
export function Providers({
  lng,
  errorText,
  children,
}: {
  lng: string;
  errorText: PageErrorText;
  children: ReactNode;
}) {
  return (
    <SWRConfig
      value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false }}
    >
      <PageLangProvider value={lng}>
        <PageErrorTextProvider value={errorText}>
          <SessionRestorer />
          <LanguageSync lng={lng} />
          {children}
          <ToasterHost />
        </PageErrorTextProvider>
      </PageLangProvider>
    </SWRConfig>
  );
}
