import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { preload } from "react-dom";
import { formatPriceRange, formatRating, weekdayIn } from "@/components/shop/format";
import { shopJsonLd } from "@/components/shop/json-ld";
import { JsonLdScript } from "@/components/shop/json-ld-script";
import { alternates, breadcrumbJsonLd, previewDescription, sharePreview } from "@/components/shop/seo";
import { inLanguage } from "@/lib/i18n/settings";
import { ShopAboutSection } from "@/components/shop/shop-about-section";
import { ShopBookingBar, ShopBookingCard } from "@/components/shop/shop-booking-section";
import { ShopFreeTimes } from "@/components/shop/shop-free-times";
import { ShopGallerySection } from "@/components/shop/shop-gallery-section";
import { ShopHeaderSection } from "@/components/shop/shop-header-section";
import { ShopHoursSection } from "@/components/shop/shop-hours-section";
import { reviewsShown } from "@/components/shop/reviews-paging";
import { ShopRatingsSection } from "@/components/shop/shop-ratings-section";
import { ShopServicesSection } from "@/components/shop/shop-services-section";
import { ShopTabs } from "@/components/shop/shop-tabs";
import { ShopTeamSection } from "@/components/shop/shop-team-section";
import { CATEGORIES } from "@/lib/contract/search-constants";
import type { TShop } from "@/lib/contract/shops";
import { getT } from "@/lib/i18n/server";
import { getReadDb } from "@/lib/server/db/client";
import { shareImage } from "@/lib/i18n/share-image";
import { shopPreviewAlt } from "@/lib/server/share/card-image";
import { getShopPage } from "@/lib/server/shops/detail";
import { decodeSegment } from "@/lib/text/url-segment";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// generateMetadata and the page share one database read per request. `reviews` is how many reviews the
// Ratings tab shows at first: more than its first page after "See more reviews" without JavaScript.
const loadShop = cache(async (raw: string, reviews: number) => {
  const slug = decodeSegment(raw);
  // PostgreSQL text cannot hold NUL: such a slug cannot exist.
  if (slug.length > 200 || slug.includes("\u0000")) return null;
  return getShopPage(await getReadDb(), slug, reviews);
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug } = await params;
  const data = await loadShop(slug, reviewsShown((await searchParams).reviews));
  // The page answers the 404 (with metadata in the head, nothing is sent before the page has run);
  // throwing here would render Next's bare error shell, without lang or content for readers without JS.
  if (!data) return {};
  const { t, lng } = await getT("shop");
  const { shop } = data;
  const title = t("meta.title", { name: shop.name, neighborhood: shop.neighborhood, city: shop.city });
  // What a preview (WhatsApp shows a line or two) and a search result should tell first: the rating, how
  // many reviews and the prices, in the page's language; then the shop's own words.
  const facts = [
    shop.rating_count > 0 ? `★ ${formatRating(lng, shop.rating_avg)}` : "",
    shop.rating_count > 0 ? t("card.reviews", { count: shop.rating_count }) : "",
    formatPriceRange(lng, shop.price_from, shop.price_to) ?? "",
  ];
  const description = previewDescription(
    facts,
    shop.description || t("meta.description", { name: shop.name, neighborhood: shop.neighborhood, city: shop.city }),
  );
  const path = `/barbearia/${shop.slug}`;
  const image = shareImage(path, "card", lng, shopPreviewAlt(shop));
  return {
    title,
    description,
    alternates: alternates(path, lng),
    // The picture is the segment's opengraph-image (a PNG of the shop's name, rating, place and photo) in
    // the page's language: named here, it replaces the segment's list of all three.
    ...sharePreview({ title, description, url: inLanguage(path, lng), lng, image }),
  };
}

export default async function ShopPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const data = await loadShop(slug, reviewsShown((await searchParams).reviews));
  if (!data) notFound();
  const { shop, citySlug, barbers, services, reviews, freeTimesFor } = data;
  const { t, lng } = await getT("shop");
  const { t: tSearch } = await getT("search");
  // The services' categories by the names the search box's filter gives them.
  const categoryLabels = Object.fromEntries(CATEGORIES.map((c) => [c, tSearch(`category.${c}`)]));
  const book = `/barbearia/${shop.slug}/agendar`;
  // The service the next free times are for (featuredServiceOf: the most booked haircut, then the shortest, never a touch-up; the
  // lists' cards use the same; none: a shop with no service bookable online shows none).
  const forService = services.find((s) => s.id === freeTimesFor);
  const today = weekdayIn(shop.timezone);
  const price = formatPriceRange(lng, shop.price_from, shop.price_to);
  const photos = [shop.cover_url, ...shop.photos].filter((u): u is string => Boolean(u)).filter((u, i, all) => all.indexOf(u) === i);
  // The first photo is the largest paint: fetch it before the scripts.
  if (photos[0]) preload(photos[0], { as: "image", fetchPriority: "high" });

  return (
    <article className="pb-24 lg:pb-12">
      <div className="container-page pt-4">
        <nav aria-label={t("breadcrumb")} className="text-sm text-muted">
          <Link href="/" className="hover:text-primary">
            {t("home")}
          </Link>{" "}
          /{" "}
          <Link href={`/cidade/${encodeURIComponent(citySlug)}`} className="hover:text-primary">
            {shop.city}
          </Link>{" "}
          / <span aria-current="page">{shop.name}</span>
        </nav>
      </div>

      {/* Early in the tab order, though drawn at the bottom of a phone's screen: "Agendar" is the page's main action. */}
      <ShopBookingBar bookHref={book} t={t} />

      <ShopGallerySection photos={photos} shopName={shop.name} t={t} />

      <div className="container-page mt-5 grid gap-8 lg:grid-cols-[1fr_320px]">
        {/* First in the tab order on a desktop too, drawn in the right column. */}
        <ShopBookingCard shop={shop} price={price} bookHref={book} t={t} lng={lng} />
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <ShopHeaderSection shop={shop} price={price} today={today} t={t} lng={lng}>
            {forService && (
              <ShopFreeTimes
                shopId={shop.id}
                slug={shop.slug}
                bookHref={book}
                lng={lng}
                serviceId={forService.id}
                labels={{
                  title: t("freeTimes.title", { service: forService.name }),
                  titleFor: t("freeTimes.title", { service: "{service}" }),
                  today: t("card.today"),
                  tomorrow: t("card.tomorrow"),
                  zone: t("card.zone", { offset: "{offset}" }),
                  bookAt: t("card.bookAt", { when: "{when}", shop: shop.name }),
                  none: t("freeTimes.none"),
                  other: t("freeTimes.other"),
                  see: t("freeTimes.see"),
                  loading: t("freeTimes.loading"),
                }}
              />
            )}
          </ShopHeaderSection>

          <div className="mt-6">
            <ShopTabs
              label={t("tabs.label")}
              tabs={[
                { id: "about", label: t("tabs.about"), panel: <ShopAboutSection shop={shop} t={t} lng={lng} /> },
                { id: "hours", label: t("tabs.hours"), panel: <ShopHoursSection shop={shop} today={today} t={t} lng={lng} /> },
                {
                  id: "ratings",
                  label: t("tabs.ratings"),
                  panel: <ShopRatingsSection shopId={shop.id} path={`/barbearia/${shop.slug}`} reviews={reviews} barbers={barbers} t={t} lng={lng} />,
                },
              ]}
            />
          </div>

          <ShopServicesSection services={services} bookHref={book} t={t} lng={lng} categoryLabels={categoryLabels} />
          <ShopTeamSection barbers={barbers} bookHref={book} t={t} lng={lng} />
        </div>
      </div>

      <JsonLdScript data={shopJsonLd(shop, lng)} />
      <JsonLdScript
        data={breadcrumbJsonLd(
          [
            { name: t("home"), path: "/" },
            { name: shop.city, path: `/cidade/${citySlug}` },
            { name: shop.name, path: `/barbearia/${shop.slug}` },
          ],
          lng,
        )}
      />
    </article>
  );
}
