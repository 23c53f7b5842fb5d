"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { detectBrowserLang, LANG_COOKIE, LANG_STORAGE_KEY } from "@/lib/i18n/settings";

function store(lang: string) {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // private mode: nothing to cache
  }
}

/**
 * Browser-side detection (?lng=, cookie, local storage, the browser, the html tag), cached in
 * local storage. When the browser knows better than the server did (no cookie yet but a
 * stored choice), the cookie is set and the page is rendered again in that language.
 *
 * The cookie is read (js-cookie, loaded then) only when the browser's choice differs from the page's: a
 * valid cookie is what the server rendered the page in, so when the browser agrees with the page there
 * is nothing to learn from it, and every visitor but those few is spared the library (decision 0033).
 */
export function LanguageSync({ lng }: { lng: string }) {
  const router = useRouter();
  useEffect(() => {
    const query = new URLSearchParams(window.location.search).get("lng");
    let storage: string | null = null;
    try {
      storage = localStorage.getItem(LANG_STORAGE_KEY);
    } catch {
      storage = null;
    }
    const browser = { query, storage, navigator: navigator.languages, htmlTag: document.documentElement.lang };
    const withoutCookie = detectBrowserLang(browser);
    if (query || withoutCookie === lng) {
      store(withoutCookie);
      return;
    }
    let cancelled = false;
    void import("js-cookie").then(({ default: Cookies }) => {
      if (cancelled) return;
      const cookie = Cookies.get(LANG_COOKIE) ?? null;
      const detected = detectBrowserLang({ ...browser, cookie });
      store(detected);
      if (detected !== lng && !cookie) {
        Cookies.set(LANG_COOKIE, detected, { expires: 365, sameSite: "lax", path: "/" });
        router.refresh();
      }
    });
    return () => {
      cancelled = true;
    };
  }, [lng, router]);
  return null;
}
