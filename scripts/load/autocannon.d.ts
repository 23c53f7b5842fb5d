// The part of autocannon's API that the load scripts use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type RequestSpec = {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      // Method syntax: the scripts narrow the request and context types.
      setupRequest?(req: RawRequest, context: Record<string, unknown>): RawRequest | null | undefined | false;
      onResponse?(status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>): void;
    };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      headers?: Record<string, string>;
      requests?: RequestSpec[];
      title?: string;
      overallRate?: number;
    };
    type Histogram = { average: number; p50: number; p99: number; max: number };
    type Result = {
      title?: string;
      errors: number;
      timeouts: number;
      non2xx: number;
      latency: Histogram;
      statusCodeStats: Record<string, { count: number }>;
    };
    type Instance = EventEmitter & { stop: () => void };
  }

  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
