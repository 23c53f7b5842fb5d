"use client";
import { type ReactNode } from "react";
import { ToasterHost } from "@/lib/browser/toast";
import { LanguageSync } from "./language-sync";
import { PageLangProvider } from "./ui/link";
import { type PageErrorText, PageErrorTextProvider } from "./page-error-text";
import { SessionRestorer } from "./session-restorer";
import { InstallWatch } from "./install-watch";

/**
 * What every page needs in the browser: the session, the language check, toasts, and the browser's install
 * offer kept for after a booking (lib/browser/install-prompt.ts). SWR is not
 * here: each data hook carries its options (lib/api/swr.ts), so pages without one do not load it.
 * Nor is i18next: pages whose client components translate with next-i18next's useT are under
 * app/(i18n), whose layout adds <ClientI18n>; home and the booking page translate with lib/i18n/words,
 * and the shop and city pages are translated on the server.
 */
export function Providers({
  lng,
  errorText,
  closeToast,
  children,
}: {
  lng: string;
  errorText: PageErrorText;
  /** The toasts' close button's name, in the page's language (sonner's own is "Close toast"). */
  closeToast: string;
  children: ReactNode;
}) {
  return (
    <PageLangProvider value={lng}>
      <PageErrorTextProvider value={errorText}>
        <SessionRestorer />
        <LanguageSync lng={lng} />
        <InstallWatch />
        {children}
        <ToasterHost closeLabel={closeToast} />
      </PageErrorTextProvider>
    </PageLangProvider>
  );
}
