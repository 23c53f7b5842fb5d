"use client";
import NextLink from "next/link";
import { type ComponentProps, createContext, useContext, useState } from "react";

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

/**
 * Next's Link, in the page's language, that prefetches the page it leads to when the visitor shows intent
 * (a finger or pointer on it, or keyboard focus) rather than as soon as it scrolls into view: a shop page
 * shows a dozen links, and prefetching each in two requests as the page opens was a third of its
 * main-thread work on a phone (decision 0032; measured with `npm run bench:lighthouse`). A link that says
 * `prefetch` itself keeps what it says.
 */
export function Link({ href, prefetch, ...props }: ComponentProps<typeof NextLink>) {
  const lng = useContext(PageLang);
  const [intent, setIntent] = useState(false);
  const wanted = () => setIntent(true);
  // (Pointer events cover a finger as well as a mouse; a link's own onFocus or onPointerEnter replaces these.)
  return (
    <NextLink
      href={typeof href === "string" ? withLang(href, lng) : href}
      prefetch={prefetch ?? (intent ? null : false)}
      onPointerEnter={wanted}
      onFocus={wanted}
      {...props}
    />
  );
}
