// Figures of a run: requests, throughput, latency percentiles and the error rate, per kind and overall.
import { percentile } from "./bench-run";
import { EXPECTED_STATUS, KINDS, type Kind, READ_KINDS, type Sample, SOCKET_ERROR, TIMEOUT } from "./workload";

export type Figures = {
  requests: number;
  throughput_rps: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  ok_2xx: number;
  /** Business answers counted apart: 409 SLOT_TAKEN and 428 PHONE_VERIFICATION_REQUIRED for bookings, 429 for logins. */
  expected: number;
  errors: number;
  error_rate_pct: number;
  socket_errors: number;
  timeouts: number;
  statuses: Record<string, number>;
};

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export function isExpected(kind: Kind, status: number): boolean {
  return EXPECTED_STATUS[kind]?.includes(status) ?? false;
}

export function figuresOf(samples: Sample[], seconds: number): Figures {
  const latencies = samples
    .map((s) => s.ms)
    .filter((ms) => Number.isFinite(ms))
    .sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  let ok = 0;
  let expected = 0;
  let errors = 0;
  let socketErrors = 0;
  let timeouts = 0;
  for (const s of samples) {
    const label = s.status === SOCKET_ERROR ? "socket_error" : s.status === TIMEOUT ? "timeout" : String(s.status);
    statuses[label] = (statuses[label] ?? 0) + 1;
    if (s.status >= 200 && s.status < 300) ok++;
    else if (isExpected(s.kind, s.status)) expected++;
    else {
      errors++;
      if (s.status === SOCKET_ERROR) socketErrors++;
      if (s.status === TIMEOUT) timeouts++;
    }
  }
  return {
    requests: samples.length,
    throughput_rps: round(samples.length / seconds),
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(latencies.at(-1) ?? 0),
    ok_2xx: ok,
    expected,
    errors,
    error_rate_pct: samples.length ? round((100 * errors) / samples.length, 3) : 0,
    socket_errors: socketErrors,
    timeouts,
    statuses,
  };
}

export type Report = { per_kind: Record<Kind, Figures>; reads: Figures; overall: Figures };

export function reportOf(samples: Sample[], seconds: number): Report {
  const per_kind = Object.fromEntries(
    KINDS.map((k) => [
      k,
      figuresOf(
        samples.filter((s) => s.kind === k),
        seconds,
      ),
    ]),
  ) as Record<Kind, Figures>;
  return {
    per_kind,
    reads: figuresOf(
      samples.filter((s) => READ_KINDS.includes(s.kind)),
      seconds,
    ),
    overall: figuresOf(samples, seconds),
  };
}

export function printReport(report: Report): void {
  const rows = [...KINDS.map((k) => [k, report.per_kind[k]] as const), ["reads (all)", report.reads] as const, ["overall", report.overall] as const];
  const header = ["kind", "requests", "req/s", "p50 ms", "p99 ms", "max ms", "2xx", "expected", "errors", "error %", "statuses"];
  const lines = rows.map(([name, f]) => [
    name,
    String(f.requests),
    String(f.throughput_rps),
    String(f.p50_ms),
    String(f.p99_ms),
    String(f.max_ms),
    String(f.ok_2xx),
    String(f.expected),
    String(f.errors),
    `${f.error_rate_pct}`,
    Object.entries(f.statuses)
      .map(([code, n]) => `${code}:${n}`)
      .join(" "),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
}
