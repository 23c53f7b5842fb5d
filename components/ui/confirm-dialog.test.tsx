/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConfirmDialog } from "./confirm-dialog";

jest.mock("next-i18next/client", () => ({ useT: () => ({ t: (k: string) => ({ "confirm.yes": "Sim", "confirm.no": "Não" })[k] ?? k }) }));

describe("ConfirmDialog", () => {
  it("asks a yes/no question and reports the answer", async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const { rerender } = render(<ConfirmDialog open title="Cancelar o agendamento?" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole("dialog", { name: "Cancelar o agendamento?" });
    expect(dialog).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Sim" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Não" }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    rerender(<ConfirmDialog open={false} title="Cancelar o agendamento?" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
