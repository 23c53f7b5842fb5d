import { formatDistance, formatDuration } from "./format";

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
