"use client";
// The shop's reports (lib/contract/reports.ts): the figures of a range, and the same as a CSV file.
import type { TReport } from "@/lib/contract/reports";
import { http } from "./http";
import { useApi } from "./swr";

export type { TReport };

const reportsPath = (shopId: string) => `/staff/shops/${shopId}/reports`;

export const useReport = (shopId: string | null, range: { from: string; to: string } | null) =>
  useApi<TReport>(shopId && range ? `${reportsPath(shopId)}?from=${range.from}&to=${range.to}` : null);

/** The CSV file of the range, read with the signed-in token (a plain link could not carry it). */
export const getReportCsv = async (shopId: string, range: { from: string; to: string }) =>
  (await http()).get<Blob>(reportsPath(shopId), { params: { ...range, format: "csv" }, responseType: "blob" });
