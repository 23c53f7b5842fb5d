import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { OwnerCta } from "@/components/owner-cta";
import { NextAppointment } from "@/components/home/next-appointment";
import { LocationSearch } from "@/components/search/location-search";
import { stripDays } from "@/components/search/when";
import { HIGHLIGHT_CITIES } from "@/components/search/cities";
import { formatRating } from "@/components/shop/format";
import { getResources, getT } from "@/lib/i18n/server";
import { type Catalogues, WordsProvider } from "@/lib/i18n/words";
import { getReadDb } from "@/lib/server/db/client";
import { cityHighlights } from "@/lib/server/shops/search";
import { alternates, sharePreview } from "@/components/shop/seo";
import { inLanguage } from "@/lib/i18n/settings";
import { siteShareImage } from "@/lib/i18n/share-image";
import { sitePreviewAlt } from "@/lib/i18n/share-alt";

export async function generateMetadata(): Promise<Metadata> {
  const { t, lng } = await getT("search");
  // The site's card in the page's language (app/share/opengraph-image.tsx): a page's openGraph replaces the layout's.
  const image = siteShareImage(lng, await sitePreviewAlt(lng));
  return {
    title: { absolute: t("home.metaTitle") },
    description: t("home.metaDescription"),
    alternates: alternates("/", lng),
    ...sharePreview({ title: t("home.metaTitle"), description: t("home.metaDescription"), url: inLanguage("/", lng), lng, image }),
  };
}

// The home page is outside app/(i18n): its search box translates with the catalogues it is handed here
// (lib/i18n/words), without i18next in the browser. Its preview is the site's card (app/share/opengraph-image.tsx).
const CLIENT_NAMESPACES = ["search", "shop"];

export default async function HomePage() {
  const { t, lng, i18n } = await getT("search");
  const catalogues = getResources(i18n, CLIENT_NAMESPACES, [lng])[lng] as Catalogues;
  const cities = await cityHighlights(await getReadDb(), HIGHLIGHT_CITIES);
  return (
    <>
      <section className="border-b border-line bg-[radial-gradient(ellipse_at_top,rgba(229,184,23,0.12),transparent_60%)]">
        <div className="container-page py-10 md:py-16">
          <NextAppointment
            lng={lng}
            labels={{ title: t("home.next.title"), today: t("home.next.today"), tomorrow: t("home.next.tomorrow"), with: t("home.next.with") }}
          />
          <h1 className="max-w-3xl text-3xl leading-tight font-bold md:text-5xl">{t("home.title")}</h1>
          <p className="mt-3 max-w-2xl text-base text-muted md:text-lg">{t("home.subtitle")}</p>
          <div className="mt-6 md:mt-8">
            <WordsProvider lng={lng} catalogues={catalogues}>
              <LocationSearch mode="home" lng={lng} days={stripDays(t, lng)} />
            </WordsProvider>
          </div>
        </div>
      </section>

      <section aria-labelledby="cities-title" className="container-page py-10 md:py-14">
        <h2 id="cities-title" className="text-2xl font-bold">
          {t("cities.title")}
        </h2>
        <p className="mt-1 text-muted">{t("cities.subtitle")}</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {cities.map((city) => (
            <li key={city.slug} className="card flex min-w-0 flex-col p-5">
              <h3 className="text-lg font-bold">
                <Link href={`/cidade/${city.slug}`} className="hover:text-primary">
                  {t(`cities.names.${city.slug}`)}
                </Link>
              </h3>
              <p className="text-sm text-muted">{t("cities.count", { count: city.count })}</p>
              {city.top.length > 0 ? (
                <>
                  <p className="mt-4 text-xs font-semibold tracking-wide text-muted uppercase">{t("cities.top")}</p>
                  <ol className="mt-2 flex flex-col gap-1">
                    {city.top.map((shop) => (
                      <li key={shop.id}>
                        <Link href={`/barbearia/${shop.slug}`} className="flex min-h-11 items-center justify-between gap-2 rounded-lg px-2 hover:bg-surface-2">
                          <span className="min-w-0 break-words">{shop.name}</span>
                          {shop.rating_count > 0 ? (
                            <span className="shrink-0 text-sm">
                              <span aria-hidden="true" className="text-primary">
                                ★
                              </span>{" "}
                              <span className="sr-only">{t("cities.rating")}</span>
                              {formatRating(lng, shop.rating_avg)}
                            </span>
                          ) : null}
                        </Link>
                      </li>
                    ))}
                  </ol>
                </>
              ) : null}
              <Link href={`/cidade/${city.slug}`} className="btn-ghost mt-4 self-start">
                {t("cities.see", { city: t(`cities.names.${city.slug}`) })}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-16 border-t border-line bg-surface">
        <OwnerCta />
      </div>
    </>
  );
}
