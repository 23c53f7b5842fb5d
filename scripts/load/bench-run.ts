// What the benchmark scripts share: their `--name value` options, percentiles, a pause, and autocannon run to its result
// (scripts/load/autocannon.d.ts types the event-emitter side the load test uses; called without a
// callback, autocannon also returns a promise of the result, typed here).
import { createRequire } from "node:module";

/** The value after `--name` on the command line, or the fallback. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** The p-th percentile (nearest rank) of ascending samples; 0 for none. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** The middle one of the samples (the upper of the two middle ones for an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type AutocannonResult = {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
export type BenchRequest = { method?: string; path?: string; headers?: Record<string, string> };
export type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  requests?: { method?: string; path?: string; setupRequest?: (req: BenchRequest) => BenchRequest }[];
};

const require = createRequire(import.meta.url);
/** One autocannon run, resolved with its figures. */
export const runAutocannon = require("autocannon") as (opts: AutocannonOptions) => Promise<AutocannonResult>;
