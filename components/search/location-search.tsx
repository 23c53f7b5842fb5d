"use client";
import { Link, withLang } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useT } from "@/lib/i18n/words";
import { lazy, Suspense, useEffect, useId, useMemo, useState, useSyncExternalStore } from "react";
import { CATEGORIES, type TCategory, type TPeriod } from "@/lib/contract/search-constants";
import {
  listHref,
  parseSavedAddress,
  readSavedAddress,
  readSavedAddressRaw,
  type SavedAddress,
  subscribeSavedAddress,
  writeSavedAddress,
} from "./saved-address";
import { WhenChoice } from "./when-choice";
import { type StripDay, windowRange } from "./when";
import { NearbySkeleton } from "./nearby-skeleton";
import { PlaceCombobox } from "./place-combobox";
import { useGeolocation } from "./use-geolocation";
import type { PlaceOption } from "./use-place-suggestions";

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
  const [category, setCategory] = useState<TCategory | "">(initialCategory ?? "");
  const [date, setDate] = useState("");
  const [timeWindow, setTimeWindow] = useState<TPeriod | "">("");
  // What the list is asked for besides the place: the service type and "when".
  const filters = useMemo(
    () => ({ category: category || undefined, date: date || undefined, ...(timeWindow ? windowRange(timeWindow) : {}) }),
    [category, date, timeWindow],
  );
  // Home: how many places the visitor has chosen here. Each choice takes them to its shops (below the form,
  // out of sight on a phone); a place remembered from an earlier visit does not.
  const [chosen, setChosen] = useState(0);

  useEffect(() => {
    if (mode !== "navigate" || !useSaved) return;
    const saved = readSavedAddress();
    if (saved) router.replace(listHref(saved));
  }, [mode, useSaved, router]);

  // Typing in the box starts a new search: what was typed after the saved place's label is the new text (never
  // "São Paulo - SPxyz", silently still São Paulo), and until a place is picked the old one is not searched.
  function type(value: string) {
    setTyped(typed === null && addressLabel && value.startsWith(addressLabel) && value !== addressLabel ? value.slice(addressLabel.length) : value);
  }
  const newSearch = typed !== null && typed.trim() !== (addressLabel ?? "");

  function pick(option: PlaceOption) {
    if (option.kind === "place") {
      const p = option.place;
      choose({ label: p.label, latitude: p.latitude, longitude: p.longitude });
    } else {
      router.push(withLang(`/barbearia/${option.shop.slug}`, lng));
    }
  }

  function choose(next: SavedAddress) {
    writeSavedAddress(next);
    setTyped(null);
    if (mode === "navigate") router.push(listHref(next, filters));
    else setChosen((n) => n + 1);
  }

  const geo = useGeolocation((coords) => choose({ label: t("location.current"), ...coords, here: true }));

  return (
    <div>
      <div className="card p-4 md:p-5">
        <label htmlFor={`${id}-input`} className="block text-sm font-semibold">
          {t("location.label")}
        </label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <PlaceCombobox id={id} text={text} addressLabel={addressLabel} onType={type} onPick={pick} />
          <button type="button" className="btn-ghost shrink-0" onClick={geo.locate} disabled={geo.state === "locating"}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="3" />
              <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
              <circle cx="12" cy="12" r="7" />
            </svg>
            {geo.state === "locating" ? t("location.locating") : t("location.useMine")}
          </button>
        </div>
        <p id={`${id}-hint`} className="mt-2 text-xs text-muted" aria-live="polite">
          {geo.state === "denied" ? t("location.denied") : geo.state === "unavailable" ? t("location.unavailable") : t("location.hint")}
        </p>
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold">{t("category.label")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {(["", ...CATEGORIES] as const).map((c) => (
              <label
                key={c || "all"}
                className="relative inline-flex min-h-11 cursor-pointer items-center rounded-full border border-line px-4 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
              >
                <input type="radio" name={`${id}-category`} value={c} checked={category === c} onChange={() => setCategory(c)} className="sr-only" />
                {t(`category.${c || "all"}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <WhenChoice id={id} days={days} date={date} window={timeWindow} onDate={setDate} onWindow={setTimeWindow} />
        {mode === "navigate" && address && !newSearch ? (
          <Link href={listHref(address, filters)} className="btn-primary mt-4 w-full sm:w-auto">
            {t("location.search")}
          </Link>
        ) : null}
        {mode === "navigate" && newSearch ? (
          <p role="status" className="mt-4 text-sm text-muted">
            {t("location.pickToSearch")}
          </p>
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
