/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import pt from "@/locales/pt-BR/booking.json";
import { WordsProvider } from "@/lib/i18n/words";
import { PeriodTimes } from "./when-step";

// A period's times on the day-and-time step: a phone shows three rows of four at first (jsdom has no media
// queries: what a phone hides carries "hidden sm:inline-flex"; e2e/booking-phone.spec.ts measures the step).
const afternoon = Array.from({ length: 24 }, (_, i) => `${String(12 + Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`);
const show = (hours: string[], time: string | null = null, chooseTime = jest.fn()) =>
  render(
    <WordsProvider lng="pt-BR" catalogues={{ booking: pt }}>
      <PeriodTimes hours={hours} time={time} chooseTime={chooseTime} />
    </WordsProvider>,
  );
const onPhone = () => screen.getAllByRole("button").filter((b) => !b.className.split(" ").includes("hidden"));

it("shows a long period's first eleven times and +N on a phone; +N shows the rest and gives the first of them the focus", async () => {
  const chooseTime = jest.fn();
  show(afternoon, null, chooseTime);
  expect(onPhone().map((b) => b.textContent)).toEqual([...afternoon.slice(0, 11), "+13"]);
  const more = screen.getByRole("button", { name: "+13 horários" });
  expect(more.className).toContain("sm:hidden");
  await userEvent.click(more);
  expect(onPhone().map((b) => b.textContent)).toEqual(afternoon);
  expect(screen.getByRole("button", { name: "14:45" })).toHaveFocus();
  await userEvent.click(screen.getByRole("button", { name: "17:45" }));
  expect(chooseTime).toHaveBeenCalledWith("17:45");
});

it("shows every time of a period that fits in three rows, and a chosen time among the rest", () => {
  const twelve = show(afternoon.slice(0, 12));
  expect(onPhone()).toHaveLength(12);
  expect(screen.queryByRole("button", { name: /^\+/ })).toBeNull();
  twelve.unmount();
  show(afternoon, "16:30");
  expect(onPhone().map((b) => b.textContent)).toEqual(afternoon);
  expect(screen.getByRole("button", { name: "16:30" })).toHaveAttribute("aria-pressed", "true");
});
