import { presetOf, presetRange } from "./range";

it("gives Monday to Sunday of the week, the whole month and the 30 days to today", () => {
  // 2026-12-03 is a Thursday.
  expect(presetRange("thisWeek", "2026-12-03")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
  expect(presetRange("thisWeek", "2026-12-06")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
  expect(presetRange("thisWeek", "2026-11-30")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
  expect(presetRange("thisMonth", "2026-12-03")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  expect(presetRange("thisMonth", "2028-02-10")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  expect(presetRange("last30", "2026-12-03")).toEqual({ from: "2026-11-04", to: "2026-12-03" });
  expect(presetOf({ from: "2026-12-01", to: "2026-12-31" }, "2026-12-03")).toBe("thisMonth");
  expect(presetOf({ from: "2026-12-01", to: "2026-12-30" }, "2026-12-03")).toBeNull();
});
