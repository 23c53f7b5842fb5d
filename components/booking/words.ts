// What the booking flow translates in the browser (lib/i18n/words): its own catalogue and these few texts
// of common and errors, which its layout picks out of those catalogues rather than sending them whole
// (every text sent is read by the page's script; decision 0033). words.test.ts checks that the flow asks for
// no other text of theirs.
import { CODE_DELIVERY_KEYS } from "@/components/code-delivery/keys";

type Catalogue = { [key: string]: unknown };

export const SHARED_KEYS: Record<string, readonly string[]> = {
  common: ["success.appointmentCreated"],
  errors: ["CREATE_APPOINTMENT_ERROR", "LOAD_SCHEDULES_ERROR"],
  // The services step's category headings (categoryKey, components/shop/service-groups.ts).
  search: ["category.hair", "category.beard", "category.combo", "category.care", "category.color"],
  // What the code field says of the code's delivery (components/code-delivery).
  "code-delivery": CODE_DELIVERY_KEYS,
};

/** The catalogue with only `keys` (dotted paths), nested as in the catalogue. */
export function pickKeys(catalogue: Catalogue, keys: readonly string[]): Catalogue {
  const picked: Catalogue = {};
  for (const key of keys) {
    const parts = key.split(".");
    let from: unknown = catalogue;
    let to = picked;
    parts.forEach((part, i) => {
      from = (from as Catalogue | undefined)?.[part];
      if (from === undefined) return;
      if (i === parts.length - 1) to[part] = from;
      else to = (to[part] ??= {}) as Catalogue;
    });
  }
  return picked;
}
