import { PAGE_SIZE } from "@/lib/contract/search-constants";
import {
  AUTO_WIDEN_MAX_KM,
  type ListParams,
  listSource,
  listUrl,
  MAX_SHOWN,
  parseListParams,
  toShopSearch,
  widenUntilFound,
  widerDistance,
} from "./list-params";

describe("parseListParams", () => {
  it("reads a shared filtered list back from its URL", () => {
    const p = parseListParams({
      latitude: "-23.5",
      longitude: "-46.6",
      place: "Pinheiros",
      distance: "5",
      sort: "rating",
      period: "night",
      min_price: "30",
      category: "beard",
    });
    expect(p).toMatchObject({ latitude: -23.5, longitude: -46.6, distance: 5, sort: "rating", period: "night", min_price: 30, category: "beard" });
    expect(listSource(p)).toEqual({
      kind: "near",
      query: { latitude: "-23.5", longitude: "-46.6", distance: "5", sort: "rating", period: "night", min_price: "30", category: "beard", free_times: "3" },
    });
  });

  it("reads When and From near a position (and only there), dropping malformed ones", () => {
    const p = parseListParams({ latitude: "-23.5", longitude: "-46.6", date: "2026-11-27", after: "18:00", sort: "earliest" });
    expect(p).toMatchObject({ date: "2026-11-27", after: "18:00", sort: "earliest" });
    expect(listSource(p)?.query).toMatchObject({ date: "2026-11-27", after: "18:00", sort: "earliest", free_times: "3" });
    expect(listUrl(p)).toContain("date=2026-11-27&after=18%3A00");
    expect(parseListParams({ latitude: "-23.5", longitude: "-46.6", date: "27/11", after: "25:00" })).toMatchObject({ date: undefined, after: undefined });
    expect(parseListParams({ name: "navalha", date: "2026-11-27", after: "18:00" })).toMatchObject({ date: undefined, after: undefined });
  });

  it("reads a time window (after and before), dropping a before that is not after the after", () => {
    const p = parseListParams({ latitude: "-23.5", longitude: "-46.6", date: "2026-11-27", after: "12:00", before: "18:00" });
    expect(listSource(p)?.query).toMatchObject({ after: "12:00", before: "18:00" });
    expect(listUrl(p)).toContain("after=12%3A00&before=18%3A00");
    expect(parseListParams({ latitude: "-23.5", longitude: "-46.6", after: "18:00", before: "12:00" })).toMatchObject({ after: "18:00", before: undefined });
  });

  it("drops malformed values instead of failing, and uses the spec's default distances", () => {
    const p = parseListParams({ latitude: "999", longitude: "-46.6", distance: "500", sort: "best", period: "dawn" });
    expect(p).toMatchObject({ latitude: undefined, longitude: undefined, distance: 0.5, sort: "distance", period: undefined });
    expect(listSource(p)).toBeNull();
    expect(parseListParams({ name: "navalha" }).distance).toBe(5);
    expect(listSource(parseListParams({ name: "navalha" }))?.kind).toBe("byName");
  });

  it("drops NUL characters, which PostgreSQL text cannot hold", () => {
    expect(parseListParams({ name: "nav\u0000alha" }).name).toBe("navalha");
  });

  it("reads how many shops a longer list shows, within one page and the v3 limit", () => {
    const near = { latitude: "-23.5", longitude: "-46.6" };
    expect(toShopSearch(parseListParams({ ...near, shown: "40" }))).toMatchObject({ skip: 0, limit: 40 });
    expect(toShopSearch(parseListParams({ ...near, shown: "30.7" })).limit).toBe(30);
    expect(toShopSearch(parseListParams(near)).limit).toBe(PAGE_SIZE);
    for (const bad of ["0", "-20", String(PAGE_SIZE), String(MAX_SHOWN + 1), "1e9", "forty", ""]) {
      expect(toShopSearch(parseListParams({ ...near, shown: bad })).limit).toBe(PAGE_SIZE);
    }
    expect(toShopSearch(parseListParams({ ...near, shown: String(MAX_SHOWN) })).limit).toBe(MAX_SHOWN);
    // The list's query to the v3 API has no skip or limit of its own: "Load more" adds them.
    expect(listSource(parseListParams({ ...near, shown: "40" }))?.query).not.toHaveProperty("shown");
  });

  it("swaps a reversed price range", () => {
    expect(parseListParams({ min_price: "80", max_price: "20" })).toMatchObject({ min_price: 20, max_price: 80 });
  });
});

describe("listUrl and widerDistance", () => {
  it("keeps the filters when one changes", () => {
    const p = parseListParams({ latitude: "-23.5", longitude: "-46.6", place: "Pinheiros", sort: "price" });
    expect(listUrl(p, { distance: 1 })).toBe("/barbearias?latitude=-23.5&longitude=-46.6&place=Pinheiros&distance=1&sort=price");
  });

  it("keeps how many shops are shown only when asked: another filter starts from the first page", () => {
    const p = parseListParams({ latitude: "-23.5", longitude: "-46.6", shown: "40" });
    expect(listUrl(p, { sort: "rating" })).toBe("/barbearias?latitude=-23.5&longitude=-46.6&distance=0.5&sort=rating");
    expect(listUrl(p, { shown: 60 })).toBe("/barbearias?latitude=-23.5&longitude=-46.6&distance=0.5&sort=distance&shown=60");
  });

  it("offers the next distance step up to the maximum", () => {
    expect(widerDistance(0.5)).toBe(1);
    expect(widerDistance(20)).toBe(50);
    expect(widerDistance(50)).toBeUndefined();
  });
});

describe("widenUntilFound", () => {
  const near = { latitude: "-23.5667", longitude: "-46.6919", place: "Pinheiros" };
  // Shops at 1.4 km and 3 km from the place.
  const search = jest.fn(async (p: ListParams) => ({ total: [1.4, 3].filter((km) => km <= p.distance).length }));
  beforeEach(() => search.mockClear());

  it("widens a default distance that holds no shop to the first step that holds one, and says from where", async () => {
    const { params, result, widenedFrom } = await widenUntilFound(parseListParams(near), search);
    expect(search.mock.calls.map(([p]) => p.distance)).toEqual([0.5, 1, 2]);
    expect(params.distance).toBe(2);
    expect(result.total).toBe(1);
    expect(widenedFrom).toBe(0.5);
    expect(listUrl(params)).toContain("distance=2&");
  });

  it("keeps a distance the visitor chose, and a default one that found shops", async () => {
    const chosen = await widenUntilFound(parseListParams({ ...near, distance: "0.5" }), search);
    expect(chosen).toMatchObject({ params: { distance: 0.5 }, result: { total: 0 } });
    expect(chosen.widenedFrom).toBeUndefined();
    expect(search).toHaveBeenCalledTimes(1);
    const close = jest.fn(async () => ({ total: 3 }));
    const found = await widenUntilFound(parseListParams(near), close);
    expect(found.params.distance).toBe(0.5);
    expect(found.widenedFrom).toBeUndefined();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("stops at AUTO_WIDEN_MAX_KM and keeps the default when nothing is found by then", async () => {
    const none = jest.fn(async (_p: ListParams) => ({ total: 0 }));
    const { params, widenedFrom } = await widenUntilFound(parseListParams(near), none);
    expect(none.mock.calls.map(([p]) => p.distance)).toEqual([0.5, 1, 2, 5, AUTO_WIDEN_MAX_KM]);
    expect(params.distance).toBe(0.5);
    expect(widenedFrom).toBeUndefined();
  });

  it("does not widen a search by name (its default is 5 km)", async () => {
    expect(parseListParams({ name: "navalha" }).distanceByDefault).toBeUndefined();
    expect(parseListParams({ ...near, name: "navalha" }).distanceByDefault).toBeUndefined();
    expect(parseListParams(near).distanceByDefault).toBe(true);
  });
});
