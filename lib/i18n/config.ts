import { defineConfig } from "next-i18next";
import { resources } from "./resources";
import { FALLBACK_LANG, LANG_COOKIE, LANG_HEADER, LANGUAGES, NAMESPACES } from "./settings";

export const i18nConfig = defineConfig({
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANG,
  defaultNS: "common",
  ns: [...NAMESPACES],
  // The language lives in ?lng=, a cookie or the browser, never in the path.
  localeInPath: false,
  cookieName: LANG_COOKIE,
  headerName: LANG_HEADER,
  resources,
});
