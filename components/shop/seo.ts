import type { Metadata } from "next";
import { inLanguage } from "@/lib/i18n/settings";

/**
 * Canonical URL and hreflang alternates. Each language's URL is its own canonical (an English page that
 * named the Portuguese one would be dropped from the index), and lists the others and x-default.
 */
export function alternates(path: string, lng = "pt-BR"): NonNullable<Metadata["alternates"]> {
  return { canonical: inLanguage(path, lng), languages: hreflangPaths(path) };
}

/** A page's URL in each language, by hreflang, and x-default (the Portuguese one): its alternates. */
export function hreflangPaths(path: string): Record<"pt-BR" | "en" | "es" | "x-default", string> {
  return { "pt-BR": path, en: inLanguage(path, "en"), es: inLanguage(path, "es"), "x-default": path };
}

/** A picture for og:image and twitter:image (lib/i18n/share-image.ts's shareImage). */
export type PreviewImage = { url: string; width: number; height: number; alt: string; type: string };

/**
 * The og and twitter tags of a page that people share: its title and description, its own URL (`url`, already
 * in its language) and one picture, in the page's language. (Given whole, they replace the layout's.)
 */
export function sharePreview(p: {
  title: string;
  description: string;
  url: string;
  lng: string;
  image: PreviewImage;
}): Pick<Metadata, "openGraph" | "twitter"> {
  return {
    openGraph: { title: p.title, description: p.description, url: p.url, type: "website", siteName: "Navalha", locale: ogLocale(p.lng), images: [p.image] },
    twitter: { card: "summary_large_image", title: p.title, description: p.description, images: [p.image] },
  };
}

/** og:locale of a page language. */
export function ogLocale(lng: string): string {
  return lng === "en" ? "en_US" : lng === "es" ? "es_ES" : "pt_BR";
}

/**
 * JSON for a <script type="application/ld+json">: "<" is escaped so that a value such as
 * "</script>" cannot close the element (the JSON stays equivalent).
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The site's public URL, read when asked (not when built): PUBLIC_SITE_URL of the running deployment. */
export function siteUrl(): string {
  return (process.env["PUBLIC_SITE_URL"] || "http://localhost:3000").replace(/\/$/, "");
}

/** schema.org BreadcrumbList from (name, path) pairs, the last one the page itself. */
export function breadcrumbJsonLd(items: { name: string; path: string }[], lng: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: `${siteUrl()}${inLanguage(item.path, lng)}` })),
  };
}

/**
 * A page's description for previews and search results: its facts first ("★ 4,7 · 13 avaliações ·
 * R$ 30,00 – R$ 215,00"), then its own text, within `max` characters. A text that does not fit is cut
 * after its last whole word, with "…"; whitespace (line breaks of an owner's text) becomes single spaces.
 */
export function previewDescription(facts: string[], text: string, max = 160): string {
  const head = facts.filter(Boolean).join(" · ");
  const body = text.replace(/\s+/g, " ").trim();
  const full = head && body ? `${head}. ${body}` : head || body;
  if (full.length <= max) return full;
  // (Never half of a character written with two UTF-16 units, such as an emoji.)
  const cut = full.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, "");
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:·–-]+$/, "")}…`;
}
