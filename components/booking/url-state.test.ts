import type { TBookingContext } from "@/lib/contract/booking";
import { droppedDate, parseChoice, toQuery } from "./url-state";

const context = {
  shop: { id: 1 },
  barbers: [
    { id: 5, name: "Anderson", service_ids: [3, 4] },
    { id: 6, name: "Maicon", service_ids: [4] },
  ],
  services: [{ id: 3 }, { id: 4 }],
  products: [{ id: 9 }],
  today: "2026-11-27",
} as unknown as TBookingContext;

const read = (query: string) => parseChoice(new URLSearchParams(query), context, 14);

describe("a booking link's choices", () => {
  it("keeps what holds for the shop and drops the rest", () => {
    expect(read("service=3&barber=5&date=2026-11-30&time=10:00&step=review")).toMatchObject({
      serviceIds: [3],
      barberChoice: 5,
      date: "2026-11-30",
      time: "10:00",
      step: "review",
    });
    expect(read("service=3,99&barber=6")).toMatchObject({ serviceIds: [3], barberChoice: null });
    expect(read("date=2026-11-01&time=10:00")).toMatchObject({ date: null, time: null });
    expect(toQuery(read("service=3,4&barber=any&products=9:2"))).toBe("service=3,4&products=9:2&barber=any");
  });

  it("reads a link pasted in a message with the message's punctuation stuck to its end", () => {
    expect(read("service=3&barber=5).")).toMatchObject({ serviceIds: [3], barberChoice: 5 });
    expect(read("service=3,4\u201d")).toMatchObject({ serviceIds: [3, 4] });
    expect(read("service=3&barber=any!")).toMatchObject({ barberChoice: "any" });
    expect(read("service=3&date=2026-11-30&time=10:00,")).toMatchObject({ date: "2026-11-30", time: "10:00" });
    // Only at the end: a value with punctuation inside is still not one.
    expect(read("service=3&barber=5).6")).toMatchObject({ barberChoice: null });
  });
});

describe("a link's day that cannot be kept", () => {
  const ctx = { today: "2026-11-22" };
  const dropped = (q: string) => droppedDate(new URLSearchParams(q), ctx, 21);
  it("is named, with why: past, beyond the strip, or not a date", () => {
    expect(dropped("date=2026-11-01")).toEqual({ date: "2026-11-01", why: "past" });
    expect(dropped("date=2027-03-01")).toEqual({ date: "2027-03-01", why: "far" });
    expect(dropped("date=2026-13-40")).toEqual({ date: null, why: "unknown" });
    expect(dropped("date=amanha")).toEqual({ date: null, why: "unknown" });
  });
  it("is nothing for a day in the strip, or no day", () => {
    expect(dropped("date=2026-11-22")).toBeNull();
    expect(dropped("date=2026-12-12).")).toBeNull();
    expect(dropped("service=1")).toBeNull();
  });
});
