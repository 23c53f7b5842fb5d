import { AppError } from "@/lib/server/http/errors";
import { concurrencyLimit } from "./password";

describe("concurrencyLimit (the cap on argon2 work)", () => {
  it("runs at most `max` jobs at once, queues the next ones and refuses beyond the queue with 503", async () => {
    const run = concurrencyLimit(2, 1);
    let active = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active--;
        return "done";
      });
    const running = [job(), job(), job()];
    await Promise.resolve();
    await expect(job()).rejects.toMatchObject({ status: 503 } satisfies Partial<AppError>);
    expect(releases).toHaveLength(2);
    releases.shift()!();
    await running[0];
    await new Promise((r) => setImmediate(r));
    expect(releases).toHaveLength(2);
    releases.splice(0).forEach((release) => release());
    await new Promise((r) => setImmediate(r));
    await expect(Promise.all(running)).resolves.toEqual(["done", "done", "done"]);
    expect(peak).toBe(2);
  });
});
