import { canShowOutbox } from "./outbox-access";

const KEY = "a-long-random-outbox-key";
const production = { production: true, enabled: true, key: KEY };

describe("canShowOutbox", () => {
  it("shows the outbox in production only to a request giving the configured key", () => {
    expect(canShowOutbox(KEY, production)).toBe(true);
  });

  it.each([
    ["no key given", undefined, production],
    ["an empty key", "", production],
    ["a wrong key", "a-long-random-outbox-kez", production],
    ["a prefix of the key", KEY.slice(0, 16), production],
    ["the key with more after it", `${KEY}x`, production],
    ["no key configured", KEY, { production: true, enabled: true }],
    ["a configured key shorter than 16 characters", "short-key-15chr", { production: true, enabled: true, key: "short-key-15chr" }],
    ["the page not enabled", KEY, { production: true, enabled: false, key: KEY }],
  ])("hides it in production with %s", (_case, given, settings) => {
    expect(canShowOutbox(given, settings)).toBe(false);
  });

  it("in development, is open without a configured key and asks for it once one is set", () => {
    expect(canShowOutbox(undefined, { production: false, enabled: false })).toBe(true);
    expect(canShowOutbox(undefined, { production: false, enabled: false, key: KEY })).toBe(false);
    expect(canShowOutbox("wrong-but-long-enough-key", { production: false, enabled: false, key: KEY })).toBe(false);
    expect(canShowOutbox(KEY, { production: false, enabled: false, key: KEY })).toBe(true);
  });
});
