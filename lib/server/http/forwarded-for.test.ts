import fs from "node:fs";
import { type IncomingMessage, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { clientIp } from "./request-ip";
import { setForwardedFor, trustedProxies } from "./forwarded-for.js";

// A server as server.mjs builds it, over a real socket: setForwardedFor first, then what Next does (it writes the
// socket's address only when the header is missing), then the address the rate limits key on.
async function serve(trusted: number) {
  const server = createServer((req: IncomingMessage, res) => {
    setForwardedFor(req, trusted);
    req.headers["x-forwarded-for"] ??= req.socket.remoteAddress; // node_modules/next/dist/server/base-server.js
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    res.end(clientIp(new Request("http://localhost/", { headers }), trusted));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const ask = (headers: Record<string, string | string[]> = {}) =>
    new Promise<string>((resolve, reject) => {
      const call = request({ host: "127.0.0.1", port, path: "/v3/check-phone", headers, agent: false }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve(text));
      });
      call.on("error", reject);
      call.end();
    });
  return { ask, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("the client's address behind server.mjs", () => {
  it("with no trusted proxy is the socket's, whatever X-Forwarded-For the request carries", async () => {
    const server = await serve(0);
    try {
      expect(await server.ask()).toBe("127.0.0.1");
      expect(await server.ask({ "x-forwarded-for": "10.9.1.1" })).toBe("127.0.0.1");
      expect(await server.ask({ "x-forwarded-for": "10.9.1.2, 10.9.1.3" })).toBe("127.0.0.1");
      expect(await server.ask({ "x-forwarded-for": ["10.9.1.4", "10.9.1.5"] })).toBe("127.0.0.1");
    } finally {
      await server.close();
    }
  });

  it("with trusted proxies is the entry the outermost one wrote", async () => {
    const one = await serve(1);
    const two = await serve(2);
    try {
      expect(await one.ask({ "x-forwarded-for": "203.0.113.9" })).toBe("203.0.113.9");
      expect(await one.ask({ "x-forwarded-for": "10.9.1.1, 203.0.113.9" })).toBe("203.0.113.9");
      expect(await two.ask({ "x-forwarded-for": "10.9.1.1, 203.0.113.9, 10.0.0.2" })).toBe("203.0.113.9");
      // A request that came past the proxy writes no header: the socket, as Next writes it.
      expect(await one.ask()).toBe("127.0.0.1");
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("reads TRUST_PROXY as the app's environment does, and anything else as no proxy", () => {
    expect([undefined, "", "0", "1", "2", "10"].map(trustedProxies)).toEqual([0, 0, 0, 1, 2, 10]);
    expect(["11", "-1", "1.5", "yes"].map(trustedProxies)).toEqual([0, 0, 0, 0]);
  });

  it("is set by server.mjs before anything reads the request", () => {
    const source = fs.readFileSync(path.join(process.cwd(), "server.mjs"), "utf8");
    expect(source).toMatch(/import \{[^}]*\bsetForwardedFor\b[^}]*\} from "\.\/lib\/server\/http\/forwarded-for\.js"/);
    expect(source).toMatch(/createServer\(\(req, res\) => \{\n\s*setForwardedFor\(req, trusted\);/);
    expect(source).toMatch(/const trusted = trustedProxies\(process\.env\.TRUST_PROXY\);/);
  });
});
