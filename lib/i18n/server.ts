import "server-only";
import { createServerI18next } from "next-i18next/server";
import { i18nConfig } from "./config";

const server = createServerI18next(i18nConfig);
export const { getT } = server;

/** Parts of a namespace only the server renders (the shop page's About tab: amenities' names), left out of what the
 *  browser is handed. */
const SERVER_ONLY: Record<string, string[]> = { shop: ["about"] };

/** The catalogues handed to the browser: next-i18next's, without the server's own parts. */
export const getResources: typeof server.getResources = (...args) => {
  const resources = server.getResources(...args);
  const out: typeof resources = {};
  for (const [lng, namespaces] of Object.entries(resources)) {
    const copy: Record<string, unknown> = { ...namespaces };
    for (const [ns, keys] of Object.entries(SERVER_ONLY)) {
      const catalogue = copy[ns];
      if (catalogue && typeof catalogue === "object") copy[ns] = Object.fromEntries(Object.entries(catalogue).filter(([k]) => !keys.includes(k)));
    }
    out[lng] = copy as (typeof resources)[string];
  }
  return out;
};
