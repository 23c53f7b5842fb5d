/** @jest-environment jsdom */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FavoriteButton } from "./favorite-button";
import { favoriteLabels } from "./favorite-labels";

const t = (key: string, vars?: { name?: string }) =>
  ({
    "account:favorites.add": `Adicionar ${vars?.name} aos favoritos`,
    "account:favorites.remove": `Remover ${vars?.name} dos favoritos`,
    "errors:ACTION_ERROR": "Erro ao realizar ação",
  })[key] ?? key;
const labels = (name: string) => favoriteLabels(t, name);

const push = jest.fn();
const post = jest.fn();
const del = jest.fn();
const toastError = jest.fn();
const toastSuccess = jest.fn();
let token: string | null = "token";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push }), usePathname: () => "/barbearia/navalha-pinheiros" }));
jest.mock("sonner", () => ({ toast: { error: (...a: unknown[]) => toastError(...a), success: (...a: unknown[]) => toastSuccess(...a) } }));
jest.mock("@/lib/api/client", () => ({ api: { post: (...a: unknown[]) => post(...a), delete: (...a: unknown[]) => del(...a) } }));
jest.mock("@/lib/api/session", () => ({ savedSession: () => ({ token }) }));

beforeEach(() => {
  jest.clearAllMocks();
  token = "token";
});

describe("FavoriteButton", () => {
  it("turns on at once and stays on when the server agrees", async () => {
    let resolve!: () => void;
    post.mockReturnValue(new Promise<void>((r) => (resolve = r)));
    render(<FavoriteButton shopId={7} initial={false} labels={labels("Navalha Pinheiros")} />);
    await userEvent.click(screen.getByRole("button", { name: "Adicionar Navalha Pinheiros aos favoritos" }));
    // Optimistic: pressed before the answer arrives.
    expect(screen.getByRole("button", { name: "Remover Navalha Pinheiros dos favoritos" })).toHaveAttribute("aria-pressed", "true");
    expect(post).toHaveBeenCalledWith("/client/favorites/7");
    await act(async () => resolve());
    expect(screen.getByRole("button", { name: /Remover/ })).toHaveAttribute("aria-pressed", "true");
    expect(toastSuccess).toHaveBeenCalled();
  });

  it("goes back and says 'Error when performing action' when the server refuses", async () => {
    del.mockRejectedValue({ response: { status: 500, data: { error: "Falhou" } } });
    render(<FavoriteButton shopId={7} initial labels={labels("Navalha Pinheiros")} />);
    await userEvent.click(screen.getByRole("button", { name: "Remover Navalha Pinheiros dos favoritos" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Remover Navalha Pinheiros dos favoritos" })).toHaveAttribute("aria-pressed", "true"));
    expect(del).toHaveBeenCalledWith("/client/favorites/7");
    expect(toastError).toHaveBeenCalledWith("Erro ao realizar ação", { description: "Falhou" });
  });

  it("sends a visitor to sign in and back here", async () => {
    token = null;
    render(<FavoriteButton shopId={7} initial={false} labels={labels("Navalha Pinheiros")} />);
    await userEvent.click(screen.getByRole("button", { name: /Adicionar/ }));
    expect(push).toHaveBeenCalledWith("/entrar?next=%2Fbarbearia%2Fnavalha-pinheiros");
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: /Adicionar/ })).toHaveAttribute("aria-pressed", "false");
  });

  it("follows a new value from the server", () => {
    const { rerender } = render(<FavoriteButton shopId={7} initial={false} labels={labels("X Barbearia")} />);
    rerender(<FavoriteButton shopId={7} initial labels={labels("X Barbearia")} />);
    expect(screen.getByRole("button", { name: /Remover/ })).toHaveAttribute("aria-pressed", "true");
  });
});
