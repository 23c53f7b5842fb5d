import { env, parseJwtSecrets, resetEnvCache } from "./env";

describe("JWT_SECRET", () => {
  afterEach(() => {
    delete process.env.JWT_SECRET;
    resetEnvCache();
  });

  it("takes one secret (kid main) or kid:secret pairs, the first one signing", () => {
    expect(parseJwtSecrets("s".repeat(32))).toEqual([{ kid: "main", secret: "s".repeat(32) }]);
    expect(parseJwtSecrets(`b:${"y".repeat(40)}, a:${"x".repeat(40)}`)).toEqual([
      { kid: "b", secret: "y".repeat(40) },
      { kid: "a", secret: "x".repeat(40) },
    ]);
  });

  it("refuses a weak secret, the one once published in the repository, and a kid used twice", () => {
    expect(() => parseJwtSecrets("too-short-secret")).toThrow(/at least 32/);
    expect(() => parseJwtSecrets(`a:${"x".repeat(40)},b:short`)).toThrow(/kid b/);
    expect(() => parseJwtSecrets("dev-only-secret-change-me-in-production-0123456789")).toThrow(/published/);
    expect(() => parseJwtSecrets(`a:${"x".repeat(40)},a:${"y".repeat(40)}`)).toThrow(/twice/);
  });

  it("stops the server from starting with a weak secret, and leaves it unset (database keys) when empty", () => {
    process.env.JWT_SECRET = "short";
    expect(() => env()).toThrow(/Invalid environment: JWT_SECRET/);
    resetEnvCache();
    process.env.JWT_SECRET = "";
    expect(env().JWT_SECRET).toBeUndefined();
    expect(env().SESSION_MAX_AGE_DAYS).toBe(30);
  });
});

describe("Web Push settings", () => {
  const keys = ["WEB_PUSH_VAPID_PUBLIC_KEY", "WEB_PUSH_VAPID_PRIVATE_KEY", "WEB_PUSH_HTTP_ORIGINS", "NODE_ENV"] as const;
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  afterEach(() => {
    for (const k of keys) {
      const vars = process.env as Record<string, string | undefined>;
      if (saved[k] === undefined) delete vars[k];
      else vars[k] = saved[k];
    }
    resetEnvCache();
  });
  const set = (vars: Partial<Record<(typeof keys)[number], string>>) => {
    Object.assign(process.env, vars);
    resetEnvCache();
  };

  it("leaves push off with no keys, even in production, and takes a pair", () => {
    set({ NODE_ENV: "production", WEB_PUSH_VAPID_PUBLIC_KEY: "", WEB_PUSH_VAPID_PRIVATE_KEY: "" });
    expect(env().WEB_PUSH_VAPID_PUBLIC_KEY).toBeUndefined();
    set({ WEB_PUSH_VAPID_PUBLIC_KEY: `B${"a".repeat(86)}`, WEB_PUSH_VAPID_PRIVATE_KEY: "k".repeat(43) });
    expect(env().WEB_PUSH_VAPID_PRIVATE_KEY).toBe("k".repeat(43));
  });

  it("refuses one key without the other, a malformed key, and an http push service off this machine", () => {
    set({ WEB_PUSH_VAPID_PUBLIC_KEY: `B${"a".repeat(86)}`, WEB_PUSH_VAPID_PRIVATE_KEY: "" });
    expect(() => env()).toThrow(/WEB_PUSH_VAPID_PRIVATE_KEY: set both/);
    set({ WEB_PUSH_VAPID_PRIVATE_KEY: "short" });
    expect(() => env()).toThrow(/WEB_PUSH_VAPID_PRIVATE_KEY/);
    set({ WEB_PUSH_VAPID_PUBLIC_KEY: "", WEB_PUSH_VAPID_PRIVATE_KEY: "", WEB_PUSH_HTTP_ORIGINS: "http://push.example:8080" });
    expect(() => env()).toThrow(/only a local push service/);
    set({ WEB_PUSH_HTTP_ORIGINS: "http://127.0.0.1:4100, http://localhost:4101" });
    expect(env().WEB_PUSH_HTTP_ORIGINS).toContain("127.0.0.1");
  });
});
