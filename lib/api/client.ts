"use client";
import axios, { type AxiosRequestConfig } from "axios";
import { toast } from "@/lib/browser/toast";
import { LANG_COOKIE, matchLang } from "@/lib/i18n/settings";
import { errorMessage } from "./errors";
import { API_BASE_URL } from "./base-url";
import { clearSession, getSession, onTokenChange } from "./session";

export { API_BASE_URL };

export const api = axios.create({ baseURL: API_BASE_URL, timeout: 15_000 });

// Every request carries the bearer token when one is stored.
onTokenChange((token) => {
  if (token) api.defaults.headers.common.Authorization = `Bearer ${token}`;
  else delete api.defaults.headers.common.Authorization;
});

api.interceptors.request.use((config) => {
  const token = getSession().token;
  if (token && !config.headers.Authorization) config.headers.Authorization = `Bearer ${token}`;
  if (typeof document !== "undefined") {
    const fromCookie = document.cookie.match(new RegExp(`(?:^|; )${LANG_COOKIE}=([^;]+)`))?.[1];
    config.headers["Accept-Language"] = matchLang(document.documentElement.lang) ?? matchLang(fromCookie) ?? "pt-BR";
  }
  return config;
});

type Translate = (key: string) => string;

export type CallOptions = {
  t: Translate;
  /** errors.json key for the error toast's title (e.g. LOAD_SERVICES_ERROR); no toast without it. */
  errorKey?: string;
  /** Key of a translated success message; shows a success toast. */
  successKey?: string;
  onError?: (message: string, err: unknown) => void;
};

/** Runs one API call with the spec's error and success handling. Resolves undefined on failure. */
export async function call<T>(run: () => Promise<{ data: T }>, opts: CallOptions): Promise<T | undefined> {
  try {
    const { data } = await run();
    if (opts.successKey) toast.success(opts.t(opts.successKey));
    return data;
  } catch (err) {
    const message = errorMessage(err);
    opts.onError?.(message, err);
    if (opts.errorKey) {
      // The server's message under the title, unless it only says the title again (e.g. a failed login).
      const title = opts.t(`errors:${opts.errorKey}`);
      const same = message.trim().toLowerCase() === title.trim().toLowerCase();
      toast.error(title, same ? undefined : { description: message });
    }
    return undefined;
  }
}

export const fetcher = <T>(url: string, config?: AxiosRequestConfig) => api.get<T>(url, config).then((r) => r.data);
