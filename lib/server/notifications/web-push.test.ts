import { resetEnvCache } from "@/lib/server/env";
import { isAllowedPushEndpoint, retryAfterMs } from "./web-push";

afterEach(() => {
  delete process.env.WEB_PUSH_HTTP_ORIGINS;
  resetEnvCache();
});

describe("isAllowedPushEndpoint", () => {
  it("takes https endpoints of the known push services, a subdomain where the list says *.", () => {
    for (const url of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGx",
      "https://wns2-par02p.notify.windows.com/w/?token=x",
    ])
      expect({ url, ok: isAllowedPushEndpoint(url) }).toEqual({ url, ok: true });
  });

  it("refuses any other host, a look-alike, another port, credentials, http, and what is not a URL", () => {
    for (const url of [
      "https://intranet.example/push",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilpush.apple.com/x",
      "https://push.apple.com/x",
      "https://fcm.googleapis.com:8443/x",
      "https://user:pw@fcm.googleapis.com/x",
      "http://fcm.googleapis.com/x",
      "http://127.0.0.1:4100/push/1",
      "not a url",
    ])
      expect({ url, ok: isAllowedPushEndpoint(url) }).toEqual({ url, ok: false });
  });

  it("takes a local push service over http only when configured", () => {
    process.env.WEB_PUSH_HTTP_ORIGINS = "http://127.0.0.1:4100";
    resetEnvCache();
    expect(isAllowedPushEndpoint("http://127.0.0.1:4100/push/1")).toBe(true);
    expect(isAllowedPushEndpoint("http://127.0.0.1:4101/push/1")).toBe(false);
  });
});

it("reads Retry-After as seconds or an HTTP date, a minute when it is missing", () => {
  const now = Date.parse("2026-12-03T10:00:00Z");
  expect(retryAfterMs("120", now)).toBe(120_000);
  expect(retryAfterMs("Thu, 03 Dec 2026 10:05:00 GMT", now)).toBe(300_000);
  expect(retryAfterMs(null, now)).toBe(60_000);
});
