import {
  cityListPage,
  cityListPages,
  LOOKUP_TTL_MS,
  pageOfPath,
  tidyPagePath,
  pageCount,
  pageExists,
  registerPageLookup,
  registerRenamedLookup,
  renamedPagePath,
  resetPageLookup,
} from "./page-lookup";

beforeEach(() => resetPageLookup());

it("answers from the registered lookup, reuses an answer for a while, and leaves the page to decide without one", async () => {
  expect(await pageExists("shop", "dom-ze")).toBeUndefined();
  const lookup = jest.fn(async (slug: string) => (slug === "dom-ze" ? 1 : 0));
  registerPageLookup("shop", lookup);
  expect(await pageExists("shop", "dom-ze", 1_000)).toBe(true);
  expect(await pageExists("shop", "nao-existe", 1_000)).toBe(false);
  expect(await pageExists("shop", "nao-existe", 1_000 + LOOKUP_TTL_MS - 1)).toBe(false);
  expect(lookup).toHaveBeenCalledTimes(2);
  expect(await pageExists("shop", "nao-existe", 1_000 + LOOKUP_TTL_MS)).toBe(false);
  expect(lookup).toHaveBeenCalledTimes(3);
  // Percent-encoded slugs are decoded; impossible ones are unknown without asking.
  expect(await pageExists("shop", "dom%2Dze", 1_000)).toBe(true);
  expect(await pageExists("shop", "x".repeat(201))).toBe(false);
  expect(await pageExists("shop", "a%00b")).toBe(false);
});

it("keeps shops and cities apart, and a city's slug must be one its page accepts", async () => {
  registerPageLookup("shop", async (slug) => (slug === "sao-paulo" ? 1 : 0));
  expect(await pageExists("city", "sao-paulo")).toBeUndefined();
  const cities = jest.fn(async (slug: string) => (slug === "sao-paulo" ? 143 : 0));
  registerPageLookup("city", cities);
  expect(await pageExists("city", "sao-paulo")).toBe(true);
  expect(await pageExists("city", "atlantida")).toBe(false);
  expect(await pageExists("city", "S%C3%A3o")).toBe(false);
  expect(await pageExists("city", "x".repeat(81))).toBe(false);
  expect(cities).toHaveBeenCalledTimes(2);
  // A city's count, for its pages past the last.
  expect(await pageCount("city", "sao-paulo")).toBe(143);
  expect(cities).toHaveBeenCalledTimes(2);
});

it("reads a city list's page as the city page does", () => {
  expect([undefined, null, "", "abc", "0", "-3", "1"].map(cityListPage)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  expect(cityListPage("7")).toBe(7);
  expect(cityListPage("99999")).toBe(1000);
  expect([0, 1, 24, 25, 143].map(cityListPages)).toEqual([1, 1, 1, 2, 6]);
});

it("a failing lookup leaves the page to decide", async () => {
  registerPageLookup("shop", async () => {
    throw new Error("database down");
  });
  expect(await pageExists("shop", "dom-ze")).toBeUndefined();
});

it("gives a shop's or city's page asked with capitals or trailing punctuation its tidy path, when that page exists", async () => {
  const shops = jest.fn(async (slug: string) => (slug === "dom-ze" || slug === "café-do-zé" ? 1 : 0));
  registerPageLookup("shop", shops);
  registerPageLookup("city", async (slug) => (slug === "sao-paulo" ? 143 : 0));
  expect(await tidyPagePath("/barbearia/Dom-Ze")).toBe("/barbearia/dom-ze");
  expect(await tidyPagePath("/barbearia/DOM-ZE/agendar")).toBe("/barbearia/dom-ze/agendar");
  expect(await tidyPagePath("/barbearia/Dom-Ze/")).toBe("/barbearia/dom-ze");
  expect(await tidyPagePath("/barbearia/Caf%C3%A9-do-Z%C3%89")).toBe("/barbearia/caf%C3%A9-do-z%C3%A9");
  expect(await tidyPagePath("/cidade/Sao-Paulo")).toBe("/cidade/sao-paulo");
  // Punctuation or a space a message stuck to the link's end.
  expect(await tidyPagePath("/barbearia/dom-ze.")).toBe("/barbearia/dom-ze");
  expect(await tidyPagePath("/barbearia/dom-ze),")).toBe("/barbearia/dom-ze");
  expect(await tidyPagePath("/barbearia/Dom-Ze%E2%80%9D")).toBe("/barbearia/dom-ze");
  expect(await tidyPagePath("/barbearia/dom-ze%20")).toBe("/barbearia/dom-ze");
  expect(await tidyPagePath("/cidade/sao-paulo!")).toBe("/cidade/sao-paulo");
  expect(await tidyPagePath("/barbearia/...")).toBeNull();
  // No such page in lower case either; not a shop's or city's page; already lower case; malformed.
  expect(await tidyPagePath("/barbearia/Nao-Existe")).toBeNull();
  expect(await tidyPagePath("/cidade/Atlantida")).toBeNull();
  expect(await tidyPagePath("/cidade/Sao-Paulo/agendar")).toBeNull();
  expect(await tidyPagePath("/barbearia/id/ABC")).toBeNull();
  expect(await tidyPagePath("/Barbearia/dom-ze")).toBeNull();
  expect(await tidyPagePath("/FAQ")).toBeNull();
  shops.mockClear();
  expect(await tidyPagePath("/barbearia/dom-ze")).toBeNull();
  expect(await tidyPagePath("/barbearia/caf%C3%A9-do-z%C3%A9")).toBeNull();
  expect(await tidyPagePath("/barbearia/Dom%ZZ")).toBeNull();
  expect(shops).not.toHaveBeenCalled();
});

it("sends a renamed shop's old slug, its page or its booking page, to the slug it has now", async () => {
  expect(await renamedPagePath("/barbearia/barbearia-do-ze")).toBeNull();
  const renamed = jest.fn(async (slug: string) => (slug === "barbearia-do-ze" ? "dom-ze-barbearia" : slug === "café-velho" ? "café-novo" : null));
  registerRenamedLookup(renamed);
  expect(await renamedPagePath("/barbearia/barbearia-do-ze", 1_000)).toBe("/barbearia/dom-ze-barbearia");
  expect(await renamedPagePath("/barbearia/barbearia-do-ze/agendar", 1_000)).toBe("/barbearia/dom-ze-barbearia/agendar");
  // As a message or a bio may have it: capitals, punctuation stuck to its end, percent-encoded.
  expect(await renamedPagePath("/barbearia/Barbearia-do-Ze).", 1_000)).toBe("/barbearia/dom-ze-barbearia");
  expect(await renamedPagePath("/barbearia/caf%C3%A9-velho", 1_000)).toBe("/barbearia/caf%C3%A9-novo");
  expect(renamed).toHaveBeenCalledTimes(2);
  expect(await renamedPagePath("/barbearia/nunca-existiu", 1_000)).toBeNull();
  // Only a shop's pages; an answer is reused for a while, then asked again.
  expect(await renamedPagePath("/cidade/barbearia-do-ze")).toBeNull();
  expect(await renamedPagePath("/barbearia/id/12")).toBeNull();
  expect(renamed).toHaveBeenCalledTimes(3);
  expect(await renamedPagePath("/barbearia/barbearia-do-ze", 1_000 + LOOKUP_TTL_MS)).toBe("/barbearia/dom-ze-barbearia");
  expect(renamed).toHaveBeenCalledTimes(4);
  // A failing lookup sends nothing on.
  registerRenamedLookup(async () => {
    throw new Error("database down");
  });
  expect(await renamedPagePath("/barbearia/outra", 1_000)).toBeNull();
});

it("reads which shop's or city's page a path names", () => {
  expect(pageOfPath("/barbearia/dom-ze")).toEqual({ kind: "shop", segment: "dom-ze", rest: "" });
  expect(pageOfPath("/barbearia/dom-ze/agendar/")).toEqual({ kind: "shop", segment: "dom-ze", rest: "/agendar" });
  expect(pageOfPath("/cidade/sao-paulo/")).toEqual({ kind: "city", segment: "sao-paulo", rest: "" });
  for (const other of ["/", "/barbearias", "/barbearia/id/12", "/cidade/sao-paulo/agendar", "/barbearia/dom-ze/opengraph-image", "/barbearia/"])
    expect(pageOfPath(other)).toBeNull();
});
