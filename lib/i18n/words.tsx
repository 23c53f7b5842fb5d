"use client";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { Translate } from "./translate";

// Words for client components without i18next in the browser (~28 KB gzip): the server hands over the
// catalogues a component needs and this resolves keys the way the project's catalogues use i18next —
// nested keys, {{name}} interpolation, plurals by `count` with the _zero, _one, _other... suffixes.
// The home page (what shared links and search engines open) and the booking page run on it; pages under app/(i18n) get it
// beside i18next (components/client-i18n.tsx), so a component that uses it works on both.

type Catalogue = { [key: string]: unknown };
export type Catalogues = Record<string, Catalogue>;

const Words = createContext<{ lng: string; catalogues: Catalogues } | null>(null);

export function WordsProvider({ lng, catalogues, children }: { lng: string; catalogues: Catalogues; children: ReactNode }) {
  const value = useMemo(() => ({ lng, catalogues }), [lng, catalogues]);
  return <Words.Provider value={value}>{children}</Words.Provider>;
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Catalogue)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** A translate function over one namespace of the catalogues (the key itself when it is missing, as i18next). */
export function translator(catalogue: Catalogue | undefined, lng: string): Translate {
  // Made when a count first asks for it: most texts have none.
  let plurals: Intl.PluralRules | undefined;
  return (key, options) => {
    const count = options?.count;
    let text: string | undefined;
    if (typeof count === "number") {
      if (count === 0) text = lookup(catalogue, `${key}_zero`);
      text ??= lookup(catalogue, `${key}_${(plurals ??= new Intl.PluralRules(lng)).select(count)}`) ?? lookup(catalogue, `${key}_other`);
    }
    text ??= lookup(catalogue, key);
    if (text === undefined) return key;
    return options ? text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (all, name: string) => (options[name] === undefined ? all : String(options[name]))) : text;
  };
}

/** `translator` of namespace `ns`, where "other:key" reads `key` of the catalogue "other" (i18next's separator). */
export function namespacedTranslator(catalogues: Catalogues, ns: string, lng: string): Translate {
  const own = translator(catalogues[ns], lng);
  const others = new Map<string, Translate>();
  return (key, options) => {
    const colon = key.indexOf(":");
    const other = colon > 0 ? key.slice(0, colon) : undefined;
    if (other === undefined || !(other in catalogues)) return own(key, options);
    let t = others.get(other);
    if (!t) others.set(other, (t = translator(catalogues[other], lng)));
    return t(key.slice(colon + 1), options);
  };
}

/** Like next-i18next's useT, from the catalogues of the nearest WordsProvider. */
export function useT(ns: string): { t: Translate; lng: string } {
  const words = useContext(Words);
  if (!words) throw new Error(`useT("${ns}") of lib/i18n/words needs a WordsProvider above it`);
  const { lng, catalogues } = words;
  const t = useMemo(() => namespacedTranslator(catalogues, ns, lng), [catalogues, ns, lng]);
  return { t, lng };
}
