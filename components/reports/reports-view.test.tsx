/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TReport } from "@/lib/contract/reports";
import en from "@/locales/en/reports.json";
import { catalogueText } from "@/tests/catalogue-text";
import { ReportsView } from "./reports-view";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}
type State = { report?: TReport; asked: ({ from: string; to: string } | null)[]; scope: "all" | null };
function state() {
  return (globalThis as unknown as { reportsState: State }).reportsState;
}
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup, i18n: { language: "en" } }) }));
jest.mock("@/components/team/use-console-shop", () => ({
  useConsoleShop: () => ({
    data: { shop: { timezone: "America/Sao_Paulo" } },
    permissions: { "reports.view": state().scope },
    isLoading: false,
    error: undefined,
    mutate: jest.fn(),
  }),
}));
jest.mock("@/lib/api/reports", () => ({
  useReport: (_shopId: string, range: { from: string; to: string } | null) => {
    state().asked.push(range);
    return { data: state().report, error: undefined, isLoading: !state().report, mutate: jest.fn() };
  },
  getReportCsv: jest.fn(),
}));

const report = (over: Partial<TReport["totals"]> = {}): TReport => ({
  from: "2026-12-01",
  to: "2026-12-31",
  timezone: "America/Sao_Paulo",
  totals: {
    revenue: "0.00",
    visits: 0,
    bookings: 0,
    cancelled: 0,
    no_shows: 0,
    started: 0,
    no_show_rate: null,
    booked_minutes: 0,
    open_minutes: 0,
    occupancy: null,
    new_clients: 0,
    returning_clients: 0,
    ...over,
  },
  days: [],
  barbers: [],
  services: [],
});

beforeEach(() => {
  jest.useFakeTimers({ now: new Date("2026-12-03T13:00:00Z"), doNotFake: ["setTimeout", "setInterval", "queueMicrotask", "nextTick", "setImmediate"] });
  (globalThis as unknown as { reportsState: State }).reportsState = { asked: [], scope: "all" };
});
afterEach(() => jest.useRealTimers());

it("asks this month of the shop's calendar first and shows a skeleton until the figures arrive", () => {
  render(<ReportsView shopId="1" />);
  expect(state().asked.at(-1)).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  expect(screen.getByRole("status", { name: en.loading })).toBeTruthy();
  expect(screen.getByRole("button", { name: en.range.thisMonth }).getAttribute("aria-pressed")).toBe("true");
});

it("says so when the range has no bookings, under the totals", () => {
  state().report = report();
  render(<ReportsView shopId="1" />);
  expect(screen.getByText(en.empty)).toBeTruthy();
  expect(screen.getByRole("region", { name: en.totals.label }).textContent).toContain("R$0.00");
  expect(screen.queryByRole("heading", { name: en.byBarber.title })).toBeNull();
});

it("asks the preset's range, and refuses a range that ends before it starts without asking it", async () => {
  const user = userEvent.setup();
  state().report = report({ bookings: 3, visits: 2, revenue: "80.00", started: 3, no_shows: 1, no_show_rate: 0.3333 });
  render(<ReportsView shopId="1" />);
  expect(screen.getByRole("region", { name: en.totals.label }).textContent).toContain("1 of 3 bookings that have started");
  await user.click(screen.getByRole("button", { name: en.range.thisWeek }));
  expect(state().asked.at(-1)).toEqual({ from: "2026-11-30", to: "2026-12-06" });
  await user.clear(screen.getByLabelText(en.range.to));
  await user.type(screen.getByLabelText(en.range.to), "2026-11-01");
  await user.click(screen.getByRole("button", { name: en.range.apply }));
  expect(screen.getByRole("alert").textContent).toBe("errors:REPORT_RANGE");
  expect(state().asked.at(-1)).toEqual({ from: "2026-11-30", to: "2026-12-06" });
});

it("shows nothing of the figures to a member whose roles do not give reports.view", () => {
  state().scope = null;
  render(<ReportsView shopId="1" />);
  expect(screen.getByRole("alert").textContent).toBe("errors:STAFF_PERMISSION");
  expect(state().asked).toEqual([]);
});
