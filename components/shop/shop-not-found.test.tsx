/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import en from "@/locales/en/shop.json";
import es from "@/locales/es/shop.json";
import { namespacedTranslator } from "@/lib/i18n/words";
import type { TShopSuggestion } from "@/lib/contract/search";
import { ShopNotFoundContent } from "./shop-not-found";

const domZe: TShopSuggestion = {
  id: 3,
  slug: "dom-ze-barbearia-pinheiros",
  name: "Dom Zé Barbearia",
  address: "Rua A, 1",
  neighborhood: "Pinheiros",
  city: "São Paulo",
  state: "SP",
};
const domNenem: TShopSuggestion = { ...domZe, id: 4, slug: "dom-nenem-barbearia", name: "Dom Neném Barbearia", neighborhood: "" };

it("lists the shops whose names come nearest to an unknown shop's link, each linking its page, before the way on", () => {
  render(<ShopNotFoundContent t={namespacedTranslator({ shop: en }, "shop", "en")} suggestions={[domZe, domNenem]} />);
  const list = screen.getByRole("list", { name: "Were you looking for one of these?" });
  const links = within(list).getAllByRole("link");
  expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
    ["Dom Zé BarbeariaPinheiros · São Paulo - SP", "/barbearia/dom-ze-barbearia-pinheiros"],
    ["Dom Neném BarbeariaSão Paulo - SP", "/barbearia/dom-nenem-barbearia"],
  ]);
  expect(screen.getByRole("link", { name: "See other barbershops" })).toHaveAttribute("href", "/barbearias");
});

it("asks about one shop in the singular, and shows no list without any", () => {
  const { unmount } = render(<ShopNotFoundContent t={namespacedTranslator({ shop: es }, "shop", "es")} suggestions={[domZe]} />);
  expect(screen.getByRole("list", { name: "¿Buscabas esta barbería?" })).toBeInTheDocument();
  unmount();
  render(<ShopNotFoundContent t={namespacedTranslator({ shop: es }, "shop", "es")} />);
  expect(screen.queryByRole("list")).toBeNull();
  expect(screen.getByRole("heading", { level: 1, name: "Barbería no encontrada" })).toBeInTheDocument();
});
