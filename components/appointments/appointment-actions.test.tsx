/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import type { TAppointment } from "@/lib/contract/appointments";
import en from "@/locales/en/booking.json";
import { AppointmentActions } from "./appointment-actions";
import { AppointmentSummary } from "./appointment-summary";
import { PrivateLink } from "./private-link";
import { catalogueText } from "@/tests/catalogue-text";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}

jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const base = {
  id: 7,
  status: "pending",
  date: "2026-12-01",
  start_hour: "10:30",
  end_hour: "11:00",
  timezone: "America/Sao_Paulo",
  starts_at: "2026-12-01T10:30:00-03:00",
  ends_at: "2026-12-01T11:00:00-03:00",
  services: [{ id: 1, name: "Corte", price: "45.00", duration_minutes: 30 }],
  products: [{ id: 3, name: "Pomada", price: "20.00", quantity: 2 }],
  subtotal: "45.00",
  additional: "40.00",
  discount: "0.00",
  total: "85.00",
  client_name: "Ana Souza",
  client_phone: "+5511987654321",
  barber: { id: 2, name: "Anderson", avatar_url: null },
  barbershop: {
    name: "Cabelo & Barba Co.",
    slug: "cabelo-e-barba-co",
    address: "Rua Nelson Fernandes, 804",
    neighborhood: "Jabaquara",
    city: "São Paulo",
    state: "SP",
    latitude: -23.64,
    longitude: -46.63,
  },
  barbershop_contact: { phone: null, whatsapp: null },
  can_cancel: true,
  can_confirm: true,
  confirm_offered: false,
  can_review: false,
} as unknown as TAppointment;

function actions(over: Partial<TAppointment>, isNew = false) {
  return render(
    <AppointmentActions
      appointment={{ ...base, ...over }}
      lng="en"
      isNew={isNew}
      pageLink="http://localhost/agendamento/7"
      signedIn
      onChanged={() => {}}
      onCalendar={() => {}}
    />,
  );
}

describe("confirming one is coming", () => {
  it("is not offered right after booking, even when the reminder's time has come", () => {
    actions({ confirm_offered: true }, true);
    expect(screen.queryByRole("button", { name: lookup("detail.confirm") })).toBeNull();
  });

  it("is not offered before the reminder would ask, and says it will be", () => {
    actions({ confirm_offered: false });
    expect(screen.queryByRole("button", { name: lookup("detail.confirm") })).toBeNull();
    expect(screen.getByText(lookup("detail.confirmLater"))).toBeTruthy();
  });

  it("is offered with the reminder, before the visit, in the words of the reminder", () => {
    actions({ confirm_offered: true });
    expect(screen.getByRole("button", { name: "Confirm I am coming" })).toBeTruthy();
    expect(screen.queryByText(lookup("detail.confirmLater"))).toBeNull();
  });

  it("once confirmed, says so instead", () => {
    actions({ status: "confirmed", can_confirm: false, confirm_offered: false });
    expect(screen.queryByRole("button", { name: lookup("detail.confirm") })).toBeNull();
    expect(screen.getByText(lookup("detail.confirmedNote"))).toBeTruthy();
  });
});

describe("the booking at a glance", () => {
  it("says it is booked, then what (the add-ons too), when on the shop's clock, with whom and where", () => {
    render(<AppointmentSummary appointment={base} lng="en" headingLevel={2} />);
    const card = screen.getByRole("region", { name: "Appointment #7" });
    expect(within(card).getByText("Booked")).toBeTruthy();
    const terms = within(card)
      .getAllByRole("term")
      .map((dt) => dt.textContent);
    expect(terms.slice(0, 4)).toEqual(["What", lookup("summary.when"), "With", "Where"]);
    expect(within(card).getByText("Corte, 2 × Pomada")).toBeTruthy();
    expect(within(card).getByText(/Tuesday, December 1, 2026 · 10:30–11:00/)).toBeTruthy();
    expect(within(card).getByText("Barbershop's local time: Brasilia Standard Time, UTC-03:00")).toBeTruthy();
    expect(within(card).getByText("Anderson")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Cabelo & Barba Co." })).toBeTruthy();
  });
});

describe("a guest's private link, just booked", () => {
  it("says where it was sent: WhatsApp when ticked, the e-mail given, or nowhere", () => {
    const { rerender } = render(
      <PrivateLink link="http://localhost/agendamento/7?token=abc" sentTo={{ whatsapp: "+5511987654321", email: "ana@example.com" }} />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("We sent the confirmation and this link to your WhatsApp ((11) 98765-4321) and to ana@example.com.");
    rerender(<PrivateLink link="http://localhost/agendamento/7?token=abc" sentTo={{ whatsapp: null, email: "ana@example.com" }} />);
    expect(screen.getByRole("status")).toHaveTextContent("We sent the confirmation and this link to ana@example.com.");
    rerender(<PrivateLink link="http://localhost/agendamento/7?token=abc" sentTo={{ whatsapp: null, email: null }} />);
    expect(screen.getByRole("status")).toHaveTextContent(/^We sent no message: keep this link/);
    expect(screen.getByLabelText(lookup("detail.privateLinkLabel"))).toHaveValue("http://localhost/agendamento/7?token=abc");
  });
});
