"use client";
import type { AxiosRequestConfig } from "axios";

/** SWR's fetcher; axios is loaded with the first request instead of with every page. */
export async function fetcher<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const { api } = await import("./client");
  const res = await api.get<T>(url, config);
  return res.data;
}
