import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { preload } from "react-dom";
import { formatDuration, formatMoney, formatPriceRange, formatRating, weekdayIn, weekdayName } from "@/components/shop/format";
import { favoriteLabels } from "@/components/favorites/favorite-labels";
import { ReviewItem, reviewLabels } from "@/components/shop/review-item";
import { ReviewsMore } from "@/components/shop/reviews-more";
import { alternates, serializeJsonLd, siteUrl } from "@/components/shop/seo";
import { ShopFavorite } from "@/components/shop/shop-favorite";
import { ShopTabs } from "@/components/shop/shop-tabs";
import { Avatar } from "@/components/ui/avatar";
import { formatPhoneBr } from "@/lib/contract/common";
import type { TShop } from "@/lib/contract/shops";
import { getT } from "@/lib/i18n/server";
import { getReadDb } from "@/lib/server/db/client";
import { getShopPage } from "@/lib/server/shops/detail";

type Props = { params: Promise<{ slug: string }> };

const REVIEWS_FIRST_PAGE = 5;
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

// generateMetadata and the page share one database read per request.
const loadShop = cache(async (raw: string) => {
  const slug = safeDecode(raw);
  // PostgreSQL text cannot hold NUL: such a slug cannot exist.
  if (slug.length > 200 || slug.includes("\u0000")) return null;
  return getShopPage(await getReadDb(), slug, REVIEWS_FIRST_PAGE);
});

/** Segments may arrive still percent-encoded; a stray "%" must not throw. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const mapsUrl = (shop: TShop) => `https://www.google.com/maps/search/?api=1&query=${shop.latitude},${shop.longitude}`;
const absolute = (url: string) => (url.startsWith("http") ? url : `${siteUrl()}${url}`);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const data = await loadShop(slug);
  // Throwing here (not only in the page) lets crawlers get a real 404 status.
  if (!data) notFound();
  const { t } = await getT("shop");
  const { shop } = data;
  const title = t("meta.title", { name: shop.name, neighborhood: shop.neighborhood, city: shop.city });
  const description = (shop.description || t("meta.description", { name: shop.name, neighborhood: shop.neighborhood, city: shop.city })).slice(0, 160);
  const path = `/barbearia/${shop.slug}`;
  const image = shop.cover_url ?? shop.photos[0];
  return {
    title,
    description,
    alternates: alternates(path),
    openGraph: { title, description, url: path, type: "website", siteName: "Navalha", images: image ? [{ url: image }] : undefined },
    twitter: { card: image ? "summary_large_image" : "summary", title, description },
  };
}

function jsonLd(shop: TShop, lng: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BarberShop",
    "@id": `${siteUrl()}/barbearia/${shop.slug}`,
    name: shop.name,
    url: `${siteUrl()}/barbearia/${shop.slug}`,
    description: shop.description || undefined,
    image: [...new Set([shop.cover_url, ...shop.photos].filter((u): u is string => Boolean(u)))].map(absolute),
    telephone: shop.phone ?? undefined,
    priceRange: formatPriceRange(lng, shop.price_from, shop.price_to) ?? undefined,
    address: { "@type": "PostalAddress", streetAddress: shop.address, addressLocality: shop.city, addressRegion: shop.state, addressCountry: "BR" },
    geo: { "@type": "GeoCoordinates", latitude: shop.latitude, longitude: shop.longitude },
    openingHoursSpecification: shop.opening_hours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${DAYS[h.weekday]}`,
      opens: h.opens,
      closes: h.closes,
    })),
    aggregateRating:
      shop.rating_count > 0 ? { "@type": "AggregateRating", ratingValue: shop.rating_avg, reviewCount: shop.rating_count, bestRating: 5, worstRating: 1 } : undefined,
  };
}

export default async function ShopPage({ params }: Props) {
  const { slug } = await params;
  const data = await loadShop(slug);
  if (!data) notFound();
  const { shop, citySlug, barbers, services, reviews } = data;
  const { t, lng } = await getT("shop");
  const book = `/barbearia/${shop.slug}/agendar`;
  const today = weekdayIn(shop.timezone);
  const todayHours = shop.opening_hours.filter((h) => h.weekday === today);
  const price = formatPriceRange(lng, shop.price_from, shop.price_to);
  const photos = [shop.cover_url, ...shop.photos].filter((u): u is string => Boolean(u)).filter((u, i, all) => all.indexOf(u) === i);
  // The first photo is the largest paint: fetch it before the scripts.
  if (photos[0]) preload(photos[0], { as: "image", fetchPriority: "high" });
  const servedBy: Record<number, string> = Object.fromEntries(barbers.map((b) => [b.id, t("ratings.with", { name: b.name })]));
  const reviewWords = reviewLabels(t);
  const maxCount = Math.max(1, ...Object.values(reviews.distribution));

  const about = (
    <div className="flex flex-col gap-5">
      {shop.description ? <p className="leading-relaxed whitespace-pre-line">{shop.description}</p> : <p className="text-muted">{t("about.noDescription")}</p>}
      {shop.amenities.length > 0 ? (
        <div>
          <h2 className="font-semibold">{t("about.amenities")}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {shop.amenities.map((a) => (
              <li key={a} className="rounded-full border border-line px-3 py-1 text-sm">
                {a}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h2 className="font-semibold">{t("about.contact")}</h2>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {shop.phone ? (
            <li>
              {t("about.phone")}:{" "}
              <a href={`tel:${shop.phone}`} className="inline-flex min-h-11 items-center text-primary hover:underline">
                {formatPhoneBr(shop.phone)}
              </a>
            </li>
          ) : null}
          {shop.whatsapp ? (
            <li>
              WhatsApp:{" "}
              <a href={`https://wa.me/${shop.whatsapp.replace(/\D/g, "")}`} className="inline-flex min-h-11 items-center text-primary hover:underline" rel="noopener noreferrer" target="_blank">
                {formatPhoneBr(shop.whatsapp)}
              </a>
            </li>
          ) : null}
          {shop.instagram ? (
            <li>
              Instagram:{" "}
              <a href={`https://instagram.com/${shop.instagram.replace(/^@/, "")}`} className="inline-flex min-h-11 items-center text-primary hover:underline" rel="noopener noreferrer" target="_blank">
                @{shop.instagram.replace(/^@/, "")}
              </a>
            </li>
          ) : null}
          <li>
            {shop.address} – {shop.neighborhood}, {shop.city} - {shop.state}
          </li>
        </ul>
      </div>
    </div>
  );

  const hours = (
    <div>
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">{t("hours.caption")}</caption>
        <tbody>
          {[1, 2, 3, 4, 5, 6, 0].map((d) => {
            const ranges = shop.opening_hours.filter((h) => h.weekday === d);
            return (
              <tr key={d} className={`border-b border-line ${d === today ? "font-semibold text-primary" : ""}`}>
                <th scope="row" className="py-2.5 pr-4 text-left font-medium">
                  {weekdayName(lng, d)}
                  {d === today ? <span className="ml-2 text-xs">({t("hours.today")})</span> : null}
                </th>
                <td className="py-2.5 text-right">{ranges.length ? ranges.map((h) => `${h.opens}–${h.closes}`).join(", ") : <span className="text-muted">{t("hours.closed")}</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-muted">{t("hours.zone", { zone: shop.timezone })}</p>
    </div>
  );

  const ratings = (
    <div>
      {reviews.rating_count === 0 ? (
        <p className="text-muted">{t("ratings.none")}</p>
      ) : (
        <>
          <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
            <div className="text-center sm:w-40">
              <p className="text-5xl font-bold">{formatRating(lng, reviews.rating_avg)}</p>
              <p className="text-primary" aria-hidden="true">
                {"★".repeat(Math.round(reviews.rating_avg))}
              </p>
              <p className="text-sm text-muted">{t("ratings.count", { count: reviews.rating_count })}</p>
            </div>
            <ul className="flex-1" aria-label={t("ratings.distribution")}>
              {([5, 4, 3, 2, 1] as const).map((n) => {
                const count = reviews.distribution[String(n) as "1"];
                return (
                  <li key={n} className="flex items-center gap-2 text-sm">
                    <span className="w-14 shrink-0">{t("ratings.stars", { count: n })}</span>
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
                      <span className="block h-full rounded-full bg-primary" style={{ width: `${(count / maxCount) * 100}%` }} />
                    </span>
                    <span className="w-10 shrink-0 text-right text-muted">{count}</span>
                  </li>
                );
              })}
            </ul>
          </div>
          <h2 className="mt-6 font-semibold">{t("ratings.latest")}</h2>
          <ul>
            {reviews.items.map((r) => (
              <ReviewItem key={r.id} review={r} labels={reviewWords} lng={lng} servedBy={servedBy[r.barber_id]} />
            ))}
          </ul>
          <ReviewsMore
            shopId={shop.id}
            shown={reviews.items.length}
            total={reviews.total}
            lng={lng}
            servedBy={servedBy}
            labels={{
              review: reviewWords,
              more: t("ratings.more"),
              loading: t("ratings.loading"),
              loadMore: t("ratings.loadMore"),
              failed: t("errors:LOAD_BARBERSHOP_ERROR"),
            }}
          />
        </>
      )}
    </div>
  );

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

      {photos.length > 0 ? (
        <div className="container-page mt-3">
          <ul
            className={`flex snap-x snap-mandatory gap-2 overflow-x-auto rounded-[var(--radius-card)] md:grid md:overflow-visible ${photos.length >= 3 ? "md:grid-cols-3 md:grid-rows-2" : photos.length === 2 ? "md:grid-cols-2" : "md:grid-cols-1"}`}
            aria-label={t("photos", { name: shop.name })}
            // Scrolls sideways on phones: keyboard users reach it too.
            tabIndex={0}
          >
            {photos.slice(0, 6).map((url, i) => (
              <li
                key={url}
                className={`shrink-0 snap-start overflow-hidden rounded-lg bg-surface-2 ${i === 0 ? `w-[88%] md:w-auto ${photos.length >= 3 ? "md:col-span-2 md:row-span-2" : ""}` : `w-[70%] md:w-auto ${i >= 3 ? "md:hidden" : ""}`}`}
              >
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img
                  src={url}
                  alt={t("photoAlt", { name: shop.name, n: i + 1 })}
                  width={i === 0 ? 960 : 480}
                  height={i === 0 ? 540 : 270}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding="async"
                  className={`aspect-[16/9] w-full object-cover ${i === 0 ? "md:h-full" : ""}`}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="container-page mt-5 grid gap-8 lg:grid-cols-[1fr_320px]">
        <div className="min-w-0">
          <header>
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded-full px-3 py-1 text-xs font-semibold ${shop.is_open_now ? "bg-success text-bg" : "bg-surface-2 text-ink"}`}>
                {shop.is_open_now ? t("card.open") : t("card.closed")}
              </span>
              {shop.is_new ? <span className="rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-ink">{t("card.new")}</span> : null}
            </div>
            <div className="mt-2 flex items-start justify-between gap-3">
              <h1 className="text-2xl leading-tight font-bold md:text-4xl">{shop.name}</h1>
              <ShopFavorite shopId={shop.id} slug={shop.slug} labels={{ mark: t("favorite.mark"), favorite: favoriteLabels(t, shop.name) }} />
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-0 text-sm">
              {shop.rating_count > 0 ? (
                <a href="#ratings" className="inline-flex min-h-11 items-center gap-1 hover:text-primary">
                  <span aria-hidden="true" className="text-primary">
                    ★
                  </span>
                  <span className="font-semibold">{formatRating(lng, shop.rating_avg)}</span>
                  <span className="text-muted">({t("card.reviews", { count: shop.rating_count })})</span>
                </a>
              ) : (
                <span className="text-muted">{t("card.noReviews")}</span>
              )}
              {price ? <span className="text-muted">{price}</span> : null}
              <span className="text-muted">
                {t("hours.todayLabel")}: {todayHours.length ? todayHours.map((h) => `${h.opens}–${h.closes}`).join(", ") : t("hours.closed")}
              </span>
            </p>
            <p className="mt-1 text-sm">
              {shop.address} – {shop.neighborhood}, {shop.city} - {shop.state}{" "}
              <a href={mapsUrl(shop)} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center font-semibold text-primary hover:underline">
                {t("openMap")}
                <span className="sr-only"> ({t("newTab")})</span>
              </a>
            </p>
          </header>

          <div className="mt-6">
            <ShopTabs
              label={t("tabs.label")}
              tabs={[
                { id: "about", label: t("tabs.about"), panel: about },
                { id: "hours", label: t("tabs.hours"), panel: hours },
                { id: "ratings", label: t("tabs.ratings"), panel: ratings },
              ]}
            />
          </div>

          <section aria-labelledby="services-title" className="mt-10">
            <h2 id="services-title" className="text-xl font-bold">
              {t("services.title")}
            </h2>
            {services.length === 0 ? (
              <p className="mt-3 text-muted">{t("services.none")}</p>
            ) : (
              <ul className="mt-3 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-surface">
                {services.map((s) => (
                  <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                    <div className="min-w-0 flex-1">
                      <h3 className="font-semibold">{s.name}</h3>
                      {s.description ? <p className="mt-0.5 text-sm text-muted">{s.description}</p> : null}
                      <p className="mt-1 text-sm">
                        <span className="font-semibold text-primary">{formatMoney(lng, s.price)}</span>
                        <span className="text-muted"> · {formatDuration(s.duration_minutes)}</span>
                      </p>
                    </div>
                    <Link href={`${book}?service=${s.id}`} className="btn-ghost shrink-0" aria-label={t("services.bookLabel", { name: s.name })}>
                      {t("services.book")}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="team-title" className="mt-10">
            <h2 id="team-title" className="text-xl font-bold">
              {t("team.title")}
            </h2>
            {barbers.length === 0 ? (
              <p className="mt-3 text-muted">{t("team.none")}</p>
            ) : (
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {barbers.map((b) => (
                  <li key={b.id} className="card flex gap-3 p-4">
                    <Avatar name={b.name} url={b.avatar_url} size={56} />
                    <div className="min-w-0 flex-1">
                      <h3 className="font-semibold">{b.name}</h3>
                      <p className="text-sm text-muted">
                        {b.rating_count > 0 ? (
                          <>
                            <span aria-hidden="true" className="text-primary">
                              ★
                            </span>{" "}
                            {formatRating(lng, b.rating_avg)} ({t("card.reviews", { count: b.rating_count })})
                          </>
                        ) : (
                          t("card.noReviews")
                        )}
                      </p>
                      {b.bio ? <p className="mt-1 line-clamp-3 text-sm">{b.bio}</p> : null}
                      <Link href={`${book}?barber=${b.id}`} className="btn-ghost mt-2" aria-label={t("team.bookLabel", { name: b.name })}>
                        {t("team.book")}
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside className="hidden lg:block" aria-label={t("booking.label")}>
          <div className="card sticky top-20 p-5">
            <p className="text-lg font-bold">{t("booking.title")}</p>
            <p className="mt-1 text-sm text-muted">{t("booking.body")}</p>
            {price ? <p className="mt-3 text-sm">{t("booking.from", { price: formatMoney(lng, shop.price_from ?? "0") })}</p> : null}
            <Link href={book} className="btn-primary mt-4 w-full">
              {t("booking.cta")}
            </Link>
          </div>
        </aside>
      </div>

      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-bg/95 p-3 backdrop-blur lg:hidden">
        <Link href={book} className="btn-primary w-full">
          {t("booking.cta")}
        </Link>
      </div>

      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd(shop, lng)) }} />
    </article>
  );
}
