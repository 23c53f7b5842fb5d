"use client";
import { useEffect } from "react";
import { watchInstallPrompt } from "@/lib/install-prompt";

/** Keeps the browser's install offer for the moment the site chooses (lib/install-prompt.ts); draws nothing. */
export function InstallWatch() {
  useEffect(() => watchInstallPrompt(), []);
  return null;
}
