import { CATEGORIES } from "@/lib/contract/search-constants";

/**
 * Services as they come, in their categories' order (haircuts, beard, combos, care, colour:
 * lib/server/shops/service-order.ts), cut where the category changes: the shop page and the booking's services
 * step show each group under its category's name when there is more than one.
 */
export function groupByCategory<T extends { category: string }>(services: readonly T[]): { category: string; services: T[] }[] {
  const groups: { category: string; services: T[] }[] = [];
  for (const s of services) {
    const last = groups.at(-1);
    if (last && last.category === s.category) last.services.push(s);
    else groups.push({ category: s.category, services: [s] });
  }
  return groups;
}

/** The key of a category's name in the search namespace ("category.hair"), or null for one the filter does not know. */
export function categoryKey(category: string): string | null {
  return (CATEGORIES as readonly string[]).includes(category) ? `category.${category}` : null;
}
