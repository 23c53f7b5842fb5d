import "server-only";
import { eld } from "eld/extrasmall";
import type { Lang } from "./settings";

// The language of a text a shop or a client wrote (a description, a bio, a review), for the `lang` attribute of the
// element that shows it: a screen reader on an English page then reads a Portuguese review in Portuguese (WCAG
// 3.1.2, language of parts). Told apart among the site's three languages only (eld's n-gram detector), and only
// for a text of a few words: one word ("Degradê") says too little.

const OF: Record<string, Lang> = { pt: "pt-BR", en: "en", es: "es" };
const MIN_WORDS = 2;

export function textLang(text: string | null | undefined): Lang | null {
  const clean = text?.trim();
  if (!clean || (clean.match(/\p{L}{2,}/gu)?.length ?? 0) < MIN_WORDS) return null;
  const result = eld.detect(clean);
  return result.isReliable() ? (OF[result.language] ?? null) : null;
}
