/** @jest-environment jsdom */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TAppointment } from "@/lib/contract/appointments";
import en from "@/locales/en/booking.json";
import { ConfirmationActions } from "./confirmation-actions";
import { catalogueText } from "@/tests/catalogue-text";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}

jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const appointment = {
  id: 7,
  date: "2026-12-01",
  start_hour: "10:30",
  starts_at: "2026-12-01T10:30:00-03:00",
  ends_at: "2026-12-01T11:00:00-03:00",
  services: [{ id: 1, name: "Corte" }],
  // As the API gives it (E.164).
  client_phone: "+5511987654321",
  barber: { name: "Anderson" },
  barbershop: {
    name: "Cabelo & Barba Co.",
    slug: "cabelo-e-barba-co-jabaquara",
    address: "Rua Nelson Fernandes, 804",
    neighborhood: "Jabaquara",
    city: "São Paulo",
    state: "SP",
    latitude: -23.64,
    longitude: -46.63,
  },
} as unknown as TAppointment;

describe("after booking", () => {
  const share = jest.fn();
  beforeEach(() => {
    share.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
  });

  it("shares the shop's page in the language the client booked in, never the private link", async () => {
    render(<ConfirmationActions appointment={appointment} link="http://localhost/agendamento/7?token=secret&lng=en" lng="en" onCalendar={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: lookup("detail.share") }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const data = share.mock.calls[0][0] as ShareData;
    expect(data.url).toBe("http://localhost/barbearia/cabelo-e-barba-co-jabaquara?lng=en");
    expect(JSON.stringify(data)).not.toContain("secret");
    // The private link goes only to the client's own WhatsApp.
    const own = new URL(screen.getByRole("link", { name: lookup("detail.sendWhatsapp") }).getAttribute("href")!);
    expect(own.pathname).toBe("/5511987654321");
    expect(own.searchParams.get("text")).toContain("token=secret");
    // And to the client's own calendar, at the appointment's instant.
    const calendar = new URL(screen.getByRole("link", { name: lookup("detail.googleCalendar") }).getAttribute("href")!);
    expect(calendar.searchParams.get("dates")).toBe("20261201T133000Z/20261201T140000Z");
    expect(calendar.searchParams.get("details")).toContain("token=secret");
  });

  it("shares the Portuguese page without ?lng=", async () => {
    render(<ConfirmationActions appointment={appointment} link="http://localhost/agendamento/7" lng="pt-BR" onCalendar={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: lookup("detail.share") }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect((share.mock.calls[0][0] as ShareData).url).toBe("http://localhost/barbearia/cabelo-e-barba-co-jabaquara");
  });
});
