import { PERIODS } from "@/lib/contract/search-constants";
import { addDays } from "@/components/booking/format";
import { dayLabel, nextDays, windowOf, windowRange } from "./when";

const t = (key: string) => key;

describe("when", () => {
  it("gives each window its hours and finds the window back from them", () => {
    expect(windowRange("morning")).toEqual({ after: "06:00", before: "12:00" });
    expect(windowRange("afternoon")).toEqual({ after: "12:00", before: "18:00" });
    expect(windowRange("night")).toEqual({ after: "18:00" });
    for (const w of PERIODS) expect(windowOf(windowRange(w).after, windowRange(w).before)).toBe(w);
    expect(windowOf("18:00", "20:00")).toBeUndefined();
    expect(windowOf(undefined, undefined)).toBeUndefined();
  });

  it("counts days from today in São Paulo, across a month's end", () => {
    // 02:30 UTC on 1 December is still 30 November in São Paulo (UTC-3).
    const now = new Date("2026-12-01T02:30:00Z");
    expect(nextDays(3, now)).toEqual(["2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("names today and tomorrow, then the short weekday, with the day of the month, in the page's language", () => {
    const now = new Date("2026-11-25T15:00:00Z");
    expect(dayLabel("2026-11-25", t, "en", now)).toMatchObject({ top: "filters.today", day: "25" });
    expect(dayLabel("2026-11-26", t, "en", now).top).toBe("filters.tomorrow");
    expect(dayLabel("2026-11-27", t, "en", now)).toEqual({ top: "Fri", day: "27", long: "Friday, November 27" });
    expect(dayLabel("2026-11-27", t, "pt-BR", now).top).toMatch(/^sex\.?$/);
    expect(dayLabel("2026-11-27", t, "es", now).long).toBe("viernes, 27 de noviembre");
  });
});
