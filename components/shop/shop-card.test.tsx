/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import type { TShopCard } from "@/lib/contract/shops";
import { ShopCard } from "./shop-card";

// The favourite's heart asks the router where it is (it sends a signed-out visitor to sign in).
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }), usePathname: () => "/barbearias" }));

const t = (key: string, vars?: Record<string, unknown>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);

const shop: TShopCard = {
  id: 7,
  slug: "navalha-de-ouro",
  name: "navalha de Ouro",
  address: "Rua dos Pinheiros, 100",
  neighborhood: "Pinheiros",
  city: "São Paulo",
  state: "SP",
  latitude: -23.56,
  longitude: -46.68,
  distance_km: 1.2,
  rating_avg: 4.5,
  rating_count: 12,
  price_from: "30.00",
  price_to: "80.00",
  is_open_now: true,
  opens_next: null,
  is_new: false,
  is_favorite: false,
  cover_url: null,
  logo_url: null,
  next_free_times: [
    { starts_at: "2030-01-10T18:00:00-03:00", barber_id: 3, service_id: 9, service_name: "Corte" },
    { starts_at: "2030-01-10T18:30:00-03:00", barber_id: null, service_id: 9, service_name: "Corte" },
    { starts_at: "2030-01-11T09:00:00-03:00", barber_id: 3, service_id: 9, service_name: "Corte" },
  ],
};

describe("ShopCard, compact", () => {
  it("shows, in one row, a mark for a shop without a photo, its name as the card's link, rating, distance, price and next times", () => {
    render(<ShopCard shop={shop} t={t} lng="pt-BR" headingLevel={2} compact />);
    const card = screen.getByTestId("shop-card");
    // The mark is the name's first letter, for the eye only.
    const mark = card.querySelector('[aria-hidden="true"].text-2xl');
    expect(mark).toHaveTextContent(/^N$/);
    expect(within(card).getByRole("heading", { level: 2 })).toHaveTextContent("navalha de Ouro");
    expect(within(card).getByRole("link", { name: "navalha de Ouro" })).toHaveAttribute("href", "/barbearia/navalha-de-ouro");
    const figures = within(card)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    expect(figures[0]).toContain("4,5");
    expect(figures[1]).toBe("1,2\u00a0km");
    expect(figures[2]).toMatch(/R\$\s30,00 – R\$\s80,00/);
    // On a phone the eye reads the count alone and the price from; a screen reader hears the whole.
    expect(within(card).getByText('card.reviews {"count":12}')).toHaveClass("max-sm:sr-only");
    expect(within(card).getByText(/^R\$\s30,00$/)).toHaveAttribute("aria-hidden", "true");
    // The open badge: over the photo of the card, at the end of the place's line in the row (one shows at a time).
    expect(within(card).getAllByText("card.open")).toHaveLength(2);
    const times = within(card).getAllByRole("link", { name: /^card\.bookServiceAt/ });
    expect(times.map((a) => a.textContent)).toEqual(["18:00", "18:30", "09:00"]);
    // Below `sm` the card is a grid: the small photo spans the rows beside the name, the times take the whole row.
    expect(card.className).toContain("max-sm:grid");
    expect(times[0].closest("div.relative")!.className).toContain("max-sm:col-span-2");
  });

  it("shows the photo when the shop has one, and stays the large card where it is not compact", () => {
    const { container, rerender } = render(<ShopCard shop={{ ...shop, cover_url: "/uploads/cover.jpg" }} t={t} lng="pt-BR" compact />);
    expect(container.querySelector("img")).toHaveAttribute("src", "/uploads/cover.jpg");
    expect(container.querySelector(".text-2xl")).toBeNull();
    rerender(<ShopCard shop={shop} t={t} lng="pt-BR" />);
    expect(screen.getByTestId("shop-card").className).not.toContain("max-sm:grid");
    expect(container.querySelector(".text-2xl")).toBeNull();
  });
});
