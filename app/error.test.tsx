/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import PageError from "./error";

const texts: Record<string, string> = {
  "pageError.title": "Algo deu errado do nosso lado",
  "pageError.body": "Não conseguimos carregar esta página agora.",
  "actions.retry": "Tentar novamente",
  "notFound.action": "Voltar ao início",
};
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: (k: string) => texts[k] ?? k }) }));

describe("the page error boundary", () => {
  it("explains the failure in the person's language and offers to try again or go home", async () => {
    const reset = jest.fn();
    render(<PageError error={new Error('relation "x" does not exist')} reset={reset} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Algo deu errado do nosso lado");
    expect(screen.queryByText(/relation/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(reset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "Voltar ao início" })).toHaveAttribute("href", "/");
  });
});
