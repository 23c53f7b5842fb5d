import type { ReactNode } from "react";
import { ClientI18n } from "@/components/client-i18n";
import { getResources, getT } from "@/lib/i18n/server";

// Namespaces the browser needs; legal texts are rendered on the server only.
const CLIENT_NAMESPACES = ["common", "errors", "search", "shop", "booking", "account", "code-delivery"];

/**
 * Pages whose client components translate in the browser (forms, lists, booking) get i18next and
 * the catalogues here. The home, shop, city and footer pages stay outside this group: they are what
 * search engines and shared links open, and their few client parts take words from the server,
 * which keeps i18next (~28 KB gzip) out of their first load. So does the booking page
 * (app/barbearia/[slug]/agendar), whose flow translates with lib/i18n/words.
 */
export default async function I18nLayout({ children }: { children: ReactNode }) {
  const { i18n, lng } = await getT("common");
  return (
    <ClientI18n lng={lng} resources={getResources(i18n, CLIENT_NAMESPACES, [lng])}>
      {children}
    </ClientI18n>
  );
}
