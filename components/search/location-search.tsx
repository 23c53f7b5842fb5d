"use client";
import { Link, withLang } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useT } from "@/lib/i18n/words";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { TPlace, TShopSuggestion } from "@/lib/contract/search";
import { CATEGORIES, type TCategory, type TPeriod } from "@/lib/contract/search-constants";
import { findPlaces } from "@/lib/api/search";
import { listHref, parseSavedAddress, readSavedAddress, readSavedAddressRaw, type SavedAddress, subscribeSavedAddress, writeSavedAddress } from "./saved-address";
import { WhenChoice } from "./when-choice";
import { type StripDay, windowRange } from "./when";
import { NearbySkeleton } from "./nearby-skeleton";

// The home page's "near you" shops come with a place: SWR and the shop card are not in its first load.
// Should its chunk not load (a dropped connection), the list says so and the search box still works.
const Nearby = lazy(() => import("./nearby-shops").catch(() => ({ default: NearbyUnavailable })));

function NearbyUnavailable(): React.JSX.Element {
  const { t } = useT("search");
  return (
    <p role="alert" className="mt-8 card p-4">
      {t("nearby.error")}
    </p>
  );
}

/** Shops the box suggests below the places. */
const SHOP_SUGGESTIONS = 5;

/** One line of the suggestions: a place (sets where to look) or a shop (opens its page). */
type Option = { kind: "place"; place: TPlace } | { kind: "shop"; shop: TShopSuggestion };

type Props = {
  /** home: shows nearby shops below; navigate: opens the list page for the chosen place. */
  mode: "home" | "navigate";
  lng: string;
  /** The days "when" offers, labelled on the server (stripDays). */
  days: StripDay[];
  /** navigate mode: open the saved place's list right away (the list page without a place). */
  useSaved?: boolean;
  initialCategory?: TCategory;
};

export function LocationSearch({ mode, lng, days, useSaved = false, initialCategory }: Props) {
  const { t } = useT("search");
  const router = useRouter();
  const id = useId();
  const savedRaw = useSyncExternalStore(subscribeSavedAddress, readSavedAddressRaw, () => null);
  const address = useMemo(() => parseSavedAddress(savedRaw), [savedRaw]);
  // null until the person types: the box then shows the saved place's label.
  const [typed, setTyped] = useState<string | null>(null);
  // Your own position reads in this page's language, whichever language it was chosen in.
  const addressLabel = address ? (address.here ? t("location.current") : address.label) : undefined;
  const text = typed ?? addressLabel ?? "";
  const [found, setFound] = useState<{ q: string; options: Option[] }>({ q: "", options: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [category, setCategory] = useState<TCategory | "">(initialCategory ?? "");
  const [date, setDate] = useState("");
  const [timeWindow, setTimeWindow] = useState<TPeriod | "">("");
  // What the list is asked for besides the place: the service type and "when".
  const filters = useMemo(() => ({ category: category || undefined, date: date || undefined, ...(timeWindow ? windowRange(timeWindow) : {}) }), [category, date, timeWindow]);
  const [geoState, setGeoState] = useState<"idle" | "locating" | "denied" | "unavailable">("idle");
  // Home: how many places the visitor has chosen here. Each choice takes them to its shops (below the form,
  // out of sight on a phone); a place remembered from an earlier visit does not.
  const [chosen, setChosen] = useState(0);
  const requestSeq = useRef(0);
  const query = text.trim();
  const wantsSuggestions = query.length >= 2 && query !== addressLabel;
  const suggestions = wantsSuggestions && found.q === query ? found.options : [];
  const searching = wantsSuggestions && found.q !== query;

  useEffect(() => {
    if (mode !== "navigate" || !useSaved) return;
    const saved = readSavedAddress();
    if (saved) router.replace(listHref(saved));
  }, [mode, useSaved, router]);

  // Suggestions from our own places and shops, debounced; only the latest answer is kept.
  useEffect(() => {
    if (!wantsSuggestions) return;
    const seq = ++requestSeq.current;
    const timer = setTimeout(async () => {
      let options: Option[] = [];
      try {
        const { items, shops } = (await findPlaces(query, SHOP_SUGGESTIONS)).data;
        options = [...items.map((place): Option => ({ kind: "place", place })), ...shops.map((shop): Option => ({ kind: "shop", shop }))];
      } catch {
        // No suggestions: the list says nothing matched.
      }
      if (seq !== requestSeq.current) return;
      setFound({ q: query, options });
      setActive(options.length ? 0 : -1);
    }, 200);
    return () => clearTimeout(timer);
  }, [query, wantsSuggestions]);

  function pick(option: Option) {
    if (option.kind === "place") {
      const p = option.place;
      choose({ label: p.label, latitude: p.latitude, longitude: p.longitude });
    } else {
      setOpen(false);
      router.push(withLang(`/barbearia/${option.shop.slug}`, lng));
    }
  }

  function choose(next: SavedAddress) {
    writeSavedAddress(next);
    setTyped(null);
    setOpen(false);
    if (mode === "navigate") router.push(listHref(next, filters));
    else setChosen((n) => n + 1);
  }

  function locate() {
    if (!("geolocation" in navigator)) {
      setGeoState("unavailable");
      return;
    }
    setGeoState("locating");
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setGeoState("idle");
        choose({ label: t("location.current"), latitude: pos.coords.latitude, longitude: pos.coords.longitude, here: true });
      },
      (err) => setGeoState(err.code === err.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (!open || suggestions.length === 0) return;
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => (i - 1 + suggestions.length) % suggestions.length);
    } else if (e.key === "Enter" && active >= 0) {
      e.preventDefault();
      pick(suggestions[active]);
    } else if (e.key === "Escape") {
      setOpen(false);
    }
  }

  const listboxId = `${id}-places`;
  const showList = open && wantsSuggestions;

  return (
    <div>
      <div className="card p-4 md:p-5">
        <label htmlFor={`${id}-input`} className="block text-sm font-semibold">
          {t("location.label")}
        </label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <input
              id={`${id}-input`}
              className="input"
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={showList}
              aria-controls={listboxId}
              aria-activedescendant={showList && active >= 0 ? `${listboxId}-${active}` : undefined}
              aria-describedby={`${id}-hint`}
              placeholder={t("location.placeholder")}
              value={text}
              onChange={(e) => {
                setTyped(e.target.value);
                setOpen(true);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => setTimeout(() => setOpen(false), 150)}
              onFocus={() => setOpen(true)}
            />
            {showList ? (
              <div id={listboxId} role="listbox" aria-label={t("location.suggestions")} className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-lg border border-line bg-surface-2 py-1 shadow-xl">
                {suggestions.length === 0 ? (
                  <p className="px-3 py-2 text-sm text-muted" role="presentation">
                    {searching ? t("location.searching") : t("location.noMatch")}
                  </p>
                ) : (
                  (["place", "shop"] as const).map((kind) => {
                    const group = suggestions.map((o, i) => ({ o, i })).filter(({ o }) => o.kind === kind);
                    if (group.length === 0) return null;
                    const headingId = `${listboxId}-${kind}`;
                    return (
                      <ul key={kind} role="group" aria-labelledby={headingId}>
                        <li id={headingId} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                          {t(kind === "place" ? "location.placesGroup" : "location.shopsGroup")}
                        </li>
                        {group.map(({ o, i }) => (
                          <li
                            key={o.kind === "place" ? `p${o.place.id}` : `s${o.shop.id}`}
                            id={`${listboxId}-${i}`}
                            role="option"
                            aria-selected={i === active}
                            className={`flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm ${i === active ? "bg-primary text-primary-ink" : "text-ink"}`}
                            onMouseDown={(e) => e.preventDefault()}
                            onMouseEnter={() => setActive(i)}
                            onClick={() => pick(o)}
                          >
                            <span className="font-semibold break-words">{o.kind === "place" ? (o.place.kind === "city" ? o.place.city : o.place.name) : o.shop.name}</span>
                            <span className={`break-words ${i === active ? "text-primary-ink/80" : "text-muted"}`}>
                              {o.kind === "shop"
                                ? `${o.shop.address} · ${o.shop.neighborhood}, ${o.shop.city}`
                                : o.place.kind === "city"
                                  ? t("location.city", { state: o.place.state })
                                  : `${o.place.city} - ${o.place.state}`}
                            </span>
                          </li>
                        ))}
                      </ul>
                    );
                  })
                )}
              </div>
            ) : null}
            <p className="sr-only" role="status">
              {showList && !searching && suggestions.length > 0 ? t("location.results", { count: suggestions.length }) : ""}
            </p>
          </div>
          <button type="button" className="btn-ghost shrink-0" onClick={locate} disabled={geoState === "locating"}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="3" />
              <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
              <circle cx="12" cy="12" r="7" />
            </svg>
            {geoState === "locating" ? t("location.locating") : t("location.useMine")}
          </button>
        </div>
        <p id={`${id}-hint`} className="mt-2 text-xs text-muted" aria-live="polite">
          {geoState === "denied" ? t("location.denied") : geoState === "unavailable" ? t("location.unavailable") : t("location.hint")}
        </p>

        <fieldset className="mt-4">
          <legend className="text-sm font-semibold">{t("category.label")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {(["", ...CATEGORIES] as const).map((c) => (
              <label
                key={c || "all"}
                className="relative inline-flex min-h-11 cursor-pointer items-center rounded-full border border-line px-4 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
              >
                <input
                  type="radio"
                  name={`${id}-category`}
                  value={c}
                  checked={category === c}
                  onChange={() => setCategory(c)}
                  className="sr-only"
                />
                {t(`category.${c || "all"}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <WhenChoice id={id} days={days} date={date} window={timeWindow} onDate={setDate} onWindow={setTimeWindow} />
        {mode === "navigate" && address ? (
          <Link href={listHref(address, filters)} className="btn-primary mt-4 w-full sm:w-auto">
            {t("location.search")}
          </Link>
        ) : null}
      </div>

      {mode === "home" && address ? (
        <Suspense fallback={<NearbySkeleton label={t("list.loading")} />}>
          <Nearby address={address} filters={filters} lng={lng} reveal={chosen} here={address.here === true} />
        </Suspense>
      ) : null}
    </div>
  );
}
