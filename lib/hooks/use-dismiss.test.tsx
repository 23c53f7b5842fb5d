/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { useDismiss } from "./use-dismiss";

function Menu({ heard }: { heard: string[] }) {
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(open, ref, (how) => {
    heard.push(how);
    setOpen(false);
  });
  return (
    <>
      <button type="button">outside</button>
      <div ref={ref}>
        <button type="button" onClick={() => setOpen(true)}>
          {open ? "open" : "closed"}
        </button>
      </div>
    </>
  );
}

it("closes on Escape and on a press outside, never on a press inside, and hears nothing while closed", () => {
  const heard: string[] = [];
  render(<Menu heard={heard} />);
  fireEvent.pointerDown(screen.getByText("open"));
  expect(heard).toEqual([]);
  fireEvent.keyDown(document, { key: "Enter" });
  expect(heard).toEqual([]);
  fireEvent.keyDown(document, { key: "Escape" });
  expect(heard).toEqual(["escape"]);
  expect(screen.getByText("closed")).toBeTruthy();
  fireEvent.keyDown(document, { key: "Escape" });
  fireEvent.pointerDown(screen.getByText("outside"));
  expect(heard).toEqual(["escape"]);
  fireEvent.click(screen.getByText("closed"));
  fireEvent.pointerDown(screen.getByText("outside"));
  expect(heard).toEqual(["escape", "outside"]);
});
