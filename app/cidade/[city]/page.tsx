import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { preload } from "react-dom";
import { ShopCard } from "@/components/shop/shop-card";
import { JsonLdScript } from "@/components/shop/json-ld-script";
import { alternates, breadcrumbJsonLd, sharePreview, siteUrl } from "@/components/shop/seo";
import { inLanguage } from "@/lib/i18n/settings";
import { getT } from "@/lib/i18n/server";
import { getReadDb } from "@/lib/server/db/client";
import { shareImage } from "@/lib/i18n/share-image";
import { cityPreviewAlt } from "@/lib/i18n/share-alt";
import { findCity, listCityShops } from "@/lib/server/shops/search";
import { CITY_PAGE_SIZE, cityListPage, cityListPages, citySlugOf } from "@/lib/edge/page-lookup";

type Props = { params: Promise<{ city: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(props: Props) {
  const { city: slug } = await props.params;
  const raw = (await props.searchParams).page;
  const page = cityListPage(Array.isArray(raw) ? raw[0] : raw);
  if (citySlugOf(slug) === null) return null;
  const city = await findCity(await getReadDb(), slug);
  return city ? { city, page } : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const loaded = await load(props);
  if (!loaded) return {};
  const { t, lng } = await getT("search");
  const { city, page } = loaded;
  const path = page > 1 ? `/cidade/${city.slug}?page=${page}` : `/cidade/${city.slug}`;
  // Each page of the list has a title of its own (search engines list them apart).
  const title = page > 1 ? t("city.metaTitlePage", { city: city.name, page }) : t("city.metaTitle", { city: city.name });
  const description = t("city.metaDescription", { city: city.name, state: city.state });
  const image = shareImage(`/cidade/${city.slug}`, "card", lng, await cityPreviewAlt(city, lng));
  return {
    title,
    description,
    alternates: alternates(path, lng),
    // The segment's preview card in the page's language (named, it replaces the segment's list of all three).
    ...sharePreview({ title, description, url: inLanguage(path, lng), lng, image }),
  };
}

export default async function CityPage(props: Props) {
  const loaded = await load(props);
  if (!loaded) notFound();
  const { city, page } = loaded;
  const { t, lng } = await getT("search");
  const { t: tShop } = await getT("shop");
  const list = await listCityShops(await getReadDb(), city.slug, { skip: (page - 1) * CITY_PAGE_SIZE, limit: CITY_PAGE_SIZE });
  const pages = cityListPages(list.total);
  if (page > pages) notFound();
  // The first card's photo is the largest paint on phones: fetch it before the scripts.
  if (list.items[0]?.cover_url) preload(list.items[0].cover_url, { as: "image", fetchPriority: "high" });
  const itemList = {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: t("city.title", { city: city.name }),
    itemListElement: list.items.map((shop, i) => ({
      "@type": "ListItem",
      position: list.skip + i + 1,
      url: `${siteUrl()}/barbearia/${shop.slug}`,
      name: shop.name,
    })),
  };
  return (
    <div className="container-page py-8 md:py-12">
      <nav aria-label={t("city.breadcrumb")} className="text-sm text-muted">
        <Link href="/" className="hover:text-primary">
          {t("city.home")}
        </Link>{" "}
        / <span aria-current="page">{city.name}</span>
      </nav>
      <h1 className="mt-2 text-2xl font-bold md:text-4xl">{t("city.title", { city: city.name })}</h1>
      <p className="mt-2 text-muted">{t("city.subtitle", { count: list.total, city: city.name, state: city.state })}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {list.items.map((shop, i) => (
          <li key={shop.id} className="below-fold [contain-intrinsic-block-size:auto_24rem]">
            <ShopCard shop={shop} t={tShop} lng={lng} headingLevel={2} priority={i === 0} />
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label={t("city.pagination")} className="mt-8 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link href={page === 2 ? `/cidade/${city.slug}` : `/cidade/${city.slug}?page=${page - 1}`} rel="prev" className="btn-ghost">
              {t("city.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted">{t("city.page", { page, pages })}</span>
          {page < pages ? (
            <Link href={`/cidade/${city.slug}?page=${page + 1}`} rel="next" className="btn-primary">
              {t("city.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <JsonLdScript data={itemList} />
      <JsonLdScript
        data={breadcrumbJsonLd(
          [
            { name: t("city.home"), path: "/" },
            { name: city.name, path: `/cidade/${city.slug}` },
          ],
          lng,
        )}
      />
    </div>
  );
}
