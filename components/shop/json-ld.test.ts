import type { TShop } from "@/lib/contract/shops";
import { shopJsonLd } from "./json-ld";
import { breadcrumbJsonLd } from "./seo";

const shop = {
  id: 1,
  slug: "dom-ze",
  name: "Dom Zé",
  address: "Rua Cardeal Arcoverde, 1327",
  neighborhood: "Pinheiros",
  city: "São Paulo",
  state: "SP",
  postal_code: "05407-002",
  latitude: -23.56,
  longitude: -46.68,
  cover_url: "/demo/cover.svg",
  photos: [],
  phone: "+551130000000",
  description: "",
  price_from: "45.00",
  price_to: "120.00",
  rating_avg: 4.6,
  rating_count: 12,
  opening_hours: [{ weekday: 1, opens: "09:00", closes: "19:00" }],
} as unknown as TShop;

describe("shop JSON-LD", () => {
  it("is a real schema.org LocalBusiness type with what Google's LocalBusiness check requires and recommends", () => {
    const ld = shopJsonLd(shop, "pt-BR") as Record<string, unknown> & { address: Record<string, unknown> };
    expect(ld["@type"]).toBe("HairSalon");
    // Required: name and address; recommended: url, telephone, geo, openingHoursSpecification, priceRange, aggregateRating, image.
    expect(ld.name).toBe("Dom Zé");
    expect(ld.address).toMatchObject({
      "@type": "PostalAddress",
      streetAddress: shop.address,
      addressLocality: "São Paulo",
      addressRegion: "SP",
      postalCode: "05407-002",
      addressCountry: "BR",
    });
    expect(ld.url).toMatch(/\/barbearia\/dom-ze$/);
    for (const key of ["telephone", "geo", "openingHoursSpecification", "priceRange", "aggregateRating", "image"]) expect(ld[key]).toBeTruthy();
    expect((ld.image as string[])[0]).toMatch(/^https?:\/\//);
  });

  it("names the shop's Instagram profile and its booking page in the page's language", () => {
    const ld = shopJsonLd({ ...shop, instagram: "@domze.barbearia" }, "en") as Record<string, unknown>;
    expect(ld.sameAs).toEqual(["https://www.instagram.com/domze.barbearia/"]);
    expect(ld.potentialAction).toMatchObject({
      "@type": "ReserveAction",
      target: { "@type": "EntryPoint", urlTemplate: expect.stringMatching(/^https?:\/\/[^/]+\/barbearia\/dom-ze\/agendar\?lng=en$/), inLanguage: "en" },
    });
    const pt = shopJsonLd({ ...shop, instagram: null }, "pt-BR");
    expect(pt.sameAs).toBeUndefined();
    expect(pt.potentialAction.target.urlTemplate).toMatch(/\/barbearia\/dom-ze\/agendar$/);
    // A handle no profile could have (a URL, spaces) names none.
    for (const instagram of ["https://evil.example/x", "dom ze", "a".repeat(31)])
      expect((shopJsonLd({ ...shop, instagram }, "pt-BR") as Record<string, unknown>).sameAs).toBeUndefined();
    // The profile link Instagram's app shares names the same profile as the page's own link (contacts.ts).
    expect(shopJsonLd({ ...shop, instagram: "https://www.instagram.com/domze.barbearia/?igsh=MWd3" }, "pt-BR").sameAs).toEqual([
      "https://www.instagram.com/domze.barbearia/",
    ]);
  });

  it("gives the telephone in full, however the shop saved it, and none that is not a phone", () => {
    expect(shopJsonLd({ ...shop, phone: "(11) 3137-2204" }, "pt-BR").telephone).toBe("+551131372204");
    expect(shopJsonLd({ ...shop, phone: "ligue pra gente" }, "pt-BR").telephone).toBeUndefined();
  });

  it("has breadcrumbs whose items are absolute URLs in the page's language", () => {
    const crumbs = breadcrumbJsonLd(
      [
        { name: "Home", path: "/" },
        { name: "São Paulo", path: "/cidade/sao-paulo" },
      ],
      "en",
    );
    expect(crumbs["@type"]).toBe("BreadcrumbList");
    expect(crumbs.itemListElement.map((i) => [i.position, i.item])).toEqual([
      [1, expect.stringMatching(/^https?:\/\/[^/]+\/\?lng=en$/)],
      [2, expect.stringMatching(/\/cidade\/sao-paulo\?lng=en$/)],
    ]);
  });
});
