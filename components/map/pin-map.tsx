"use client";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import type { Map as LeafletMap, Marker } from "leaflet";
import { baseMap, pinIcon, type MapTiles } from "./base-map";

// A map with one pin (Leaflet, tiles from the configured server with their attribution). The pin is dragged or
// placed with a tap; the four buttons move it for the keyboard alone. Shared by the shop's console; the clients'
// list's map (shops-map.tsx) is made the same way (base-map.ts).

export type LatLng = { latitude: number; longitude: number };
export type { MapTiles };
export type PinMapLabels = { map: string; pin: string; north: string; south: string; east: string; west: string };

const NUDGE = 0.0002; // about 20 m

export function PinMap({
  tiles,
  value,
  onChange,
  labels,
  zoom = 17,
  readOnly = false,
  className = "h-72",
}: {
  tiles: MapTiles;
  value: LatLng;
  onChange?: (next: LatLng) => void;
  labels: PinMapLabels;
  zoom?: number;
  readOnly?: boolean;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let cancelled = false;
    void import("leaflet").then((L) => {
      if (cancelled || !box.current || map.current) return;
      const m = baseMap(L, box.current, tiles, [value.latitude, value.longitude], zoom);
      const pin = L.marker([value.latitude, value.longitude], {
        draggable: !readOnly,
        icon: pinIcon(L),
        title: labels.pin,
        alt: labels.pin,
        keyboard: false,
      }).addTo(m);
      pin.on("dragend", () => {
        const at = pin.getLatLng();
        change.current?.({ latitude: at.lat, longitude: at.lng });
      });
      if (!readOnly) m.on("click", (e) => change.current?.({ latitude: e.latlng.lat, longitude: e.latlng.lng }));
      map.current = m;
      marker.current = pin;
    });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once; the pin follows `value` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles.url]);

  useEffect(() => {
    const at = marker.current?.getLatLng();
    if (!marker.current || !map.current || (at && at.lat === value.latitude && at.lng === value.longitude)) return;
    marker.current.setLatLng([value.latitude, value.longitude]);
    map.current.panTo([value.latitude, value.longitude]);
  }, [value.latitude, value.longitude]);

  const nudge = (dLat: number, dLng: number) => onChange?.({ latitude: value.latitude + dLat, longitude: value.longitude + dLng });

  return (
    <div>
      <div
        ref={box}
        role="region"
        aria-label={labels.map}
        className={`${className} w-full overflow-hidden rounded-lg border border-line bg-surface-2`}
        data-testid="pin-map"
      />
      {!readOnly && (
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={labels.pin}>
          {(
            [
              [labels.north, NUDGE, 0, "↑"],
              [labels.south, -NUDGE, 0, "↓"],
              [labels.west, 0, -NUDGE, "←"],
              [labels.east, 0, NUDGE, "→"],
            ] as const
          ).map(([label, dLat, dLng, arrow]) => (
            <button key={label} type="button" className="btn-ghost min-h-11 min-w-11 px-3" aria-label={label} onClick={() => nudge(dLat, dLng)}>
              <span aria-hidden="true">{arrow}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
