import type { ReactNode } from "react";
import { SHARED_KEYS, pickKeys } from "@/components/booking/words";
import { getResources, getT } from "@/lib/i18n/server";
import { type Catalogues, WordsProvider } from "@/lib/i18n/words";

// The booking flow translates in the browser with lib/i18n/words over its own catalogue and the few texts
// of common and errors it shows (components/booking/words.ts), not i18next: a visitor from a shared link
// books with ~28 KB less script (issue 15). Its parent, the shop page, is translated on the server.
const SHARED_NAMESPACES = Object.keys(SHARED_KEYS);

export default async function BookingLayout({ children }: { children: ReactNode }) {
  const { i18n, lng } = await getT("booking");
  const all = getResources(i18n, ["booking", ...SHARED_NAMESPACES], [lng])[lng] as Catalogues;
  const catalogues: Catalogues = { booking: all.booking };
  for (const ns of SHARED_NAMESPACES) catalogues[ns] = pickKeys(all[ns] ?? {}, SHARED_KEYS[ns]);
  return (
    <WordsProvider lng={lng} catalogues={catalogues}>
      {children}
    </WordsProvider>
  );
}
