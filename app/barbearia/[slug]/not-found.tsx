import type { Metadata } from "next";
import { ShopNotFoundContent } from "@/components/shop/shop-not-found";
import { getT } from "@/lib/i18n/server";

/** Its own title: a 404 is not the site's home page. */
export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("shop");
  return { title: t("notFound.title") };
}

export default async function ShopNotFound() {
  const { t } = await getT("shop");
  return <ShopNotFoundContent t={t} />;
}
