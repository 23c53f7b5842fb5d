import type { Metadata } from "next";
import { headers } from "next/headers";
import { ShopNotFoundContent } from "@/components/shop/shop-not-found";
import { NotFoundContent } from "@/components/ui/not-found-content";
import { getT } from "@/lib/i18n/server";
import { NOT_FOUND_HEADER } from "@/lib/page-lookup";

/** An unknown shop's or city's URL comes here from proxy.ts (with its HTML, unlike a page's notFound() in Next 16). */
async function unknownKind(): Promise<string | null> {
  return (await headers()).get(NOT_FOUND_HEADER);
}

/** Its own title: a 404 is not the site's home page. */
export async function generateMetadata(): Promise<Metadata> {
  const kind = await unknownKind();
  if (kind === "city") return { title: (await getT("search")).t("city.notFound.title") };
  const { t } = await getT(kind === "shop" ? "shop" : "common");
  return { title: t("notFound.title") };
}

export default async function NotFound() {
  const kind = await unknownKind();
  if (kind === "shop") {
    const { t } = await getT("shop");
    return <ShopNotFoundContent t={t} />;
  }
  if (kind === "city") {
    const { t } = await getT("search");
    return <NotFoundContent title={t("city.notFound.title")} body={t("city.notFound.body")} action={t("city.notFound.action")} href="/" />;
  }
  const { t } = await getT("common");
  return <NotFoundContent kicker="404" title={t("notFound.title")} body={t("notFound.body")} action={t("notFound.action")} href="/" />;
}
