/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TimeAway, type TimeAwayWords } from "./time-away";

// The closures form and a barber's time off are one component: a list with its "take back" buttons, then start,
// end and reason, saved as one period.
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: (key: string) => key, i18n: { language: "pt-BR" } }) }));

const words: TimeAwayWords = {
  title: "Fechamentos",
  none: "Nenhum fechamento marcado.",
  from: "Primeiro dia",
  to: "Último dia",
  reason: "Motivo",
  add: "Fechar nesses dias",
  remove: "Reabrir",
  saved: "Salvo.",
};

function setup(over: Partial<Parameters<typeof TimeAway>[0]> = {}) {
  const saved: unknown[] = [];
  const removed: number[] = [];
  const props = {
    kind: "date" as const,
    words,
    items: [] as { id: number; label: string; removable: boolean }[],
    canEdit: true,
    save: async (p: unknown) => void saved.push(p),
    onSaved: jest.fn(),
    onRemove: async (id: number) => void removed.push(id),
    ...over,
  };
  render(<TimeAway {...props} />);
  return { saved, removed, props };
}

describe("time away from the week", () => {
  it("saves a closure of one day when the last day is left empty, and says it is saved", async () => {
    const { saved, props } = setup({ endOptional: true });
    expect(screen.getByText("Nenhum fechamento marcado.")).toBeTruthy();
    // No end before the start; and no empty "min" while there is no start (invalid HTML).
    expect(screen.getByLabelText("Último dia").getAttribute("min")).toBeNull();
    await userEvent.type(screen.getByLabelText("Primeiro dia"), "2026-12-24");
    expect(screen.getByLabelText("Último dia").getAttribute("min")).toBe("2026-12-24");
    await userEvent.type(screen.getByLabelText("Motivo"), "Natal");
    await userEvent.click(screen.getByRole("button", { name: "Fechar nesses dias" }));
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Salvo.");
    expect(saved).toEqual([{ from: "2026-12-24", to: "2026-12-24", reason: "Natal" }]);
    expect(props.onSaved).toHaveBeenCalled();
  });

  it("asks for both ends of a barber's time off, and offers to take back only what is his", async () => {
    const { removed } = setup({
      kind: "datetime-local",
      items: [
        { id: 7, label: "Médico", removable: true },
        { id: 8, label: "Feriado da barbearia", removable: false },
      ],
    });
    expect((screen.getByLabelText("Último dia") as HTMLInputElement).required).toBe(true);
    const buttons = screen.getAllByRole("button", { name: "Reabrir" });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]);
    expect(removed).toEqual([7]);
  });

  it("shows the list without a form to whom may not change it", () => {
    setup({ canEdit: false, items: [{ id: 1, label: "Natal", removable: true }] });
    expect(screen.getByText("Natal")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
