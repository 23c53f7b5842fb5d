/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TAlertPrefs } from "@/lib/contract/alerts";
import en from "@/locales/en/alerts.json";
import { catalogueText } from "@/tests/catalogue-text";
import { AlertSettings } from "./alert-settings";

// (Function declarations: jest.mock factories below run before the module's constants exist.)
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}
function state() {
  return (globalThis as unknown as { alertsState: { data?: TAlertPrefs; saved: unknown[] } }).alertsState;
}
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
jest.mock("@/lib/api/alerts", () => ({
  useAlertPrefs: () => ({ data: state().data, error: undefined, isLoading: !state().data, mutate: jest.fn() }),
  usePushSettings: () => ({ data: { enabled: false, public_key: null, push: false, push_devices: 0 }, mutate: jest.fn() }),
  saveAlertPrefs: async (_shopId: string, body: unknown) => {
    state().saved.push(body);
    return { data: { ...state().data, ...(body as object) } };
  },
}));

const prefs = (over: Partial<TAlertPrefs> = {}): TAlertPrefs => ({
  email: true,
  whatsapp: false,
  push: false,
  push_devices: 0,
  events: ["booked", "cancelled", "moved", "waitlist_filled"],
  quiet_from: null,
  quiet_until: null,
  timezone: "America/Sao_Paulo",
  has_email: true,
  has_phone: true,
  scope: "own",
  ...over,
});

beforeEach(() => {
  (globalThis as unknown as { alertsState: unknown }).alertsState = { data: prefs(), saved: [] };
});

it("shows a loading state until the preferences arrive", () => {
  state().data = undefined;
  render(<AlertSettings shopId="1" />);
  expect(screen.queryByRole("button", { name: en.save })).toBeNull();
});

it("saves the member's channels, events and quiet hours together, labelled for a screen reader", async () => {
  const user = userEvent.setup();
  render(<AlertSettings shopId="1" />);
  expect(screen.getByText(en.scope.own)).toBeTruthy();
  await user.click(screen.getByRole("checkbox", { name: new RegExp(en.whatsapp) }));
  await user.click(screen.getByRole("checkbox", { name: en.event.moved }));
  await user.click(screen.getByRole("checkbox", { name: en.quietOn }));
  expect((screen.getByLabelText(en.quietFrom) as HTMLInputElement).value).toBe("22:00");
  await user.click(screen.getByRole("button", { name: en.save }));
  expect(state().saved).toEqual([
    { email: true, whatsapp: true, events: ["booked", "cancelled", "waitlist_filled"], quiet_from: "22:00", quiet_until: "07:00" },
  ]);
  expect(await screen.findByText(en.saved)).toBeTruthy();
});

it("keeps WhatsApp off and says why when the account has no phone", () => {
  state().data = prefs({ has_phone: false });
  render(<AlertSettings shopId="1" />);
  expect((screen.getByRole("checkbox", { name: new RegExp(en.whatsapp) }) as HTMLInputElement).disabled).toBe(true);
  expect(screen.getByText(en.whatsappMissing)).toBeTruthy();
});
