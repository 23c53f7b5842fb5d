/** Reviews in the shop page's first page, in each further page, and the most the server renders at once. */
export const REVIEWS_FIRST_PAGE = 5;
export const REVIEWS_PAGE = 10;
export const MAX_REVIEWS_SHOWN = 100;
/** The first review a longer page adds, where "See more reviews" without JavaScript lands. */
export const REVIEWS_MORE_ANCHOR = "more-reviews";

/**
 * How many reviews the shop page shows at first, from its `reviews` parameter: the first page, or more after
 * "See more reviews" followed without JavaScript (up to MAX_REVIEWS_SHOWN); anything else is the first page.
 */
export function reviewsShown(raw: string | string[] | undefined): number {
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(n) && n > REVIEWS_FIRST_PAGE && n <= MAX_REVIEWS_SHOWN ? n : REVIEWS_FIRST_PAGE;
}
