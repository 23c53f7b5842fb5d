import type { ReactNode } from "react";
import { ClientI18n } from "@/components/client-i18n";
import { getResources, getT } from "@/lib/i18n/server";

/**
 * The console's words for its client parts, around the page: the (i18n) group's catalogues and the console's own
 * (team, catalogue, hours), so the page needs nothing of the layout above it.
 */
export async function WithWords({ children }: { children: ReactNode }) {
  const { i18n, lng } = await getT("team");
  return (
    <ClientI18n lng={lng} resources={getResources(i18n, ["common", "errors", "account", "team", "catalogue", "hours"], [lng])}>
      {children}
    </ClientI18n>
  );
}
