"use client";
import Cookies from "js-cookie";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { detectBrowserLang, LANG_COOKIE, LANG_STORAGE_KEY } from "@/lib/i18n/settings";

/**
 * Browser-side detection (?lng=, cookie, local storage, the browser, the html tag), cached in
 * local storage. When the browser knows better than the server did (no cookie yet but a
 * stored choice), the cookie is set and the page is rendered again in that language.
 */
export function LanguageSync({ lng }: { lng: string }) {
  const router = useRouter();
  useEffect(() => {
    const query = new URLSearchParams(window.location.search).get("lng");
    const cookie = Cookies.get(LANG_COOKIE) ?? null;
    let storage: string | null = null;
    try {
      storage = localStorage.getItem(LANG_STORAGE_KEY);
    } catch {
      storage = null;
    }
    const detected = detectBrowserLang({ query, cookie, storage, navigator: navigator.languages, htmlTag: document.documentElement.lang });
    try {
      localStorage.setItem(LANG_STORAGE_KEY, detected);
    } catch {
      // private mode: nothing to cache
    }
    if (detected !== lng && !cookie && !query) {
      Cookies.set(LANG_COOKIE, detected, { expires: 365, sameSite: "lax", path: "/" });
      router.refresh();
    }
  }, [lng, router]);
  return null;
}
