import type { Metadata } from "next";
import { headers } from "next/headers";
import { cache } from "react";
import { ClosedShopContent, ShopNotFoundContent } from "@/components/shop/shop-not-found";
import { NotFoundContent, NotFoundSuggestions } from "@/components/ui/not-found-content";
import { getT } from "@/lib/i18n/server";
import { PATH_HEADER } from "@/lib/i18n/settings";
import { NOT_FOUND_HEADER, pageOfPath, shopSlugOf, tidySlug } from "@/lib/edge/page-lookup";
import { getReadDb } from "@/lib/server/db/client";
import { findClosedShop } from "@/lib/server/shops/detail";
import { suggestPlaces, suggestShops } from "@/lib/server/shops/places";
import { countCityShops } from "@/lib/server/shops/search";

/** An unknown shop's or city's URL comes here from proxy.ts (with its HTML, unlike a page's notFound() in Next 16). */
async function unknownKind(): Promise<string | null> {
  return (await headers()).get(NOT_FOUND_HEADER);
}

/**
 * The shop an unknown shop's URL names when it has left Navalha (a link shared before it closed), else null.
 * Asked only for a shop's URL, which the proxy answers 503 for while the database is away; a failure here
 * leaves the plain not-found page.
 */
const closedShop = cache(async () => {
  const slug = await slugAsked("shop");
  return slug ? findClosedShop(await getReadDb(), slug).catch(() => null) : null;
});

/**
 * The slug an unknown shop's or city's URL names, as tidyPagePath reads it ("/barbearia/Dom-Ze)." names dom-ze,
 * which sends only open shops' links on); null for another page.
 */
async function slugAsked(kind: "shop" | "city"): Promise<string | null> {
  const page = pageOfPath((await headers()).get(PATH_HEADER) ?? "");
  const slug = page?.kind === kind ? shopSlugOf(page.segment) : null;
  return slug ? tidySlug(slug) : null;
}

/** That slug as words to look for ("sao-pualo" → "sao pualo"); null when there are none. */
async function wordsOf(kind: "shop" | "city"): Promise<string | null> {
  return (await slugAsked(kind))?.replace(/[-_.+]+/g, " ").trim() || null;
}

/**
 * The shops whose names come nearest to an unknown shop's URL (a link typed by hand, or cut short: "dom-ze-barbeari"),
 * as the search box finds them (typos forgiven, every word of three letters or more); none when it cannot be told.
 */
async function nearestShops() {
  const words = await wordsOf("shop");
  if (!words) return [];
  return suggestShops(await getReadDb(), words, 3).catch(() => []);
}

/** The cities with shops whose names come nearest to an unknown city's URL (a typo: "sao-pualo"), at most three. */
async function nearestCities() {
  const words = await wordsOf("city");
  if (!words) return [];
  try {
    const db = await getReadDb();
    const cities = (await suggestPlaces(db, words, 8)).filter((p) => p.kind === "city").slice(0, 3);
    const counts = await Promise.all(cities.map((c) => countCityShops(db, c.city_slug)));
    return cities.filter((_, i) => counts[i] > 0);
  } catch {
    return [];
  }
}

/** Its own title: a 404 is not the site's home page. */
export async function generateMetadata(): Promise<Metadata> {
  const kind = await unknownKind();
  if (kind === "city") return { title: (await getT("search")).t("city.notFound.title") };
  const { t } = await getT(kind === "shop" ? "shop" : "common");
  const closed = kind === "shop" ? await closedShop() : null;
  return { title: closed ? t("notFound.closed.title", { name: closed.name }) : t("notFound.title") };
}

export default async function NotFound() {
  const kind = await unknownKind();
  if (kind === "shop") {
    const { t } = await getT("shop");
    const closed = await closedShop();
    return closed ? <ClosedShopContent t={t} shop={closed} /> : <ShopNotFoundContent t={t} suggestions={await nearestShops()} />;
  }
  if (kind === "city") {
    const { t } = await getT("search");
    const cities = await nearestCities();
    return (
      <NotFoundContent title={t("city.notFound.title")} body={t("city.notFound.body")} action={t("city.notFound.action")} href="/">
        <NotFoundSuggestions
          heading={t("city.notFound.suggestions", { count: cities.length })}
          items={cities.map((c) => ({ key: c.id, href: `/cidade/${c.city_slug}`, title: c.label }))}
        />
      </NotFoundContent>
    );
  }
  const { t } = await getT("common");
  return <NotFoundContent kicker="404" title={t("notFound.title")} body={t("notFound.body")} action={t("notFound.action")} href="/" />;
}
