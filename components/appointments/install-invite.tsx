"use client";
import { useT } from "next-i18next/client";
import { useSyncExternalStore } from "react";
import { installOffered, promptInstall, subscribeInstallPrompt } from "@/lib/browser/install-prompt";

const noChange = () => () => {};
const touchScreen = () => window.matchMedia("(pointer: coarse)").matches;

/**
 * Right after a booking, when the browser offers it: put the site on the home screen, to book the next one in
 * a tap. Nothing where the browser makes no offer (Safari, Firefox, already installed).
 */
export function InstallInvite() {
  const { t } = useT("booking");
  const offered = useSyncExternalStore(subscribeInstallPrompt, installOffered, () => false);
  // A home screen is a phone's (a computer's browser shows its own install button in the address bar).
  const phone = useSyncExternalStore(noChange, touchScreen, () => false);
  if (!offered || !phone) return null;
  return (
    <section className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center md:p-6" aria-labelledby="install-title">
      <div className="flex-1">
        <h2 id="install-title" className="text-lg font-semibold">
          {t("detail.install.title")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("detail.install.body")}</p>
      </div>
      <button type="button" className="btn-ghost min-h-11 justify-center" onClick={() => void promptInstall()}>
        {t("detail.install.action")}
      </button>
    </section>
  );
}
