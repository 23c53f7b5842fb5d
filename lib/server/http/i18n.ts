import "server-only";
import { type Lang, LANGUAGES, langFromAcceptLanguage, FALLBACK_LANG, type Namespace } from "@/lib/i18n/settings";
import { resources } from "@/lib/i18n/resources";

/** The API answers in the language of Accept-Language (en, pt-BR, es); anything else is pt-BR. */
export function requestLang(req: Request): Lang {
  return langFromAcceptLanguage(req.headers.get("accept-language")) ?? FALLBACK_LANG;
}

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Translates a key of a namespace on the server, falling back to pt-BR, then to the key itself. */
export function translate(lng: Lang, ns: Namespace, key: string, vars: Record<string, unknown> = {}): string {
  const lang = LANGUAGES.includes(lng) ? lng : FALLBACK_LANG;
  const template = lookup(resources[lang][ns], key) ?? lookup(resources[FALLBACK_LANG][ns], key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ""));
}

export function hasTranslation(ns: Namespace, key: string): boolean {
  return lookup(resources[FALLBACK_LANG][ns], key) !== undefined;
}
