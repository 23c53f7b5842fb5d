/** @jest-environment jsdom */
import { render, screen, waitFor } from "@testing-library/react";
import { ShopsMap } from "./shops-map";

const tiles = { url: "http://127.0.0.1:1/tiles/{z}/{x}/{y}.png", attribution: "© Local tiles" };
const labels = { map: "Mapa das barbearias da lista", pins: "Barbearias no mapa", noPins: "Nenhuma no mapa." };
const shops = [
  { id: 1, slug: "navalha-de-ouro", name: "Navalha de Ouro", latitude: -23.5614, longitude: -46.6823 },
  { id: 2, slug: "seu-paulinho", name: "Barbearia Seu Paulinho", latitude: -23.5667, longitude: -46.6919 },
];

describe("ShopsMap", () => {
  it("puts a pin per shop on the map, each named and reached with the keyboard, with the tiles' attribution", async () => {
    const { container } = render(<ShopsMap shops={shops} tiles={tiles} labels={labels} lng="pt-BR" />);
    expect(screen.getByRole("region", { name: labels.map })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('[data-testid="map-pin"]')).toHaveLength(2));
    const pins = [...container.querySelectorAll<HTMLElement>('[data-testid="map-pin"]')];
    expect(pins.map((p) => p.getAttribute("aria-label"))).toEqual(["Navalha de Ouro", "Barbearia Seu Paulinho"]);
    for (const pin of pins) expect(pin.tabIndex).toBe(0);
    expect(container.querySelector(".leaflet-control-attribution")).toHaveTextContent("© Local tiles");
  });

  it("lists the same pins as links to the shops, in the page's language", () => {
    render(<ShopsMap shops={shops} tiles={tiles} labels={labels} lng="en" />);
    const list = screen.getByRole("list", { name: labels.pins });
    const links = [...list.querySelectorAll("a")];
    expect(links.map((a) => a.textContent)).toEqual(["Navalha de Ouro", "Barbearia Seu Paulinho"]);
    expect(links[0]).toHaveAttribute("href", "/barbearia/navalha-de-ouro?lng=en");
  });

  it("says so when no shop has a place on the map, and draws no map", () => {
    render(<ShopsMap shops={[{ ...shops[0], latitude: Number.NaN }]} tiles={tiles} labels={labels} lng="pt-BR" />);
    expect(screen.getByRole("status")).toHaveTextContent(labels.noPins);
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });
});
