import { formatDistance, formatDuration, opensNext } from "./format";

describe("formatDuration", () => {
  it("writes minutes and hours with their units", () => {
    expect(formatDuration(40)).toBe("40\u00a0min");
    expect(formatDuration(60)).toBe("1\u00a0h");
    expect(formatDuration(90)).toBe("1\u00a0h 30\u00a0min");
    expect(formatDuration(125)).toBe("2\u00a0h 5\u00a0min");
  });

  it("never lets a line end between a number and its unit", () => {
    for (const minutes of [5, 40, 59, 60, 61, 90, 120, 185, 600]) expect(formatDuration(minutes)).not.toMatch(/\d /);
  });
});

describe("formatDistance", () => {
  it("writes metres under a kilometre and kilometres above, never breaking a line before the unit", () => {
    expect(formatDistance("pt-BR", 0.35)).toBe("350\u00a0m");
    expect(formatDistance("pt-BR", 2.4)).toBe("2,4\u00a0km");
    expect(formatDistance("en", 2.4)).toBe("2.4\u00a0km");
    expect(formatDistance("es", 20)).toBe("20\u00a0km");
  });
});

describe("opensNext", () => {
  // Saturday 28 November 2026 in São Paulo (UTC-03:00); a lunch break splits the day in two; closed on Monday.
  const hours = [
    { weekday: 6, opens: "08:00", closes: "12:00" },
    { weekday: 6, opens: "13:00", closes: "18:00" },
    { weekday: 0, opens: "09:00", closes: "13:00" },
  ];
  const at = (utc: string) => opensNext(hours, "America/Sao_Paulo", new Date(utc));
  it("names the next opening where the shop is: later today, else tomorrow; none while open or when it opens neither day", () => {
    expect(at("2026-11-28T07:40:00Z")).toEqual({ day: "today", time: "08:00" }); // 04:40 there
    expect(at("2026-11-28T12:00:00Z")).toBeNull(); // 09:00: open
    expect(at("2026-11-28T15:30:00Z")).toEqual({ day: "today", time: "13:00" }); // 12:30: the lunch break
    expect(at("2026-11-28T21:30:00Z")).toEqual({ day: "tomorrow", time: "09:00" }); // 18:30: Sunday opens at 09:00
    expect(at("2026-11-29T02:30:00Z")).toEqual({ day: "tomorrow", time: "09:00" }); // 23:30 on Saturday there, though Sunday in UTC
    expect(at("2026-11-29T17:00:00Z")).toBeNull(); // 14:00 on Sunday: closed on Monday
    expect(opensNext(hours, "Asia/Tokyo", new Date("2026-11-28T22:00:00Z"))).toEqual({ day: "today", time: "09:00" }); // 07:00 Sunday in Tokyo
  });
});
