/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TAgenda } from "@/lib/contract/agenda";
import en from "@/locales/en/agenda.json";
import { catalogueText } from "@/tests/catalogue-text";
import { DayGrid } from "./day-grid";

function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));

const booking = (id: number, barber_id: number, start: string, end: string, over: Partial<TAgenda["bookings"][number]> = {}): TAgenda["bookings"][number] => ({
  id,
  status: "confirmed",
  mark: null,
  starts_at: `2026-12-03T${start}:00-03:00`,
  ends_at: `2026-12-03T${end}:00-03:00`,
  date: "2026-12-03",
  start_hour: start,
  end_hour: end,
  barber_id,
  source: "site",
  client: { id: 1, name: `Client ${id}`, phone: null, no_shows: 0 },
  services: [{ name: "Cut", duration_minutes: 30, price: "40.00" }],
  add_ons: [],
  total: "40.00",
  notes: null,
  cancel_reason: null,
  ...over,
});

const agenda: TAgenda = {
  date: "2026-12-03",
  days: 1,
  timezone: "America/Sao_Paulo",
  now: "2026-12-03T13:00:00.000Z",
  step_minutes: 30,
  last_seq: 1,
  columns: [
    {
      barber: { id: 1, name: "Ana", avatar_url: null },
      days: [{ date: "2026-12-03", hours: [{ start: "09:00", end: "12:00" }], breaks: [{ start: "11:00", end: "11:30" }] }],
    },
    { barber: { id: 2, name: "Bruno", avatar_url: null }, days: [{ date: "2026-12-03", hours: [{ start: "09:00", end: "11:00" }], breaks: [] }] },
  ],
  bookings: [booking(10, 1, "09:30", "10:00"), booking(11, 1, "10:00", "10:30", { status: "cancelled" })],
  blocks: [{ id: 5, barber_id: 2, starts_at: "", ends_at: "", date: "2026-12-03", start_hour: "10:00", end_hour: "11:00", reason: "Doctor" }],
  services: [],
};

describe("the day grid", () => {
  it("tells booked, free, blocked and break time apart, in time order, and offers only free times from now on", async () => {
    const onPick = jest.fn();
    const onOpen = jest.fn();
    render(<DayGrid agenda={agenda} shownBarberId={1} nowMinutes={9 * 60 + 10} onOpenBooking={onOpen} onPickSlot={onPick} />);
    const ana = within(screen.getByRole("region", { name: "Ana" }));
    const items = within(ana.getByRole("list", { name: "Ana's day" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent?.replace(/\s+/g, " ").trim());
    // 09:00 has passed (now 09:10); the cancelled 10:00 is free again; the break is not offered.
    expect(items).toEqual(["09:30 · Client 10Cut", "10:00+ Book", "10:30+ Book", "Break 11:00–11:30", "11:30+ Book"]);
    const bruno = within(screen.getByRole("region", { name: "Bruno" }));
    expect(bruno.getByText("Blocked 10:00–11:00")).toBeTruthy();
    expect(bruno.getByText("Doctor")).toBeTruthy();
    expect(bruno.queryByRole("button", { name: /^10:00 free/ })).toBeNull();

    await userEvent.click(ana.getByRole("button", { name: "10:30 free with Ana: book" }));
    expect(onPick).toHaveBeenCalledWith(1, "10:30");
    await userEvent.click(ana.getByRole("button", { name: /^09:30 to 10:00: Client 10, Cut/ }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 10 }));
  });

  it("shows one barber at a time on a phone (the others hidden below the md breakpoint) and the current time", () => {
    render(<DayGrid agenda={agenda} shownBarberId={2} nowMinutes={10 * 60 + 15} onOpenBooking={jest.fn()} onPickSlot={jest.fn()} />);
    expect(screen.getByRole("region", { name: "Ana" }).className).toContain("hidden md:block");
    expect(screen.getByRole("region", { name: "Bruno" }).className).not.toContain("hidden");
    expect(screen.getByText("It is 10:15 at the shop")).toBeTruthy();
  });

  describe("dragging on the desktop", () => {
    // jsdom has no PointerEvent: a mouse event that carries the pointer's kind stands in.
    class TestPointerEvent extends MouseEvent {
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerType = init.pointerType ?? "mouse";
      }
    }
    beforeAll(() => {
      (window as unknown as { PointerEvent: unknown }).PointerEvent = TestPointerEvent;
    });
    afterAll(() => {
      delete (window as unknown as { PointerEvent?: unknown }).PointerEvent;
    });
    const client10 = /^09:30 to 10:00: Client 10, Cut/;
    /** The pointer moving over the page and let go there, as the browser sends it to the window. */
    const dragTo = (x: number, y: number) => {
      act(() => {
        window.dispatchEvent(new TestPointerEvent("pointermove", { clientX: x, clientY: y }));
      });
      expect(screen.getByText(/^\d\d:\d\d–\d\d:\d\d$/)).toBeTruthy();
      act(() => {
        window.dispatchEvent(new TestPointerEvent("pointerup", { clientX: x, clientY: y }));
      });
    };
    const renderGrid = (canChangeBarber: boolean) => {
      const onMove = jest.fn();
      const onOpen = jest.fn();
      render(
        <DayGrid
          agenda={agenda}
          shownBarberId={1}
          nowMinutes={9 * 60}
          onOpenBooking={onOpen}
          onPickSlot={jest.fn()}
          onMoveBooking={onMove}
          canChangeBarber={canChangeBarber}
        />,
      );
      // Ana's column from x 0 to 200, Bruno's from 200 to 400.
      for (const [name, left] of [
        ["Ana", 0],
        ["Bruno", 200],
      ] as const) {
        jest.spyOn(screen.getByRole("region", { name }), "getBoundingClientRect").mockReturnValue({ left, right: left + 200, width: 200 } as DOMRect);
      }
      return { onMove, onOpen, card: screen.getByRole("button", { name: client10 }) };
    };

    it("moves a booking by half an hour (48 px) down its column, without opening its card", () => {
      const { onMove, onOpen, card } = renderGrid(false);
      fireEvent.pointerDown(card, { clientX: 50, clientY: 100, button: 0, pointerType: "mouse" });
      dragTo(250, 150);
      expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 10 }), { barberId: 1, start: "10:00" });
      fireEvent.click(card);
      expect(onOpen).not.toHaveBeenCalled();
    });

    it("moves a booking to another barber's column where the role allows it", () => {
      const { onMove, card } = renderGrid(true);
      fireEvent.pointerDown(card, { clientX: 50, clientY: 100, button: 0, pointerType: "mouse" });
      dragTo(250, 148);
      expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 10 }), { barberId: 2, start: "10:00" });
    });

    it("gives a booking a new end from its bottom edge, on the 5-minute grid", () => {
      const { onMove, card } = renderGrid(true);
      fireEvent.pointerDown(card.querySelector("[data-resize]")!, { clientX: 50, clientY: 100, button: 0, pointerType: "mouse" });
      dragTo(250, 125);
      expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 10 }), { barberId: 1, start: "09:30", end: "10:15" });
    });

    it("leaves a finger to scroll, and a click without travel opens the card", () => {
      const { onMove, onOpen, card } = renderGrid(true);
      fireEvent.pointerDown(card, { clientX: 50, clientY: 100, button: 0, pointerType: "touch" });
      act(() => {
        window.dispatchEvent(new TestPointerEvent("pointermove", { clientX: 50, clientY: 200 }));
        window.dispatchEvent(new TestPointerEvent("pointerup", { clientX: 50, clientY: 200 }));
      });
      fireEvent.pointerDown(card, { clientX: 50, clientY: 100, button: 0, pointerType: "mouse" });
      act(() => {
        window.dispatchEvent(new TestPointerEvent("pointerup", { clientX: 51, clientY: 101 }));
      });
      fireEvent.click(card);
      expect(onMove).not.toHaveBeenCalled();
      expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 10 }));
    });
  });
});
