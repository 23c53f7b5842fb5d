import { installOffered, promptInstall, subscribeInstallPrompt, watchInstallPrompt } from "./install-prompt";

/** A `beforeinstallprompt` as Chromium fires it, its dialog answering `outcome`. */
function offer(outcome: "accepted" | "dismissed") {
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt: jest.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  return event;
}

const g = globalThis as unknown as { window?: EventTarget };
let undo: () => void;
beforeEach(() => {
  g.window = new EventTarget();
  undo = watchInstallPrompt();
});
afterEach(() => {
  undo();
  delete g.window;
});

it("keeps the browser's offer instead of letting it show its own bar, and tells who listens", async () => {
  const heard = jest.fn();
  const stop = subscribeInstallPrompt(heard);
  expect(installOffered()).toBe(false);
  const event = offer("accepted");
  g.window!.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(true);
  expect(installOffered()).toBe(true);
  expect(heard).toHaveBeenCalledTimes(1);
  // Used once: the dialog, then no offer left.
  expect(await promptInstall()).toBe(true);
  expect(event.prompt).toHaveBeenCalledTimes(1);
  expect(installOffered()).toBe(false);
  expect(await promptInstall()).toBe(false);
  expect(event.prompt).toHaveBeenCalledTimes(1);
  stop();
});

it("says when the client said no, and forgets the offer once the site is installed", async () => {
  g.window!.dispatchEvent(offer("dismissed"));
  expect(await promptInstall()).toBe(false);
  g.window!.dispatchEvent(offer("accepted"));
  expect(installOffered()).toBe(true);
  g.window!.dispatchEvent(new Event("appinstalled"));
  expect(installOffered()).toBe(false);
});

it("stops keeping offers when undone", () => {
  undo();
  const event = offer("accepted");
  g.window!.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(false);
  expect(installOffered()).toBe(false);
  undo = watchInstallPrompt();
});
