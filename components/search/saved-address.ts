// The chosen place, kept in local storage (key `savedAddress`) and reused on the next visit.
export const SAVED_ADDRESS_KEY = "savedAddress";

export type SavedAddress = { label: string; latitude: number; longitude: number };

const CHANGE_EVENT = "navalha:saved-address";

/** The stored JSON as is (a stable snapshot for useSyncExternalStore). */
export function readSavedAddressRaw(): string | null {
  try {
    return localStorage.getItem(SAVED_ADDRESS_KEY);
  } catch {
    return null;
  }
}

export function subscribeSavedAddress(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

export function readSavedAddress(): SavedAddress | null {
  return parseSavedAddress(readSavedAddressRaw());
}

export function parseSavedAddress(raw: string | null): SavedAddress | null {
  try {
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SavedAddress> | null;
    if (!value || typeof value.label !== "string" || !Number.isFinite(value.latitude) || !Number.isFinite(value.longitude)) return null;
    if (Math.abs(value.latitude!) > 90 || Math.abs(value.longitude!) > 180) return null;
    return { label: value.label, latitude: value.latitude!, longitude: value.longitude! };
  } catch {
    return null;
  }
}

export function writeSavedAddress(address: SavedAddress) {
  try {
    localStorage.setItem(SAVED_ADDRESS_KEY, JSON.stringify(address));
    window.dispatchEvent(new Event(CHANGE_EVENT));
  } catch {
    // Private mode or a full storage: the search still works for this visit.
  }
}

/** The list page's URL for a place and optional filters. */
export function listHref(address: SavedAddress, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams({
    latitude: address.latitude.toFixed(5),
    longitude: address.longitude.toFixed(5),
    place: address.label,
  });
  for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
  return `/barbearias?${params.toString()}`;
}
