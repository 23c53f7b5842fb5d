/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import type { TService } from "@/lib/contract/shops";
import { ShopServicesSection } from "./shop-services-section";

const t = (key: string, vars?: Record<string, unknown>) =>
  key === "services.otherCategory" ? "Other services" : vars?.name ? `${key} ${String(vars.name)}` : key;
const service = (id: number, name: string, category: string): TService =>
  ({ id, name, category, description: "", price: "40.00", duration_minutes: 30 }) as TService;
const labels = { hair: "Hair", beard: "Beard", combo: "Hair + beard" };

it("shows each category of a shop's services under its name, in the order they come", () => {
  render(
    <ShopServicesSection
      services={[service(1, "Corte", "hair"), service(2, "Pezinho", "hair"), service(3, "Barba", "beard"), service(4, "Massagem", "spa")]}
      bookHref="/barbearia/x/agendar"
      t={t}
      lng="en"
      categoryLabels={labels}
    />,
  );
  expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Hair", "Beard", "Other services"]);
  expect(screen.getAllByRole("heading", { level: 4 }).map((h) => h.textContent)).toEqual(["Corte", "Pezinho", "Barba", "Massagem"]);
  const hair = screen.getAllByRole("list")[0];
  expect(
    within(hair)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href")),
  ).toEqual(["/barbearia/x/agendar?service=1", "/barbearia/x/agendar?service=2"]);
});

it("a shop with one category lists its services without a heading for it", () => {
  render(
    <ShopServicesSection
      services={[service(1, "Corte", "hair"), service(2, "Pezinho", "hair")]}
      bookHref="/barbearia/x/agendar"
      t={t}
      lng="en"
      categoryLabels={labels}
    />,
  );
  expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Corte", "Pezinho"]);
  expect(screen.queryByText("Hair")).toBeNull();
});
