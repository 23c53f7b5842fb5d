// Starts and stops the production server (server.mjs: Next behind the kept pages) for the load, fault,
// scaling and page benchmark scripts.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export type AppServer = { url: string; port: number; child: ChildProcess; stop: () => Promise<void>; logs: () => string };

const ROOT = process.cwd();
const NEXT_BIN = path.join(ROOT, "node_modules", ".bin", "next");

export function hasBuild(distDir: string): boolean {
  return fs.existsSync(path.join(ROOT, distDir, "BUILD_ID"));
}

/** A production build in `distDir` (NEXT_DIST_DIR), made only when there is none yet. */
export function ensureBuild(distDir: string): void {
  if (hasBuild(distDir)) return;
  console.log(`No production build in ${distDir}: building it (a few minutes)...`);
  const res = spawnSync(NEXT_BIN, ["build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (res.status !== 0) throw new Error(`next build into ${distDir} failed`);
}

/** Polls /v3/health until it answers 200 (the first call also migrates the database). */
export async function waitHealthy(url: string, timeoutMs = 60_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/v3/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms (${last})`);
}

export async function startServer(opts: { port: number; distDir: string; env: Record<string, string>; nodeArgs?: string[] }): Promise<AppServer> {
  const url = `http://127.0.0.1:${opts.port}`;
  // TRUST_PROXY=1: the scripts stand for the proxy in front, writing each visitor's X-Forwarded-For.
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), path.join(ROOT, "server.mjs"), "-p", String(opts.port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: opts.distDir,
      TRUST_PROXY: "1",
      PUBLIC_SITE_URL: url,
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that stop() also ends the next-server child it forks.
    detached: true,
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2_000_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);

  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitHealthy(url, 90_000, child);
  } catch (err) {
    await stop();
    throw new Error(`${err instanceof Error ? err.message : err}\n--- server output ---\n${output.slice(-4_000)}`);
  }
  return { url, port: opts.port, child, stop, logs: () => output };
}
