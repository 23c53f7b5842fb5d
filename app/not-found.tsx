import type { Metadata } from "next";
import { headers } from "next/headers";
import { ShopNotFoundContent } from "@/components/shop/shop-not-found";
import { Link } from "@/components/ui/link";
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
    return (
      <section className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold">{t("city.notFound.title")}</h1>
        <p className="mt-3 text-muted">{t("city.notFound.body")}</p>
        <Link href="/" className="btn-primary mt-8">
          {t("city.notFound.action")}
        </Link>
      </section>
    );
  }
  const { t } = await getT("common");
  return (
    <div className="container-page py-20 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t("notFound.title")}</h1>
      <p className="mt-2 text-muted">{t("notFound.body")}</p>
      <Link href="/" className="btn-primary mt-6">
        {t("notFound.action")}
      </Link>
    </div>
  );
}
