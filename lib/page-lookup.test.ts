import { LOOKUP_TTL_MS, registerShopLookup, resetPageLookup, shopExists } from "./page-lookup";

beforeEach(() => resetPageLookup());

it("answers from the registered lookup, reuses an answer for a while, and leaves the page to decide without one", async () => {
  expect(await shopExists("dom-ze")).toBeUndefined();
  const lookup = jest.fn(async (slug: string) => slug === "dom-ze");
  registerShopLookup(lookup);
  expect(await shopExists("dom-ze", 1_000)).toBe(true);
  expect(await shopExists("nao-existe", 1_000)).toBe(false);
  expect(await shopExists("nao-existe", 1_000 + LOOKUP_TTL_MS - 1)).toBe(false);
  expect(lookup).toHaveBeenCalledTimes(2);
  expect(await shopExists("nao-existe", 1_000 + LOOKUP_TTL_MS)).toBe(false);
  expect(lookup).toHaveBeenCalledTimes(3);
  // Percent-encoded slugs are decoded; impossible ones are unknown without asking.
  expect(await shopExists("dom%2Dze", 1_000)).toBe(true);
  expect(await shopExists("x".repeat(201))).toBe(false);
  expect(await shopExists("a%00b")).toBe(false);
});

it("a failing lookup leaves the page to decide", async () => {
  registerShopLookup(async () => {
    throw new Error("database down");
  });
  expect(await shopExists("dom-ze")).toBeUndefined();
});
