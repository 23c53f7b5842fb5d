import { fromCents, toCents } from "./money";
import { canCancel, canConfirm, canReview, effectiveStatus } from "./status";

const now = new Date("2026-11-23T15:00:00Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const appt = (status: string, startIn: number, endIn: number) => ({ status, startsAt: at(startIn), endsAt: at(endIn) });

describe("appointment states", () => {
  it("a pending or confirmed appointment whose end has passed is completed", () => {
    expect(effectiveStatus(appt("pending", -60, -30), now)).toBe("completed");
    expect(effectiveStatus(appt("confirmed", -60, 0), now)).toBe("completed");
    expect(effectiveStatus(appt("confirmed", -10, 20), now)).toBe("confirmed");
    expect(effectiveStatus(appt("cancelled", -60, -30), now)).toBe("cancelled");
  });

  it("confirms only pending ones that have not started, cancels only before the start", () => {
    expect(canConfirm(appt("pending", 30, 60), now)).toBe(true);
    expect(canConfirm(appt("confirmed", 30, 60), now)).toBe(false);
    expect(canConfirm(appt("pending", -5, 25), now)).toBe(false);
    expect(canCancel(appt("confirmed", 30, 60), now)).toBe(true);
    expect(canCancel(appt("pending", -5, 25), now)).toBe(false);
    expect(canCancel(appt("cancelled", 30, 60), now)).toBe(false);
  });

  it("reviews only a completed appointment of a client, once", () => {
    expect(canReview({ ...appt("confirmed", -60, -30), clientId: 1, hasReview: false }, now)).toBe(true);
    expect(canReview({ ...appt("confirmed", -60, -30), clientId: 1, hasReview: true }, now)).toBe(false);
    expect(canReview({ ...appt("confirmed", -60, -30), clientId: null, hasReview: false }, now)).toBe(false);
    expect(canReview({ ...appt("cancelled", -60, -30), clientId: 1, hasReview: false }, now)).toBe(false);
  });
});

it("adds money in cents", () => {
  expect(fromCents(toCents("0.10") + toCents("0.20"))).toBe("0.30");
  expect(fromCents(toCents("29.90") * 3)).toBe("89.70");
  expect(toCents("45")).toBe(4500);
  expect(fromCents(5)).toBe("0.05");
});
