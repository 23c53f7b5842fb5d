/** The pages that legal-page.tsx renders. */
export type LegalPageKey = "terms" | "privacy" | "transparency" | "faq" | "contact";

/**
 * Pages that show only text, with the day their text last changed and the catalogue parts ("namespace:key")
 * that are that text. The day is the terms', privacy and transparency pages' "Updated on" line and each
 * page's lastmod in the sitemap. tests/unit/text-pages.test.ts holds a fingerprint of each page's text in the
 * three languages beside its day, and fails when the text changes and they do not: set the day of the change
 * here and the new fingerprint there.
 */
export const TEXT_PAGES: readonly { path: string; legal?: LegalPageKey; updated: string; texts: readonly string[] }[] = [
  {
    path: "/barbearias",
    updated: "2026-11-22",
    texts: ["search:list.title", "search:list.metaDescription", "search:list.chooseLocation", "search:list.browseCities"],
  },
  { path: "/termos-de-uso", legal: "terms", updated: "2026-11-24", texts: ["legal:terms"] },
  { path: "/privacidade", legal: "privacy", updated: "2026-12-02", texts: ["legal:privacy"] },
  { path: "/faq", legal: "faq", updated: "2026-11-28", texts: ["legal:faq"] },
  { path: "/transparencia", legal: "transparency", updated: "2026-11-22", texts: ["legal:transparency"] },
  { path: "/fale-conosco", legal: "contact", updated: "2026-11-29", texts: ["legal:contact"] },
];

/** The footer pages that say when they were last updated. */
export const DATED_LEGAL_PAGES: readonly LegalPageKey[] = ["terms", "privacy", "transparency"];

export function textUpdated(page: LegalPageKey): string {
  return TEXT_PAGES.find((p) => p.legal === page)!.updated;
}
