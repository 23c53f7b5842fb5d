import { inWeekOrder, repeatedNames, weeklyRangeProblems, ZServiceDuration, ZServicePrice } from "./shop-rules";

const week = (ranges: [number, string, string][]) => ranges.map(([weekday, starts, ends]) => ({ weekday, starts, ends }));
const problems = (ranges: [number, string, string][]) =>
  weeklyRangeProblems(
    week(ranges),
    (r) => r.starts,
    (r) => r.ends,
  );

describe("the shop's rules", () => {
  it("names a range that ends when or before it starts, and one that starts before the previous of its day ends", () => {
    expect(problems([[1, "18:00", "09:00"]])).toEqual([{ index: 0, rule: "HOURS_INVERTED" }]);
    expect(problems([[1, "09:00", "09:00"]])).toEqual([{ index: 0, rule: "HOURS_INVERTED" }]);
    expect(
      problems([
        [1, "14:00", "18:00"],
        [1, "09:00", "14:30"],
      ]),
    ).toEqual([{ index: 0, rule: "HOURS_OVERLAP" }]);
  });

  it("lets ranges touch, and lets other weekdays have the same hours", () => {
    expect(
      problems([
        [1, "09:00", "12:00"],
        [1, "12:00", "18:00"],
        [2, "09:00", "18:00"],
      ]),
    ).toEqual([]);
  });

  it("puts a week in its order and finds a name given twice, case aside", () => {
    expect(
      inWeekOrder(
        week([
          [2, "09:00", "10:00"],
          [1, "14:00", "15:00"],
          [1, "09:00", "10:00"],
        ]),
        (r) => r.starts,
      ).map((r) => `${r.weekday} ${r.starts}`),
    ).toEqual(["1 09:00", "1 14:00", "2 09:00"]);
    expect(repeatedNames(["Corte", "Barba", "corte"])).toEqual([2]);
  });

  it("keeps durations on the 5-minute grid and prices above zero", () => {
    expect(ZServiceDuration.safeParse(35).success).toBe(true);
    expect(ZServiceDuration.safeParse(33).error?.issues[0].message).toBe("DURATION_GRID");
    expect(ZServicePrice.safeParse("0.00").error?.issues[0].message).toBe("PRICE_ZERO");
    expect(ZServicePrice.safeParse("0.01").success).toBe(true);
  });
});
