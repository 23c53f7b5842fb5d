import type * as Leaflet from "leaflet";

/** A tile server's URL template ("…/{z}/{x}/{y}.png") and the attribution its licence asks for. */
export type MapTiles = { url: string; attribution: string };

/** The site's pin: a gold drop drawn in CSS (`.navalha-pin`), its point at the place. */
export function pinIcon(L: typeof Leaflet): Leaflet.DivIcon {
  return L.divIcon({ className: "", html: '<span class="navalha-pin" aria-hidden="true"></span>', iconSize: [28, 28], iconAnchor: [14, 28] });
}

/**
 * A Leaflet map in `box` with the configured tiles and their attribution: the one way every map of the site is made
 * (the console's pin, the clients' list). The wheel does not zoom (a page scrolls past it); the keyboard pans and zooms.
 */
export function baseMap(L: typeof Leaflet, box: HTMLElement, tiles: MapTiles, center: [number, number], zoom: number): Leaflet.Map {
  const m = L.map(box, { center, zoom, scrollWheelZoom: false, keyboard: true });
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
  return m;
}
