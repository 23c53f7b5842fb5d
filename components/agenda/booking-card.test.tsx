/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TAgenda } from "@/lib/contract/agenda";
import en from "@/locales/en/agenda.json";
import { catalogueText } from "@/tests/catalogue-text";
import { BookingCard } from "./booking-card";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}
function moves() {
  return (globalThis as unknown as { agendaMoves: unknown[] }).agendaMoves;
}
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
jest.mock("@/lib/api/agenda", () => ({
  moveBooking: async (shopId: number, id: number, body: unknown) => {
    moves().push({ shopId, id, body });
    return { data: {} };
  },
  cancelBooking: jest.fn(),
  markBooking: jest.fn(),
}));

const booking: TAgenda["bookings"][number] = {
  id: 10,
  status: "confirmed",
  mark: null,
  starts_at: "2026-12-03T09:30:00-03:00",
  ends_at: "2026-12-03T10:00:00-03:00",
  date: "2026-12-03",
  start_hour: "09:30",
  end_hour: "10:00",
  barber_id: 1,
  source: "site",
  client: { id: 1, name: "Client 10", phone: null, no_shows: 0 },
  services: [{ name: "Cut", duration_minutes: 30, price: "40.00" }],
  add_ons: [],
  total: "40.00",
  notes: null,
  cancel_reason: null,
};

const agenda: TAgenda = {
  date: "2026-12-03",
  days: 1,
  timezone: "America/Sao_Paulo",
  now: "2026-12-03T11:00:00.000Z",
  step_minutes: 30,
  last_seq: 1,
  columns: [
    { barber: { id: 1, name: "Ana", avatar_url: null }, days: [{ date: "2026-12-03", hours: [{ start: "09:00", end: "12:00" }], breaks: [] }] },
    { barber: { id: 2, name: "Bruno", avatar_url: null }, days: [{ date: "2026-12-03", hours: [{ start: "10:00", end: "11:00" }], breaks: [] }] },
  ],
  bookings: [booking],
  blocks: [],
  services: [],
};

const open = async (canChangeBarber: boolean) => {
  const onChanged = jest.fn();
  render(<BookingCard shopId={7} agenda={agenda} booking={booking} lng="en" canChangeBarber={canChangeBarber} onClose={jest.fn()} onChanged={onChanged} />);
  await userEvent.click(screen.getByRole("button", { name: "Move" }));
  return onChanged;
};

beforeEach(() => {
  (globalThis as unknown as { agendaMoves: unknown[] }).agendaMoves = [];
});

describe("the booking card's move sheet", () => {
  it("moves the booking to another barber, at one of his times, with the end following the start", async () => {
    const onChanged = await open(true);
    await userEvent.selectOptions(screen.getByLabelText("Barber"), "Bruno");
    const time = screen.getByLabelText("Time");
    expect([...(time as HTMLSelectElement).options].map((o) => o.value)).toEqual(["10:00", "10:30"]);
    await userEvent.selectOptions(time, "10:30");
    expect((screen.getByLabelText("Ends at") as HTMLSelectElement).value).toBe("11:00");
    expect(screen.getByText("The client gets the usual message that the booking moved.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Move the booking" }));
    expect(moves()).toEqual([{ shopId: 7, id: 10, body: { date: "2026-12-03", start_hour: "10:30", barber_id: 2 } }]);
    expect(onChanged).toHaveBeenCalled();
  });

  it("resizes: a new end on the 5-minute grid, the barber and the start kept", async () => {
    await open(true);
    const endField = screen.getByLabelText("Ends at") as HTMLSelectElement;
    expect(endField.value).toBe("10:00");
    expect([...endField.options].slice(0, 3).map((o) => o.value)).toEqual(["09:35", "09:40", "09:45"]);
    await userEvent.selectOptions(endField, "10:15");
    await userEvent.click(screen.getByRole("button", { name: "Move the booking" }));
    expect(moves()).toEqual([{ shopId: 7, id: 10, body: { date: "2026-12-03", start_hour: "09:30", end_hour: "10:15" } }]);
  });

  it("offers no barber to a role that keeps to its own bookings", async () => {
    await open(false);
    expect(screen.queryByLabelText("Barber")).toBeNull();
    expect(screen.getByLabelText("Ends at")).toBeTruthy();
  });
});

describe("the booking card's client", () => {
  const show = (client: TAgenda["bookings"][number]["client"]) =>
    render(
      <BookingCard shopId={7} agenda={agenda} booking={{ ...booking, client }} lng="en" canChangeBarber={false} onClose={jest.fn()} onChanged={jest.fn()} />,
    );
  const cardLink = () => screen.queryByRole("link", { name: lookup("card.clientCard") })?.getAttribute("href");

  it("links a client with an account to his card", () => {
    show({ id: 1, name: "Client 10", phone: null, no_shows: 0 });
    expect(cardLink()).toBe("/painel/7/clientes?cliente=1");
  });

  it("links a guest to his card by the booking", () => {
    show({ id: null, name: "Marcos", phone: "+5511955551234", no_shows: 1 });
    expect(cardLink()).toBe("/painel/7/clientes?convidado=10");
  });

  it("links no card for a booking whose guest is no longer named", () => {
    show({ id: null, name: "Cliente removido", phone: null, no_shows: 0 });
    expect(cardLink()).toBeUndefined();
  });
});
