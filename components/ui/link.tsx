"use client";
import NextLink from "next/link";
import { type ComponentProps, createContext, useContext } from "react";

/** The language of the page being shown (pt-BR, en or es), from the root layout. */
const PageLang = createContext("pt-BR");
export const PageLangProvider = PageLang.Provider;

/**
 * An internal link that keeps the page's language in the URL: on an English page "/faq" becomes
 * "/faq?lng=en", so a crawler (which keeps no cookie) stays in English, and each language's pages link
 * to each other. Portuguese, the default, needs nothing; other hrefs (objects, other sites, #anchors,
 * links that already say their language) are left as they are.
 */
export function withLang(href: string, lng: string): string {
  if (lng !== "en" && lng !== "es") return href;
  if (!href.startsWith("/") || href.startsWith("//") || /[?&]lng=/.test(href)) return href;
  const [beforeHash, hash] = href.split("#", 2);
  const sep = beforeHash.includes("?") ? "&" : "?";
  return `${beforeHash}${sep}lng=${lng}${hash !== undefined ? `#${hash}` : ""}`;
}

export function Link({ href, ...props }: ComponentProps<typeof NextLink>) {
  const lng = useContext(PageLang);
  return <NextLink href={typeof href === "string" ? withLang(href, lng) : href} {...props} />;
}
