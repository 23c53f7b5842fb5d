import { maskPhoneBr } from "@/lib/text/phone-mask";
import { addDays, formatLongDate, nearDay, sumMoney, weekdayOf, zoneLabel } from "./format";

describe("maskPhoneBr", () => {
  it("masks a mobile number while it is typed", () => {
    expect(maskPhoneBr("1")).toBe("(1");
    expect(maskPhoneBr("119")).toBe("(11) 9");
    expect(maskPhoneBr("1191234")).toBe("(11) 9123-4");
    expect(maskPhoneBr("11912345678")).toBe("(11) 91234-5678");
    expect(maskPhoneBr("(11) 91234-56789")).toBe("(11) 91234-5678");
    expect(maskPhoneBr("+55 11 91234-5678")).toBe("(11) 91234-5678");
    expect(maskPhoneBr("1132345678")).toBe("(11) 3234-5678");
    expect(maskPhoneBr("abc")).toBe("");
  });
});

describe("dates", () => {
  it("adds days across months and names weekdays", () => {
    expect(addDays("2026-11-29", 3)).toBe("2026-12-02");
    expect(weekdayOf("2026-11-22")).toBe(0);
    expect(formatLongDate("en", "2026-11-23")).toBe("Monday, November 23, 2026");
  });

  it("says today and tomorrow where the shop is, not where the phone is", () => {
    // 01:30 UTC on the 28th is still the 27th in São Paulo (UTC-3) and already the 28th in Lisbon.
    const now = new Date("2026-11-28T01:30:00Z");
    expect(nearDay("2026-11-27", "America/Sao_Paulo", now)).toBe("today");
    expect(nearDay("2026-11-28", "America/Sao_Paulo", now)).toBe("tomorrow");
    expect(nearDay("2026-11-29", "America/Sao_Paulo", now)).toBeNull();
    expect(nearDay("2026-11-26", "America/Sao_Paulo", now)).toBeNull();
    expect(nearDay("2026-11-28", "Europe/Lisbon", now)).toBe("today");
    // Across a month's end, and a zone the browser does not know.
    expect(nearDay("2026-12-01", "America/Sao_Paulo", new Date("2026-11-30T15:00:00Z"))).toBe("tomorrow");
    expect(nearDay("2026-11-27", "Mars/Olympus", now)).toBeNull();
  });

  it("labels the shop's zone with its offset", () => {
    expect(zoneLabel("en", "America/Sao_Paulo", "2026-11-23T14:00:00-03:00")).toBe("Brasilia Standard Time, UTC-03:00");
  });
});

it("sums money in cents", () => {
  expect(sumMoney([{ price: "0.10" }, { price: "0.20" }])).toBe(0.3);
  expect(sumMoney([{ price: "29.90", quantity: 2 }])).toBe(59.8);
});
