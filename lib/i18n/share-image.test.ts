import { LANGUAGES } from "./settings";
import { shareImage, shareImageId, shareImageLang, siteShareImage } from "./share-image";

describe("preview cards in each language", () => {
  it("gives each language its own id, and reads the language back from it", () => {
    expect(LANGUAGES.map((lng) => shareImageId("card", lng))).toEqual(["card", "card-en", "card-es"]);
    for (const lng of LANGUAGES) expect(shareImageLang(shareImageId("site", lng))).toBe(lng);
    // An id with no language, or one not offered, is the Portuguese card.
    expect(shareImageLang("card")).toBe("pt-BR");
    expect(shareImageLang("card-fr")).toBe("pt-BR");
  });

  it("names the card of a page's language under its segment", () => {
    expect(shareImage("/barbearia/x", "card", "es", "X")).toEqual({
      url: "/barbearia/x/opengraph-image/card-es",
      width: 1200,
      height: 630,
      alt: "X",
      type: "image/png",
    });
    expect(siteShareImage("pt-BR", "Navalha").url).toBe("/share/opengraph-image/site");
    expect(siteShareImage("en", "Navalha").url).toBe("/share/opengraph-image/site-en");
  });
});
