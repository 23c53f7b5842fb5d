import { MAX_REVIEWS_SHOWN, REVIEWS_FIRST_PAGE, reviewsShown } from "./reviews-paging";

describe("reviewsShown", () => {
  it("reads how many reviews a longer shop page shows, within its first page and the most the server renders", () => {
    expect(reviewsShown("15")).toBe(15);
    expect(reviewsShown(["25", "35"])).toBe(25);
    expect(reviewsShown(String(MAX_REVIEWS_SHOWN))).toBe(MAX_REVIEWS_SHOWN);
  });

  it("gives the first page for anything else", () => {
    for (const bad of [undefined, "", "0", "-15", String(REVIEWS_FIRST_PAGE), String(MAX_REVIEWS_SHOWN + 1), "15.5", "1e9", "fifteen", [] as string[]]) {
      expect(reviewsShown(bad)).toBe(REVIEWS_FIRST_PAGE);
    }
  });
});
