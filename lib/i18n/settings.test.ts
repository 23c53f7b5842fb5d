import { detectBrowserLang, detectServerLang, langFromAcceptLanguage, matchLang } from "./settings";

describe("matchLang", () => {
  it.each([
    ["pt-BR", "pt-BR"],
    ["pt", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["EN-us", "en"],
    ["es-AR", "es"],
    ["en).", "en"],
    ["es\u201d", "es"],
    ["fr", undefined],
    [".", undefined],
    ["", undefined],
    [null, undefined],
  ])("%s → %s", (input, expected) => {
    expect(matchLang(input)).toBe(expected);
  });
});

describe("langFromAcceptLanguage", () => {
  it("takes the best supported language by quality", () => {
    expect(langFromAcceptLanguage("fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7")).toBe("es");
    expect(langFromAcceptLanguage("en;q=0.2, es;q=0.9")).toBe("es");
  });
  it("ignores garbage and zero qualities", () => {
    expect(langFromAcceptLanguage("es;q=0, ;;;, en;q=abc")).toBeUndefined();
    expect(langFromAcceptLanguage("de")).toBeUndefined();
  });
});

describe("detectServerLang", () => {
  it("prefers ?lng=, then the cookie, then Accept-Language, then pt-BR", () => {
    expect(detectServerLang({ query: "es", cookie: "en", acceptLanguage: "en" })).toBe("es");
    expect(detectServerLang({ query: "xx", cookie: "en", acceptLanguage: "es" })).toBe("en");
    expect(detectServerLang({ cookie: "zz", acceptLanguage: "es-MX" })).toBe("es");
    expect(detectServerLang({ acceptLanguage: "de-DE" })).toBe("pt-BR");
    expect(detectServerLang({})).toBe("pt-BR");
  });
});

describe("detectBrowserLang", () => {
  it("follows query, cookie, local storage, navigator, then the html tag", () => {
    expect(detectBrowserLang({ query: "en", cookie: "es" })).toBe("en");
    expect(detectBrowserLang({ cookie: "es", storage: "en" })).toBe("es");
    expect(detectBrowserLang({ storage: "en", navigator: ["es"] })).toBe("en");
    expect(detectBrowserLang({ navigator: ["de", "es-ES"], htmlTag: "en" })).toBe("es");
    expect(detectBrowserLang({ navigator: ["de"], htmlTag: "en" })).toBe("en");
    expect(detectBrowserLang({ navigator: ["de"] })).toBe("pt-BR");
  });
});
