"use client";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import type { Map as LeafletMap } from "leaflet";
import { Link, withLang } from "@/components/ui/link";
import { baseMap, pinIcon, type MapTiles } from "./base-map";

export type MapShop = { id: number; slug: string; name: string; latitude: number; longitude: number };
export type ShopsMapLabels = { map: string; pins: string; noPins: string };

/**
 * The list's shops as pins on a map (Leaflet, the configured tiles with their attribution). Each pin is named for
 * screen readers and reached with Tab (Enter opens its name, a link to the shop); below the map the same pins are a
 * list of links, the way through for whoever does not use the map itself.
 */
export function ShopsMap({
  shops,
  tiles,
  labels,
  lng,
  className = "h-[60vh] min-h-80",
}: {
  shops: MapShop[];
  tiles: MapTiles;
  labels: ShopsMapLabels;
  lng: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const placed = shops.filter((s) => Number.isFinite(s.latitude) && Number.isFinite(s.longitude));
  // The map is made again only when the pins change.
  const key = placed.map((s) => `${s.id}:${s.latitude}:${s.longitude}`).join(",");

  useEffect(() => {
    if (placed.length === 0) return;
    let cancelled = false;
    void import("leaflet").then((L) => {
      if (cancelled || !box.current || map.current) return;
      const m = baseMap(L, box.current, tiles, [placed[0].latitude, placed[0].longitude], 15);
      const icon = pinIcon(L);
      for (const shop of placed) {
        const marker = L.marker([shop.latitude, shop.longitude], { icon, title: shop.name, alt: shop.name, keyboard: true }).addTo(m);
        marker.getElement()?.setAttribute("aria-label", shop.name);
        marker.getElement()?.setAttribute("data-testid", "map-pin");
        const link = document.createElement("a");
        link.href = withLang(`/barbearia/${shop.slug}`, lng);
        link.textContent = shop.name;
        link.className = "font-semibold underline";
        marker.bindPopup(link);
      }
      if (placed.length > 1) m.fitBounds(L.latLngBounds(placed.map((s) => [s.latitude, s.longitude] as [number, number])), { padding: [32, 32], maxZoom: 16 });
      map.current = m;
    });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
    };
    // Made once per set of pins (key); the tiles are the process's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tiles.url, lng]);

  if (placed.length === 0)
    return (
      <p role="status" className="card p-6 text-center text-muted">
        {labels.noPins}
      </p>
    );
  return (
    <div>
      <div
        ref={box}
        role="region"
        aria-label={labels.map}
        // isolate: Leaflet's panes and controls (z-index 400 to 1000) stay inside the map, under the sticky header and the
        // list's filters row as the page scrolls.
        className={`${className} isolate w-full overflow-hidden rounded-lg border border-line bg-surface-2`}
        data-testid="shops-map"
      />
      <h2 id="map-pins-title" className="mt-4 text-sm font-semibold">
        {labels.pins}
      </h2>
      <ol aria-labelledby="map-pins-title" className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {placed.map((s) => (
          <li key={s.id}>
            <Link
              href={withLang(`/barbearia/${s.slug}`, lng)}
              className="inline-flex min-h-11 items-center underline-offset-4 hover:text-primary hover:underline"
              prefetch={false}
            >
              {s.name}
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
