/** @jest-environment jsdom */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { api } from "@/lib/api/client";
import { LocationSearch } from "./location-search";
import { stripDays } from "./when";

const push = jest.fn();
const replace = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, replace }), usePathname: () => "/" }));
jest.mock("@/lib/i18n/words", () => ({
  useT: () => ({ t: (key: string, vars?: Record<string, unknown>) => (vars ? `${key} ${JSON.stringify(vars)}` : key) }),
}));
jest.mock("@/lib/api/client", () => ({ api: { get: jest.fn() }, call: jest.fn(), fetcher: jest.fn(() => new Promise(() => {})) }));

const pinheiros = {
  id: 4,
  kind: "neighborhood",
  name: "Pinheiros",
  city: "São Paulo",
  city_slug: "sao-paulo",
  state: "SP",
  label: "Pinheiros, São Paulo - SP",
  latitude: -23.5667,
  longitude: -46.6919,
};

const corte = {
  id: 9,
  slug: "corte-fino-9",
  name: "Corte Fino",
  address: "Rua Cônego Eugênio Leite, 455",
  neighborhood: "Pinheiros",
  city: "São Paulo",
  state: "SP",
};

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
  (api.get as jest.Mock).mockResolvedValue({ data: { items: [pinheiros], shops: [corte] } });
});

// Labelled as the page labels them on the server, at a fixed moment: Friday 27 November 2026, 10:00 in Brazil.
const days = stripDays((key) => key, "pt-BR", new Date("2026-11-27T13:00:00Z"));

describe("LocationSearch", () => {
  it("suggests places as the person types and saves the chosen one", async () => {
    render(<LocationSearch mode="navigate" lng="pt-BR" days={days} />);
    const box = screen.getByRole("combobox", { name: "location.label" });
    await userEvent.type(box, "Pinh");
    const option = await screen.findByRole("option", { name: /^Pinheiros/ });
    expect(api.get).toHaveBeenLastCalledWith("/places", { params: { q: "Pinh", shops: 5 } });
    await userEvent.click(option);
    expect(JSON.parse(localStorage.getItem("savedAddress")!)).toEqual({ label: "Pinheiros, São Paulo - SP", latitude: -23.5667, longitude: -46.6919 });
    expect(push).toHaveBeenCalledWith(expect.stringMatching(/^\/barbearias\?latitude=-23\.56670&longitude=-46\.69190&place=Pinheiros/));
  });

  it("typed into after a place was saved, starts a new search: never the old place with the new text after it", async () => {
    localStorage.setItem("savedAddress", JSON.stringify({ label: "São Paulo - SP", latitude: -23.55, longitude: -46.63 }));
    render(<LocationSearch mode="navigate" lng="pt-BR" days={days} />);
    const box = screen.getByRole("combobox", { name: "location.label" });
    expect(box).toHaveValue("São Paulo - SP");
    expect(screen.getByRole("link", { name: "location.search" })).toBeInTheDocument();
    await userEvent.type(box, "Pinh");
    expect(box).toHaveValue("Pinh");
    // Until a place is picked, the old one is not searched.
    expect(screen.queryByRole("link", { name: "location.search" })).not.toBeInTheDocument();
    expect(screen.getByText("location.pickToSearch")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("option", { name: /^Pinheiros/ }));
    expect(push).toHaveBeenCalledWith(expect.stringMatching(/place=Pinheiros/));
  });

  it("is operable with the keyboard", async () => {
    render(<LocationSearch mode="navigate" lng="pt-BR" days={days} />);
    const box = screen.getByRole("combobox", { name: "location.label" });
    await userEvent.type(box, "Pinh");
    await screen.findByRole("option", { name: /^Pinheiros/ });
    expect(box).toHaveAttribute("aria-expanded", "true");
    await userEvent.keyboard("{Enter}");
    expect(push).toHaveBeenCalledTimes(1);
  });

  it("lists places and shops in two named groups, announces how many, and opens a shop chosen by keyboard", async () => {
    render(<LocationSearch mode="home" lng="en" days={days} />);
    const box = screen.getByRole("combobox", { name: "location.label" });
    await userEvent.type(box, "Pinh");
    const shops = await screen.findByRole("group", { name: "location.shopsGroup" });
    expect(screen.getByRole("group", { name: "location.placesGroup" })).toHaveTextContent("Pinheiros");
    expect(shops).toHaveTextContent("Corte Fino");
    expect(screen.getByRole("status")).toHaveTextContent('location.results {"count":2}');
    await userEvent.keyboard("{ArrowDown}");
    const option = screen.getByRole("option", { name: /Corte Fino/ });
    expect(option).toHaveAttribute("aria-selected", "true");
    expect(box).toHaveAttribute("aria-activedescendant", option.id);
    await userEvent.keyboard("{Enter}");
    expect(push).toHaveBeenCalledWith("/barbearia/corte-fino-9?lng=en");
    expect(localStorage.getItem("savedAddress")).toBeNull();
  });

  it("drops an answer that arrives after a newer one was asked for", async () => {
    let answerFirst: (v: unknown) => void = () => {};
    (api.get as jest.Mock)
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValue({ data: { items: [], shops: [corte] } });
    render(<LocationSearch mode="home" lng="pt-BR" days={days} />);
    const box = screen.getByRole("combobox", { name: "location.label" });
    await userEvent.type(box, "Pin");
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(1));
    await userEvent.type(box, "heiros");
    await screen.findByRole("option", { name: /Corte Fino/ });
    answerFirst({ data: { items: [pinheiros], shops: [] } });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("option", { name: /^Pinheiros/ })).toBeNull();
    expect(screen.getByRole("option", { name: /Corte Fino/ })).toBeInTheDocument();
  });

  it("reuses the saved address, passing the chosen service type on", async () => {
    localStorage.setItem("savedAddress", JSON.stringify({ label: "Centro, Belo Horizonte - MG", latitude: -19.92, longitude: -43.94 }));
    render(<LocationSearch mode="navigate" lng="pt-BR" days={days} />);
    expect(screen.getByRole("combobox", { name: "location.label" })).toHaveValue("Centro, Belo Horizonte - MG");
    await userEvent.click(screen.getByRole("radio", { name: "category.beard" }));
    expect(screen.getByRole("link", { name: "location.search" })).toHaveAttribute("href", expect.stringContaining("category=beard"));
  });

  it("shows your own position in the page's language, whichever it was chosen in, and sends the list no place's name", async () => {
    localStorage.setItem("savedAddress", JSON.stringify({ label: "Minha localização", latitude: -23.5614, longitude: -46.6823, here: true }));
    render(<LocationSearch mode="navigate" lng="en" days={days} />);
    expect(screen.getByRole("combobox", { name: "location.label" })).toHaveValue("location.current");
    expect(api.get).not.toHaveBeenCalled();
    const href = screen.getByRole("link", { name: "location.search" }).getAttribute("href")!;
    expect(href).toContain("latitude=-23.56140");
    expect(href).not.toContain("place=");
  });

  it("stores 'use my location' as your own position", async () => {
    const getCurrentPosition = jest.fn((ok: PositionCallback) => ok({ coords: { latitude: -23.5614, longitude: -46.6823 } } as GeolocationPosition));
    Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
    render(<LocationSearch mode="navigate" lng="pt-BR" days={days} />);
    await userEvent.click(screen.getByRole("button", { name: /location.useMine/ }));
    expect(JSON.parse(localStorage.getItem("savedAddress")!)).toEqual({ label: "location.current", latitude: -23.5614, longitude: -46.6823, here: true });
    expect(push).toHaveBeenCalledWith("/barbearias?latitude=-23.56140&longitude=-46.68230");
  });

  it("opens the saved place's list right away on the list page without a place", async () => {
    localStorage.setItem("savedAddress", JSON.stringify({ label: "Centro", latitude: -19.92, longitude: -43.94 }));
    render(<LocationSearch mode="navigate" lng="pt-BR" days={days} useSaved />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith(expect.stringContaining("latitude=-19.92000")));
  });

  it("asks for the position only after the button is pressed, and explains a refusal", async () => {
    const getCurrentPosition = jest.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
    render(<LocationSearch mode="home" lng="pt-BR" days={days} />);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: /location.useMine/ }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("location.denied")).toBeInTheDocument();
  });

  it("offers the days it is given, labelled, and a chosen day goes into the list's link", async () => {
    localStorage.setItem("savedAddress", JSON.stringify({ label: "Centro", latitude: -19.92, longitude: -43.94 }));
    render(<LocationSearch mode="navigate" lng="pt-BR" days={days} />);
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ date: "2026-11-27", top: "filters.today", day: "27", long: "sexta-feira, 27 de novembro" });
    await userEvent.click(screen.getByRole("radio", { name: "sábado, 28 de novembro" }));
    expect(screen.getByRole("link", { name: "location.search" })).toHaveAttribute("href", expect.stringContaining("date=2026-11-28"));
  });
});
