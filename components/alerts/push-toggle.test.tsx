/** @jest-environment jsdom */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TPushSettings } from "@/lib/contract/alerts";
import en from "@/locales/en/alerts.json";
import { catalogueText } from "@/tests/catalogue-text";
import { PushToggle } from "./push-toggle";

// The "Receive in the browser" switch, against a browser's service worker and push APIs as jsdom lacks them.
function lookup(key: string, vars: Record<string, unknown> = {}): string {
  return catalogueText(en, key, vars);
}
function state() {
  return (globalThis as unknown as { pushState: { data: TPushSettings; posted: unknown[]; dropped: string[] } }).pushState;
}
jest.mock("next-i18next/client", () => ({ useT: () => ({ t: lookup }) }));
jest.mock("@/lib/api/alerts", () => ({
  usePushSettings: () => ({ data: state().data, mutate: jest.fn() }),
  savePushSubscription: async (_shopId: string, body: unknown) => {
    state().posted.push(body);
    return { data: { ...state().data, push: true, push_devices: 1 } };
  },
  dropPushSubscription: async (_shopId: string, endpoint: string) => {
    state().dropped.push(endpoint);
    return { data: { ...state().data, push: false, push_devices: 0 } };
  },
}));

const KEY = `B${"A".repeat(86)}`;
const subscription = {
  endpoint: "https://fcm.googleapis.com/fcm/send/xyz",
  options: { applicationServerKey: null },
  toJSON: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/xyz", keys: { p256dh: KEY, auth: "A".repeat(22) } }),
  unsubscribe: jest.fn(),
};
let permission: NotificationPermission;
let answer: NotificationPermission;
const registered: string[] = [];
const subscribeCalls: unknown[] = [];

beforeEach(() => {
  (globalThis as unknown as { pushState: unknown }).pushState = {
    data: { enabled: true, public_key: KEY, push: false, push_devices: 0 },
    posted: [],
    dropped: [],
  };
  permission = "default";
  answer = "granted";
  registered.length = 0;
  subscribeCalls.length = 0;
  const pushManager = {
    getSubscription: async () => null,
    subscribe: async (o: unknown) => {
      subscribeCalls.push(o);
      return subscription;
    },
  };
  Object.defineProperty(window, "PushManager", { value: function PushManager() {}, configurable: true });
  Object.defineProperty(window, "Notification", {
    value: {
      get permission() {
        return permission;
      },
      requestPermission: async () => (permission = answer),
    },
    configurable: true,
  });
  Object.defineProperty(navigator, "serviceWorker", {
    value: {
      getRegistration: async () => undefined,
      register: async (url: string) => {
        registered.push(url);
        return { pushManager };
      },
      ready: Promise.resolve({}),
    },
    configurable: true,
  });
});

it("asks the browser's permission on the click, registers the service worker and posts the subscription", async () => {
  const user = userEvent.setup();
  render(<PushToggle shopId="1" />);
  const toggle = await screen.findByRole("switch", { name: new RegExp(en.push.label) });
  expect((toggle as HTMLInputElement).checked).toBe(false);
  await user.click(toggle);
  expect(await screen.findByText(en.push.turnedOn)).toBeTruthy();
  expect(registered).toEqual(["/sw.js"]);
  expect(subscribeCalls).toEqual([{ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) }]);
  expect(state().posted).toEqual([{ endpoint: subscription.endpoint, keys: { p256dh: KEY, auth: "A".repeat(22) } }]);
});

it("says so and subscribes nothing when the permission is refused", async () => {
  answer = "denied";
  const user = userEvent.setup();
  render(<PushToggle shopId="1" />);
  await user.click(await screen.findByRole("switch", { name: new RegExp(en.push.label) }));
  expect(await screen.findByText(en.push.denied)).toBeTruthy();
  expect(registered).toEqual([]);
  expect(state().posted).toEqual([]);
  await waitFor(() => expect((screen.getByRole("switch") as HTMLInputElement).disabled).toBe(true));
});

it("stays off, and says why, when the site sends no push", async () => {
  state().data = { enabled: false, public_key: null, push: false, push_devices: 0 };
  render(<PushToggle shopId="1" />);
  const toggle = await screen.findByRole("switch", { name: new RegExp(en.push.label) });
  expect((toggle as HTMLInputElement).disabled).toBe(true);
  expect(screen.getByText(en.push.siteOff)).toBeTruthy();
});
