/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import PageError from "./error";

import { PageErrorTextProvider } from "@/components/page-error-text";

const text = {
  title: "Algo deu errado do nosso lado",
  body: "Não conseguimos carregar esta página agora.",
  retry: "Tentar novamente",
  home: "Voltar ao início",
};

describe("the page error boundary", () => {
  it("explains the failure in the person's language and offers to try again or go home", async () => {
    const reset = jest.fn();
    render(
      <PageErrorTextProvider value={text}>
        <PageError error={new Error('relation "x" does not exist')} reset={reset} />
      </PageErrorTextProvider>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Algo deu errado do nosso lado");
    expect(screen.queryByText(/relation/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(reset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "Voltar ao início" })).toHaveAttribute("href", "/");
  });
});
