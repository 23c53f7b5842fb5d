"use client";
// SWR as every data hook of the site uses it: the lazy axios fetcher, no refetch on focus, no retry
// loop. The options travel with each hook rather than a <SWRConfig> around every page, so SWR is in
// the first load only of pages that ask for data (not the shop, city and footer pages; decision 0033).
import useSWR, { type Key, type SWRConfiguration } from "swr";
import useSWRInfinite, { type SWRInfiniteKeyLoader } from "swr/infinite";
import { fetcher } from "./fetcher";

const OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } satisfies SWRConfiguration;

/** `key` is the API path (null: nothing asked); `load` replaces the GET of that path. */
export function useApi<T, K extends Key = Key>(key: K, load?: (key: Exclude<K, null | undefined | false>) => Promise<T>, extra?: SWRConfiguration<T>) {
  return useSWR<T>(key, (load ?? ((url: string) => fetcher<T>(url))) as (key: unknown) => Promise<T>, { ...OPTIONS, ...extra });
}

/** Page after page of a list; `pageKey` answers null after the last page. */
export function useApiPages<T>(pageKey: SWRInfiniteKeyLoader<T>) {
  return useSWRInfinite<T>(pageKey, (url: string) => fetcher<T>(url), OPTIONS);
}
