import type { ReactNode } from "react";
import { ClientI18n } from "@/components/client-i18n";
import { getResources, getT } from "@/lib/i18n/server";

/** The reports page's words for its client part: its own catalogue, the team's (loading states) and errors. */
export async function WithReportWords({ children }: { children: ReactNode }) {
  const { i18n, lng } = await getT("reports");
  return (
    <ClientI18n lng={lng} resources={getResources(i18n, ["common", "errors", "team", "reports"], [lng])}>
      {children}
    </ClientI18n>
  );
}
