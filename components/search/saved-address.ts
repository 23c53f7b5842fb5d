// The chosen place, kept in local storage (key `savedAddress`) and reused on the next visit; the one reader and
// writer of that key for search, favourites and saved addresses. No imports: the home page's first load
// carries it (lib/contract/account.ts would bring zod, +45 KB gzip).
export const SAVED_ADDRESS_KEY = "savedAddress";

/**
 * `here`: the visitor's own position ("use my location"), shown in the language of the page that reads it
 * rather than by its label, which is in the language it was chosen in.
 */
export type SavedAddress = { label: string; latitude: number; longitude: number; here?: true };

/**
 * `search:location.current` in each language: your own position as stored before it carried `here`, when its
 * label was the only trace of it (locale-files.test.ts keeps this list equal to the catalogues).
 */
export const HERE_LABELS_BEFORE_FLAG = ["Minha localização", "My location", "Mi ubicación"];

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
    const address: SavedAddress = { label: value.label, latitude: value.latitude!, longitude: value.longitude! };
    if (value.here === true || HERE_LABELS_BEFORE_FLAG.includes(value.label)) address.here = true;
    return address;
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

/**
 * The list page's URL for a place and optional filters. Your own position has no `place` (its label is "My
 * location" in the language it was chosen in): the list names the neighbourhood it lies in, or reads "near you".
 */
export function listHref(address: SavedAddress, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams({ latitude: address.latitude.toFixed(5), longitude: address.longitude.toFixed(5) });
  if (!address.here) params.set("place", address.label);
  for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
  return `/barbearias?${params.toString()}`;
}
