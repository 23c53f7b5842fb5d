/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TAppointment } from "@/lib/contract/appointments";
import en from "@/locales/en/booking.json";
import { MyAppointments } from "./my-appointments";
import { catalogueText } from "@/tests/catalogue-text";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}
function pages(tab: string) {
  const items = tab === "history" ? history : [];
  return { data: [{ items, total: items.length }], error: undefined, isLoading: false, size: 1, setSize: jest.fn() };
}

jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
jest.mock("@/lib/api/data", () => ({ useMyAppointments: (tab: string) => pages(tab) }));
jest.mock("@/lib/api/session", () => ({ useSession: () => ({ token: "t" }) }));
jest.mock("./appointment-detail", () => ({ useSessionReady: () => true }));
jest.mock("./my-waitlist", () => ({ MyWaitlist: () => null }));

function visit(id: number, shop: string, extra: Partial<TAppointment>): TAppointment {
  return {
    id,
    status: "completed",
    date: "2026-11-18",
    start_hour: "13:00",
    timezone: "America/Sao_Paulo",
    total: "60.00",
    barber: { id: 2, name: "Cláudio" },
    services: [{ id: 9, name: "Beard" }],
    barbershop: { name: shop, slug: shop.toLowerCase().replace(/ /g, "-") },
    can_review: false,
    review: null,
    ...extra,
  } as unknown as TAppointment;
}

const history = [
  visit(5, "Studio Paulinho", { can_review: true }),
  visit(6, "Barbearia Cartel", {
    review: { id: 1, rating: 4, comment: null, comment_lang: null, client_name: "C", created_at: "2026-11-04T10:00:00Z", barber_id: 2, answer: null },
  }),
  visit(7, "Joca Barber Shop", { status: "cancelled" }),
];

it("asks to rate a visit not rated yet, at its page's rating form, and shows the stars given to one already rated", async () => {
  render(<MyAppointments lng="en" />);
  await userEvent.click(screen.getByRole("tab", { name: en.list.history }));

  // Only the visit that can still be rated has the button, and it leads to the form on its page.
  const rate = screen.getAllByRole("link", { name: /^Rate your visit/ });
  expect(rate.map((a) => a.getAttribute("aria-label"))).toEqual([lookup("list.rateLabel", { shop: "Studio Paulinho" })]);
  expect(rate[0]).toHaveAttribute("href", "/agendamento/5#review");

  // The rated one says its rating, to the eye and in its link's name.
  const card = (id: number) => screen.getAllByRole("link").find((a) => a.getAttribute("href") === `/agendamento/${id}`)!;
  const rated = card(6);
  expect(rated).toHaveAccessibleName(expect.stringContaining(lookup("list.rated", { stars: lookup("review.star", { count: 4 }) })));
  expect(within(rated).getByText(en.review.yours, { exact: false })).toBeInTheDocument();
  expect(card(5)).not.toHaveAccessibleName(expect.stringContaining(en.review.yours));
});
