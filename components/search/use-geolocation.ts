"use client";
import { useState } from "react";

export type GeoState = "idle" | "locating" | "denied" | "unavailable";

/** The device's position, asked for once per tap; `state` says what the hint should tell. */
export function useGeolocation(onFound: (coords: { latitude: number; longitude: number }) => void) {
  const [state, setState] = useState<GeoState>("idle");

  function locate() {
    if (!("geolocation" in navigator)) {
      setState("unavailable");
      return;
    }
    setState("locating");
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setState("idle");
        onFound({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
      },
      (err) => setState(err.code === err.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }

  return { state, locate };
}
