import { computeFreeTimes, type FreeTimesInput, type WeeklyRange } from "./free-times";
import { fromWallClock, toZonedIso } from "./zoned-time";

const SP = "America/Sao_Paulo";
const NY = "America/New_York";

/** Monday to Saturday 09:00–18:00. */
const shopWeek: WeeklyRange[] = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "18:00" }));

function input(over: Partial<FreeTimesInput>): FreeTimesInput {
  return {
    date: "2026-11-23", // a Monday
    timeZone: SP,
    barberHours: [],
    shopHours: shopWeek,
    breaks: [],
    busy: [],
    durationMinutes: 30,
    stepMinutes: 30,
    minNoticeMinutes: 0,
    now: new Date("2026-11-20T12:00:00Z"),
    ...over,
  };
}

const all = (t: { morning: string[]; afternoon: string[]; night: string[] }) => [...t.morning, ...t.afternoon, ...t.night];
const at = (iso: string) => new Date(iso);

describe("computeFreeTimes", () => {
  it("offers every step of the shop's hours, grouped by period, when the barber has none", () => {
    const times = computeFreeTimes(input({ shopHours: [{ weekday: 1, start: "09:00", end: "20:00" }] }));
    expect(times.morning).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]);
    expect(times.afternoon[0]).toBe("12:00");
    expect(times.afternoon.at(-1)).toBe("17:30");
    expect(times.night).toEqual(["18:00", "18:30", "19:00", "19:30"]);
  });

  it("offers no start later than the booking horizon", () => {
    // 10:30 in São Paulo (UTC−3) is the last start at or before 13:30Z.
    const times = computeFreeTimes(input({ latestStart: at("2026-11-23T13:30:00Z") }));
    expect(all(times)).toEqual(["09:00", "09:30", "10:00", "10:30"]);
    expect(all(computeFreeTimes(input({ latestStart: at("2026-11-22T23:00:00Z") })))).toEqual([]);
  });

  it("uses the barber's own hours on a day he has them, and nothing on a closed day", () => {
    const barberHours = [{ weekday: 1, start: "14:00", end: "16:00" }];
    expect(all(computeFreeTimes(input({ barberHours })))).toEqual(["14:00", "14:30", "15:00", "15:30"]);
    expect(all(computeFreeTimes(input({ date: "2026-11-22" })))).toEqual([]); // Sunday: shop closed
  });

  it("never offers a service that would run into a break or past closing", () => {
    const times = computeFreeTimes(input({ durationMinutes: 60, breaks: [{ weekday: 1, start: "12:00", end: "13:00" }] }));
    expect(times.morning).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
    expect(times.afternoon).toContain("13:00");
    expect(times.afternoon).not.toContain("12:00");
    expect(times.afternoon).not.toContain("12:30");
    expect(times.afternoon.at(-1)).toBe("17:00");
  });

  it("leaves out times that overlap an appointment or a blocked time, but offers the time it ends", () => {
    const busy = [
      { startsAt: at("2026-11-23T13:00:00Z"), endsAt: at("2026-11-23T14:00:00Z") }, // 10:00–11:00 local
      { startsAt: at("2026-11-23T18:00:00Z"), endsAt: at("2026-11-23T21:00:00Z") }, // 15:00–18:00 local
    ];
    const times = computeFreeTimes(input({ busy, durationMinutes: 45 }));
    expect(times.morning).toEqual(["09:00", "11:00", "11:30"]);
    expect(times.afternoon).toEqual(["12:00", "12:30", "13:00", "13:30", "14:00"]);
  });

  it("offers nothing on a day that is fully booked", () => {
    const busy = [{ startsAt: at("2026-11-23T12:00:00Z"), endsAt: at("2026-11-23T21:00:00Z") }];
    expect(computeFreeTimes(input({ busy }))).toEqual({ morning: [], afternoon: [], night: [] });
  });

  it("offers nothing when the services last longer than the working day", () => {
    expect(all(computeFreeTimes(input({ durationMinutes: 600 })))).toEqual([]);
  });

  it("never offers a time in the past nor inside the minimum notice", () => {
    // now = 10:10 local on the day asked for, notice 60 min → the first time is 11:30.
    const times = computeFreeTimes(input({ now: at("2026-11-23T13:10:00Z"), minNoticeMinutes: 60 }));
    expect(times.morning).toEqual(["11:30"]);
    expect(all(computeFreeTimes(input({ now: at("2026-11-24T12:00:00Z") })))).toEqual([]);
  });

  it("steps by the shop's agenda interval", () => {
    const times = computeFreeTimes(input({ stepMinutes: 45, shopHours: [{ weekday: 1, start: "09:00", end: "12:00" }] }));
    expect(times.morning).toEqual(["09:00", "09:45", "10:30", "11:15"]);
  });

  describe("on the day New York's clocks go forward (2026-03-08, 02:00 → 03:00)", () => {
    const day = { date: "2026-03-08", timeZone: NY, now: at("2026-03-01T00:00:00Z") };
    const night = [{ weekday: 0, start: "00:00", end: "05:00" }];

    it("skips the hour that does not exist and counts real elapsed time", () => {
      const times = computeFreeTimes(input({ ...day, shopHours: night, durationMinutes: 60 }));
      // 01:30 EST + 60 min = 03:30 EDT, still before closing; 02:00 and 02:30 never happen.
      expect(times.morning).toEqual(["00:00", "00:30", "01:00", "01:30", "03:00", "03:30", "04:00"]);
    });

    it("places the day's times at the summer offset after the change", () => {
      const busy = [{ startsAt: at("2026-03-08T13:00:00Z"), endsAt: at("2026-03-08T14:00:00Z") }]; // 09:00–10:00 EDT
      const times = computeFreeTimes(input({ ...day, busy, shopHours: [{ weekday: 0, start: "09:00", end: "11:00" }] }));
      expect(times.morning).toEqual(["10:00", "10:30"]);
    });
  });

  describe("on the day New York's clocks go back (2026-11-01, 02:00 → 01:00)", () => {
    const day = { date: "2026-11-01", timeZone: NY, now: at("2026-10-25T00:00:00Z") };
    const night = [{ weekday: 0, start: "00:00", end: "04:00" }];

    it("offers the repeated hour once, at its first occurrence", () => {
      const times = computeFreeTimes(input({ ...day, shopHours: night, stepMinutes: 60, durationMinutes: 60 }));
      expect(times.morning).toEqual(["00:00", "01:00", "02:00", "03:00"]);
    });

    it("an appointment in the second 01:00 hour does not hide the first one", () => {
      const busy = [{ startsAt: at("2026-11-01T06:00:00Z"), endsAt: at("2026-11-01T07:00:00Z") }]; // 01:00–02:00 EST
      const times = computeFreeTimes(input({ ...day, busy, shopHours: night, stepMinutes: 60, durationMinutes: 60 }));
      expect(times.morning).toEqual(["00:00", "01:00", "02:00", "03:00"]);
      const long = computeFreeTimes(input({ ...day, busy, shopHours: night, stepMinutes: 60, durationMinutes: 120 }));
      // 00:00 EDT + 2 h ends at 01:00 EST, just as the appointment begins (a wall-clock count would
      // wrongly see 00:00–02:00 overlap it); 01:00 EDT + 2 h runs through it.
      expect(long.morning).toEqual(["00:00", "02:00"]);
    });
  });

  it("works in a half-hour zone (Asia/Kolkata, +05:30)", () => {
    const busy = [{ startsAt: at("2026-11-23T05:00:00Z"), endsAt: at("2026-11-23T05:30:00Z") }]; // 10:30–11:00 IST
    const times = computeFreeTimes(
      input({
        timeZone: "Asia/Kolkata",
        busy,
        shopHours: [{ weekday: 1, start: "09:00", end: "12:00" }],
        now: at("2026-11-23T04:00:00Z"), // 09:30 IST
      }),
    );
    expect(times.morning).toEqual(["09:30", "10:00", "11:00", "11:30"]);
  });

  it("works in St. John's (-03:30)", () => {
    const busy = [{ startsAt: at("2026-11-23T13:30:00Z"), endsAt: at("2026-11-23T14:30:00Z") }]; // 10:00–11:00 NST
    const times = computeFreeTimes(input({ timeZone: "America/St_Johns", busy, shopHours: [{ weekday: 1, start: "09:00", end: "12:00" }] }));
    expect(times.morning).toEqual(["09:00", "09:30", "11:00", "11:30"]);
  });
});

describe("zoned time", () => {
  it("formats instants with the shop's offset", () => {
    expect(toZonedIso(at("2026-11-23T17:00:00Z"), SP)).toBe("2026-11-23T14:00:00-03:00");
    expect(toZonedIso(at("2026-11-23T17:00:00Z"), "Asia/Kolkata")).toBe("2026-11-23T22:30:00+05:30");
    expect(toZonedIso(at("2026-07-01T12:00:00Z"), NY)).toBe("2026-07-01T08:00:00-04:00");
  });

  it("turns wall-clock times into instants, with none for a skipped time", () => {
    expect(fromWallClock("2026-11-23", 14 * 60, SP)?.toISOString()).toBe("2026-11-23T17:00:00.000Z");
    expect(fromWallClock("2026-03-08", 2 * 60 + 30, NY)).toBeNull();
    expect(fromWallClock("2026-11-01", 60 + 30, NY)?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(fromWallClock("2026-11-23", 24 * 60 + 60, SP)?.toISOString()).toBe("2026-11-24T04:00:00.000Z");
  });
});

describe("wallClockConverter", () => {
  it("agrees with fromWallClock on ordinary days and on days the clocks change", async () => {
    const { wallClockConverter } = await import("./zoned-time");
    for (const [date, tz] of [
      ["2026-11-23", SP],
      ["2026-03-08", NY],
      ["2026-11-01", NY],
      ["2026-03-29", "Europe/London"],
      ["2026-11-23", "Asia/Kolkata"],
    ]) {
      const convert = wallClockConverter(date, tz);
      for (let m = 0; m < 1440; m += 15) expect([date, tz, m, convert(m)?.toISOString()]).toEqual([date, tz, m, fromWallClock(date, m, tz)?.toISOString()]);
    }
  });
});
