/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { useRovingFocus } from "./use-roving-focus";

function Days({ days, disabled = [] }: { days: string[]; disabled?: string[] }) {
  const [chosen, setChosen] = useState(days[2]);
  const { ref, onKeyDown, onFocus } = useRovingFocus<HTMLDivElement>();
  return (
    <>
      <button type="button">before</button>
      <div ref={ref} role="group" aria-label="Days" onKeyDown={onKeyDown} onFocus={onFocus}>
        {days.map((d) => (
          <button key={d} type="button" data-roving aria-pressed={d === chosen} disabled={disabled.includes(d)} onClick={() => setChosen(d)}>
            {d}
          </button>
        ))}
      </div>
      <button type="button">after</button>
    </>
  );
}

function Tabs() {
  const [tab, setTab] = useState("morning");
  const { ref, onKeyDown, onFocus } = useRovingFocus<HTMLDivElement>({ activate: true });
  return (
    <div ref={ref} role="group" aria-label="Periods" onKeyDown={onKeyDown} onFocus={onFocus}>
      {["morning", "afternoon", "evening"].map((p) => (
        <button key={p} type="button" data-roving aria-pressed={p === tab} onClick={() => setTab(p)}>
          {p}
        </button>
      ))}
    </div>
  );
}

function Times() {
  const { ref, onKeyDown, onFocus } = useRovingFocus<HTMLDivElement>({ layout: "grid" });
  return (
    <div ref={ref} onKeyDown={onKeyDown} onFocus={onFocus}>
      {Array.from({ length: 10 }, (_, i) => (
        <button key={i} type="button" data-roving data-row={Math.floor(i / 4)} aria-pressed={false}>
          {`t${i}`}
        </button>
      ))}
    </div>
  );
}

const pressed = (name: string) => screen.getByRole("button", { name }).getAttribute("aria-pressed");

it("makes a group one tab stop, the chosen item, and moves with the arrows, Home and End, skipping what cannot be chosen", async () => {
  render(<Days days={["d1", "d2", "d3", "d4", "d5"]} disabled={["d4"]} />);
  await userEvent.tab();
  await userEvent.tab();
  expect(screen.getByRole("button", { name: "d3" })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole("button", { name: "after" })).toHaveFocus();
  await userEvent.tab({ shift: true });
  expect(screen.getByRole("button", { name: "d3" })).toHaveFocus();
  await userEvent.keyboard("{ArrowRight}");
  expect(screen.getByRole("button", { name: "d5" })).toHaveFocus();
  await userEvent.keyboard("{ArrowRight}");
  expect(screen.getByRole("button", { name: "d5" })).toHaveFocus();
  await userEvent.keyboard("{Home}");
  expect(screen.getByRole("button", { name: "d1" })).toHaveFocus();
  await userEvent.keyboard("{ArrowLeft}{ArrowRight}");
  expect(screen.getByRole("button", { name: "d2" })).toHaveFocus();
  // Moving does not choose; Enter does, and the chosen day stays the tab stop.
  expect(pressed("d3")).toBe("true");
  await userEvent.keyboard("{Enter}");
  expect(pressed("d2")).toBe("true");
  await userEvent.tab();
  await userEvent.tab({ shift: true });
  expect(screen.getByRole("button", { name: "d2" })).toHaveFocus();
  await userEvent.keyboard("{End}");
  expect(screen.getByRole("button", { name: "d5" })).toHaveFocus();
  expect(
    screen
      .getAllByRole("button")
      .filter((b) => b.tabIndex === 0)
      .map((b) => b.textContent),
  ).toEqual(["before", "d5", "after"]);
});

it("in tabs, an arrow also shows the period it moves to", async () => {
  render(<Tabs />);
  await userEvent.tab();
  expect(screen.getByRole("button", { name: "morning" })).toHaveFocus();
  await userEvent.keyboard("{ArrowRight}");
  expect(screen.getByRole("button", { name: "afternoon" })).toHaveFocus();
  expect(pressed("afternoon")).toBe("true");
  await userEvent.keyboard("{End}");
  expect(pressed("evening")).toBe("true");
});

it("in a grid, up and down move by a row as laid out", async () => {
  render(<Times />);
  // jsdom lays nothing out: each time's row is its data-row, four a row.
  for (const b of screen.getAllByRole("button")) {
    const row = Number(b.dataset.row);
    b.getBoundingClientRect = () => ({ top: row * 50, bottom: row * 50 + 44, left: 0, right: 0, width: 0, height: 44, x: 0, y: row * 50, toJSON: () => ({}) });
  }
  await userEvent.tab();
  expect(screen.getByRole("button", { name: "t0" })).toHaveFocus();
  await userEvent.keyboard("{ArrowDown}");
  expect(screen.getByRole("button", { name: "t4" })).toHaveFocus();
  await userEvent.keyboard("{ArrowDown}{ArrowRight}");
  expect(screen.getByRole("button", { name: "t9" })).toHaveFocus();
  // No time below: it stays.
  await userEvent.keyboard("{ArrowDown}");
  expect(screen.getByRole("button", { name: "t9" })).toHaveFocus();
  await userEvent.keyboard("{ArrowUp}{Home}");
  expect(screen.getByRole("button", { name: "t4" })).toHaveFocus();
  await userEvent.keyboard("{End}");
  expect(screen.getByRole("button", { name: "t7" })).toHaveFocus();
  await userEvent.keyboard("{Control>}{Home}{/Control}");
  expect(screen.getByRole("button", { name: "t0" })).toHaveFocus();
});
