"use client";
import { useEffect, useRef, useState } from "react";
import type { TPlace, TShopSuggestion } from "@/lib/contract/search";
import { findPlaces } from "@/lib/api/search";

/** Shops the box suggests below the places. */
const SHOP_SUGGESTIONS = 5;

/** One line of the suggestions: a place (sets where to look) or a shop (opens its page). */
export type PlaceOption = { kind: "place"; place: TPlace } | { kind: "shop"; shop: TShopSuggestion };

/**
 * Suggestions from our own places and shops for what the person typed, debounced; only the latest answer is
 * kept. `active` is the highlighted line (the first of each new answer).
 */
export function usePlaceSuggestions(query: string, enabled: boolean) {
  const [found, setFound] = useState<{ q: string; options: PlaceOption[] }>({ q: "", options: [] });
  const [active, setActive] = useState(-1);
  const requestSeq = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const seq = ++requestSeq.current;
    const timer = setTimeout(async () => {
      let options: PlaceOption[] = [];
      try {
        const { items, shops } = (await findPlaces(query, SHOP_SUGGESTIONS)).data;
        options = [...items.map((place): PlaceOption => ({ kind: "place", place })), ...shops.map((shop): PlaceOption => ({ kind: "shop", shop }))];
      } catch {
        // No suggestions: the list says nothing matched.
      }
      if (seq !== requestSeq.current) return;
      setFound({ q: query, options });
      setActive(options.length ? 0 : -1);
    }, 200);
    return () => clearTimeout(timer);
  }, [query, enabled]);

  const suggestions = enabled && found.q === query ? found.options : [];
  const searching = enabled && found.q !== query;
  return { suggestions, searching, active, setActive };
}
