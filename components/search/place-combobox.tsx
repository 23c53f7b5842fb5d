"use client";
import { useState } from "react";
import { useT } from "@/lib/i18n/words";
import { type PlaceOption, usePlaceSuggestions } from "./use-place-suggestions";

type Props = {
  id: string;
  /** What the box shows: what the person typed, else the saved place's label. */
  text: string;
  /** The saved place's label: typing it again asks for nothing. */
  addressLabel?: string;
  onType: (value: string) => void;
  /** A line chosen (the list closes first). */
  onPick: (option: PlaceOption) => void;
};

/** The place box: an ARIA combobox whose listbox groups the matching places and shops. */
export function PlaceCombobox({ id, text, addressLabel, onType, onPick }: Props) {
  const { t } = useT("search");
  const [open, setOpen] = useState(false);
  const query = text.trim();
  const wantsSuggestions = query.length >= 2 && query !== addressLabel;
  const { suggestions, searching, active, setActive } = usePlaceSuggestions(query, wantsSuggestions);
  const listboxId = `${id}-places`;
  const showList = open && wantsSuggestions;

  function pick(option: PlaceOption) {
    setOpen(false);
    onPick(option);
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

  return (
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
          onType(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => setOpen(true)}
      />
      {showList ? (
        <div
          id={listboxId}
          role="listbox"
          aria-label={t("location.suggestions")}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-lg border border-line bg-surface-2 py-1 shadow-xl"
        >
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
                      <span className="font-semibold break-words">
                        {o.kind === "place" ? (o.place.kind === "city" ? o.place.city : o.place.name) : o.shop.name}
                      </span>
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
  );
}
