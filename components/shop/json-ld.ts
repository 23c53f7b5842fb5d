import type { TShop } from "@/lib/contract/shops";
import { formatPriceRange } from "./format";
import { siteUrl } from "./seo";
import { inLanguage } from "@/lib/i18n/settings";
import { instagramContact, phoneContact } from "./contacts";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const absolute = (url: string) => (url.startsWith("http") ? url : `${siteUrl()}${url}`);

/** schema.org has no BarberShop: HairSalon is the nearest real type (a LocalBusiness), which rich results read. */
export function shopJsonLd(shop: TShop, lng: string) {
  // The shop's Instagram profile, when one can be read from what it saved (the page's own link is the same).
  const instagram = instagramContact(shop.instagram)?.href;
  const phone = phoneContact(shop.phone);
  return {
    "@context": "https://schema.org",
    "@type": "HairSalon",
    "@id": `${siteUrl()}/barbearia/${shop.slug}`,
    name: shop.name,
    url: `${siteUrl()}/barbearia/${shop.slug}`,
    description: shop.description || undefined,
    image: [...new Set([shop.cover_url, ...shop.photos].filter((u): u is string => Boolean(u)))].map(absolute),
    telephone: phone?.href ? phone.href.slice("tel:".length) : undefined,
    priceRange: formatPriceRange(lng, shop.price_from, shop.price_to) ?? undefined,
    address: {
      "@type": "PostalAddress",
      streetAddress: shop.address,
      addressLocality: shop.city,
      addressRegion: shop.state,
      postalCode: shop.postal_code || undefined,
      addressCountry: "BR",
    },
    geo: { "@type": "GeoCoordinates", latitude: shop.latitude, longitude: shop.longitude },
    openingHoursSpecification: shop.opening_hours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${DAYS[h.weekday]}`,
      opens: h.opens,
      closes: h.closes,
    })),
    aggregateRating:
      shop.rating_count > 0
        ? { "@type": "AggregateRating", ratingValue: shop.rating_avg, reviewCount: shop.rating_count, bestRating: 5, worstRating: 1 }
        : undefined,
    // The same shop elsewhere, so search engines join its profiles.
    sameAs: instagram ? [instagram] : undefined,
    // Where it is booked: its booking page, in the page's language.
    potentialAction: {
      "@type": "ReserveAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${siteUrl()}${inLanguage(`/barbearia/${shop.slug}/agendar`, lng)}`,
        inLanguage: lng,
        actionPlatform: ["https://schema.org/DesktopWebPlatform", "https://schema.org/MobileWebPlatform"],
      },
    },
  };
}
