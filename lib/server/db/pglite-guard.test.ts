import { spawnSync } from "node:child_process";
import path from "node:path";

const script = path.join(process.cwd(), "tests/fixtures/pglite-js-exception.ts");

function run(args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: process.cwd(),
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NODE_OPTIONS: "" },
  });
}

describe("a JavaScript exception inside the embedded database's backend", () => {
  it("fails that call, and every later call is answered instead of the process looping for ever", () => {
    const res = run(["--guard"]);
    expect(res.error).toBeUndefined();
    const outcome = JSON.parse(res.stdout.trim().split("\n").pop() ?? "{}") as Record<string, string>;
    expect(outcome).toEqual({
      interrupted: expect.stringMatching(/^failed: /),
      error1: expect.stringMatching(/^failed: /),
      error2: expect.stringMatching(/^failed: /),
    });
    expect(res.stderr).toContain("the embedded database failed a statement");
  }, 90_000);

  it("without the guard, hangs (the failure the guard exists for)", () => {
    // The same script with the guard ends in about 3.5 s on an idle machine: one that has not ended in 10 s hangs.
    const res = spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", timeout: 10_000, env: { ...process.env, NODE_OPTIONS: "" } });
    expect(res.error && (res.error as NodeJS.ErrnoException).code).toBe("ETIMEDOUT");
  }, 30_000);
});
