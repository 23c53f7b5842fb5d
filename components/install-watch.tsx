"use client";
import { useEffect } from "react";
import { watchInstallPrompt } from "@/lib/browser/install-prompt";

/** Keeps the browser's install offer for the moment the site chooses (lib/browser/install-prompt.ts); draws nothing. */
export function InstallWatch() {
  useEffect(() => watchInstallPrompt(), []);
  return null;
}
