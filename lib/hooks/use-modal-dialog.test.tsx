/** @jest-environment jsdom */
import { render } from "@testing-library/react";
import { useModalDialog } from "./use-modal-dialog";

function Modal({ open }: { open: boolean }) {
  const ref = useModalDialog(open);
  return (
    <dialog ref={ref} aria-label="sheet">
      <button type="button">inside</button>
    </dialog>
  );
}

describe("useModalDialog", () => {
  it("opens the dialog while open is true and closes it when it turns false", () => {
    const { rerender, getByLabelText } = render(<Modal open={false} />);
    const dialog = getByLabelText("sheet", { selector: "dialog" }) as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    rerender(<Modal open />);
    expect(dialog.open).toBe(true);
    rerender(<Modal open />);
    expect(dialog.open).toBe(true);
    rerender(<Modal open={false} />);
    expect(dialog.open).toBe(false);
  });
});
