import type { ReactNode } from "react";
import { getResources, getT } from "@/lib/i18n/server";
import { type Catalogues, WordsProvider } from "@/lib/i18n/words";

// The booking flow translates in the browser with lib/i18n/words over the catalogues it reads (booking,
// and a few texts of common and errors), not i18next: a visitor from a shared link books with ~28 KB less
// script (issue 15). Its parent, the shop page, is translated on the server.
const CLIENT_NAMESPACES = ["booking", "common", "errors"];

export default async function BookingLayout({ children }: { children: ReactNode }) {
  const { i18n, lng } = await getT("booking");
  const catalogues = getResources(i18n, CLIENT_NAMESPACES, [lng])[lng] as Catalogues;
  return (
    <WordsProvider lng={lng} catalogues={catalogues}>
      {children}
    </WordsProvider>
  );
}
