// The browser's offer to put the site on the home screen (Chrome and Edge on Android and desktop fire
// `beforeinstallprompt` when the manifest and icons qualify; Safari and Firefox never do). Chrome would show it
// as a bar at the bottom of the screen on its own, over the booking page's sticky bar; the site keeps it
// instead (components/install-watch.tsx, on every page) and offers it where it helps: right after a booking
// (components/appointments/install-invite.tsx). No imports: every page's first load carries this.

/** Chromium's event (not in TypeScript's DOM types). */
export type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

let kept: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/** Keeps the browser's offer from now on (and forgets it once the site is installed); returns the undo. */
export function watchInstallPrompt(): () => void {
  const offered = (e: Event) => {
    e.preventDefault();
    kept = e as InstallPromptEvent;
    changed();
  };
  const installed = () => {
    kept = null;
    changed();
  };
  window.addEventListener("beforeinstallprompt", offered);
  window.addEventListener("appinstalled", installed);
  return () => {
    window.removeEventListener("beforeinstallprompt", offered);
    window.removeEventListener("appinstalled", installed);
  };
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser has offered to install the site (and it has not been used yet). */
export const installOffered = (): boolean => kept !== null;

/** Shows the browser's own install dialog (once: the browser allows one per offer); true when accepted. */
export async function promptInstall(): Promise<boolean> {
  const offer = kept;
  if (!offer) return false;
  kept = null;
  changed();
  await offer.prompt();
  return (await offer.userChoice).outcome === "accepted";
}
