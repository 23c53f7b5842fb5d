/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import { layoutForWidth, throttle, useLayout } from "./use-layout";

function Probe() {
  return <p>{useLayout()}</p>;
}

function resizeTo(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  window.dispatchEvent(new Event("resize"));
}

describe("layoutForWidth", () => {
  it.each([
    [320, "mobile"],
    [425, "mobile"],
    [767, "mobile"],
    [768, "tablet"],
    [1023, "tablet"],
    [1024, "desktop"],
    [1440, "desktop"],
  ])("%i px is %s", (w, layout) => expect(layoutForWidth(w)).toBe(layout));
});

describe("useLayout", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("re-measures on resize at most every 200 ms, ending on the last width", () => {
    resizeTo(375);
    render(<Probe />);
    expect(screen.getByText("mobile")).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(250));
    act(() => resizeTo(1440)); // first resize after the window: measured at once
    expect(screen.getByText("desktop")).toBeInTheDocument();

    act(() => resizeTo(800)); // within 200 ms: deferred
    expect(screen.getByText("desktop")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(199));
    expect(screen.getByText("desktop")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText("tablet")).toBeInTheDocument();
  });
});

describe("throttle", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("calls at most once per window and keeps the last arguments", () => {
    const fn = jest.fn();
    const t = throttle(fn, 200);
    t(1);
    t(2);
    t(3);
    expect(fn.mock.calls).toEqual([[1]]);
    jest.advanceTimersByTime(200);
    expect(fn.mock.calls).toEqual([[1], [3]]);
  });
});
