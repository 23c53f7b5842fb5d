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
