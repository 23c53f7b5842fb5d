import fs from "node:fs";
import path from "node:path";
import { PERIODS } from "@/lib/contract/search-constants";
import { dateFormat } from "./format";
import { LANGUAGES } from "./settings";

// A screen that names days ("Tomorrow") and times of day ("Morning") must not use one word for both: in Spanish
// "Mañana" is tomorrow and the morning. Each screen below lists the texts it shows for each (catalogue keys, and
// the weekdays Intl writes for a date strip); a period's hours in brackets ("Mañana (6–12 h)") do not tell it apart.
const root = path.join(process.cwd(), "locales");
type Catalogue = Record<string, unknown>;
const read = (lng: string, ns: string): Catalogue => JSON.parse(fs.readFileSync(path.join(root, lng, `${ns}.json`), "utf8"));

function text(catalogues: Record<string, Catalogue>, key: string): string {
  const [ns, rest] = key.split(":");
  const value = rest.split(".").reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[ns]);
  if (typeof value !== "string") throw new Error(`no text at ${key}`);
  return value;
}

const perPeriod = (prefix: string) => PERIODS.map((p) => `${prefix}.${p}`);
const weekdays = (lng: string) =>
  Array.from({ length: 7 }, (_, i) => dateFormat(lng, { weekday: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2026, 10, 30 + i, 12))));

type Screen = { days: string[]; periods: string[]; weekdays?: boolean };
export const SCREENS: Record<string, Screen> = {
  // The list: the "when" strip, the chips of the active filters, each row's next free times and open state.
  list: {
    days: ["search:filters.anyDay", "search:filters.today", "search:filters.tomorrow", "shop:card.today", "shop:card.tomorrow"],
    periods: [...perPeriod("search:filters.windows"), ...perPeriod("search:filters.periods"), "search:filters.anyHour"],
    weekdays: true,
  },
  // Home: the next appointment's day above the same "when" strip.
  home: {
    days: ["search:home.next.today", "search:home.next.tomorrow", "search:filters.today", "search:filters.tomorrow"],
    periods: perPeriod("search:filters.windows"),
    weekdays: true,
  },
  // The booking's date step: a strip of weekdays above the period tabs, and the waitlist's periods.
  booking: { days: [], periods: [...perPeriod("booking:flow.periods"), ...perPeriod("booking:flow.waitlist.when")], weekdays: true },
};

/** A label as a reader tells it apart: lower case, without the hours in brackets or a final full stop. */
const bare = (label: string) =>
  label
    .replace(/\s*\([^)]*\)\s*/g, " ")
    .replace(/\.$/, "")
    .trim()
    .toLocaleLowerCase();

/** The day and period texts of a screen that read the same, for one language's catalogues. */
export function clashes(screen: Screen, lng: string, catalogues: Record<string, Catalogue>): string[] {
  const days = [...screen.days.map((k) => text(catalogues, k)), ...(screen.weekdays ? weekdays(lng) : [])];
  const dayWords = new Set(days.map(bare));
  return screen.periods.map((k) => [k, text(catalogues, k)] as const).flatMap(([k, t]) => (dayWords.has(bare(t)) ? [`${k} = ${JSON.stringify(t)}`] : []));
}

const cataloguesOf = (lng: string) => Object.fromEntries(["search", "shop", "booking"].map((ns) => [ns, read(lng, ns)]));

describe.each([...LANGUAGES])("in %s", (lng) => {
  it.each(Object.keys(SCREENS))("the %s screen names no time of day with a day's word", (name) => {
    expect(clashes(SCREENS[name], lng, cataloguesOf(lng))).toEqual([]);
  });
});

it("catches a period named as a day on one screen, its hours aside", () => {
  const es = cataloguesOf("es");
  const search = es.search as { filters: { windows: Record<string, string>; periods: Record<string, string> } };
  const mixed = { ...es, search: { ...search, filters: { ...search.filters, periods: { ...search.filters.periods, morning: "Mañana (6–12 h)" } } } };
  expect(clashes(SCREENS.list, "es", mixed)).toEqual(['search:filters.periods.morning = "Mañana (6–12 h)"']);
  const booking = es.booking as { flow: Catalogue & { periods: Record<string, string> } };
  const strip = { ...es, booking: { ...booking, flow: { ...booking.flow, periods: { ...booking.flow.periods, afternoon: "Mié." } } } };
  expect(clashes(SCREENS.booking, "es", strip)).toEqual(['booking:flow.periods.afternoon = "Mié."']);
});
