/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TClientCard, TClients } from "@/lib/contract/clients";
import en from "@/locales/en/clients.json";
import { catalogueText } from "@/tests/catalogue-text";
import { ClientsView } from "./clients-view";

// The clients page with guests among the clients (decision 0068): the list marks them, the URL names a guest's card
// by ?convidado=, and the card's notes go to the guest's routes.

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}
type State = { search: string; list?: TClients; card?: TClientCard; cardOf: unknown[]; added: unknown[] };
function state() {
  return (globalThis as unknown as { clientsState: State }).clientsState;
}
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup, i18n: { language: "en" } }) }));
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => "/painel/7/clientes",
  useSearchParams: () => new URLSearchParams(state().search),
}));
jest.mock("@/lib/api/clients", () => ({
  useShopClients: () => ({ data: state().list, error: undefined, isLoading: !state().list }),
  useClientCard: (_shopId: number, who: unknown) => {
    state().cardOf.push(who);
    return { data: state().card, error: undefined, mutate: jest.fn() };
  },
  addClientNote: async (shopId: number, who: unknown, text: string) => {
    state().added.push({ shopId, who, text });
    return { data: {} };
  },
  editClientNote: jest.fn(),
  deleteClientNote: jest.fn(),
}));

const marcos = { id: 31, guest: true, name: "Marcos Lima", phone: "+5511955551234", visits: 3, no_shows: 1, last_visit: "2030-06-01T13:00:00.000Z" };
const joaquim = { id: 31, guest: false, name: "Joaquim Barbosa", phone: "+5511911112222", visits: 1, no_shows: 0, last_visit: "2026-01-05T12:00:00.000Z" };

beforeEach(() => {
  (globalThis as unknown as { clientsState: State }).clientsState = { search: "", list: { items: [marcos, joaquim] }, cardOf: [], added: [] };
});

describe("the clients page with guests", () => {
  it("lists guests beside the account clients, marked as guests, each linked to its own card", () => {
    render(<ClientsView shopId={7} lng="en" />);
    const list = screen.getByRole("list", { name: lookup("list.label") });
    const [guest, client] = within(list).getAllByRole("link");
    expect(guest.getAttribute("href")).toBe("/painel/7/clientes?convidado=31");
    expect(within(guest).getByText(lookup("guest"))).toBeTruthy();
    expect(client.getAttribute("href")).toBe("/painel/7/clientes?cliente=31");
    expect(within(client).queryByText(lookup("guest"))).toBeNull();
  });

  it("shows the loading state before the list comes", () => {
    state().list = undefined;
    render(<ClientsView shopId={7} lng="en" />);
    expect(screen.getByRole("status", { name: lookup("search.loading") })).toBeTruthy();
  });

  it("opens the guest's card from ?convidado=, marked, and adds a note through the guest's card", async () => {
    state().search = "?convidado=31";
    state().card = { client: marcos, upcoming: [], past: [], notes: [] };
    render(<ClientsView shopId={7} lng="en" />);
    expect(state().cardOf).toContainEqual({ guest: true, id: 31 });
    expect(screen.getByRole("link", { name: /Marcos Lima/ }).getAttribute("aria-current")).toBe("true");
    const card = screen.getByRole("article");
    expect(within(card).getByText(lookup("guest"))).toBeTruthy();
    expect(within(card).getByText(lookup("card.guestHint"))).toBeTruthy();
    expect(within(card).getByText(lookup("notes.guestHint"))).toBeTruthy();
    expect(within(card).getByText(lookup("notes.empty"))).toBeTruthy();
    await userEvent.type(within(card).getByLabelText(lookup("notes.new")), "Prefere tesoura");
    await userEvent.click(within(card).getByRole("button", { name: lookup("notes.add") }));
    expect(state().added).toEqual([{ shopId: 7, who: { guest: true, id: 31 }, text: "Prefere tesoura" }]);
  });

  it("shows the card's loading state while it opens", () => {
    state().search = "?convidado=31";
    render(<ClientsView shopId={7} lng="en" />);
    expect(screen.getByRole("status", { name: lookup("card.loading") })).toBeTruthy();
  });
});
