import { isDatabaseReachable, markDatabaseSuspect, registerDatabaseProbe, resetDatabaseHealth } from "./db-health";

describe("isDatabaseReachable", () => {
  afterEach(() => {
    resetDatabaseHealth();
    jest.useRealTimers();
  });

  it("costs nothing while no failure was reported", async () => {
    const probe = jest.fn(async () => {});
    registerDatabaseProbe(probe);
    expect(await isDatabaseReachable()).toBe(true);
    expect(probe).not.toHaveBeenCalled();
  });

  it("probes once for concurrent pages and believes the answer for a second", async () => {
    const probe = jest.fn(async (): Promise<void> => {
      throw new Error("down");
    });
    registerDatabaseProbe(probe);
    markDatabaseSuspect();
    const now = Date.now();
    expect(await Promise.all([isDatabaseReachable(now), isDatabaseReachable(now), isDatabaseReachable(now)])).toEqual([false, false, false]);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(await isDatabaseReachable(Date.now() + 500)).toBe(false);
    expect(probe).toHaveBeenCalledTimes(1);
    probe.mockResolvedValue(undefined);
    expect(await isDatabaseReachable(Date.now() + 1_000)).toBe(true);
    expect(probe).toHaveBeenCalledTimes(2);
    // Cleared: no more probes until the next failure.
    expect(await isDatabaseReachable(Date.now() + 5_000)).toBe(true);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it("counts a probe that hangs as down after 2 s", async () => {
    jest.useFakeTimers();
    registerDatabaseProbe(() => new Promise(() => {}));
    markDatabaseSuspect();
    const answer = isDatabaseReachable();
    await jest.advanceTimersByTimeAsync(2_000);
    expect(await answer).toBe(false);
  });
});
