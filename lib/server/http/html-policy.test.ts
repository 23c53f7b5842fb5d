import fs from "node:fs";
import { createServer, get, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { FALLBACK_HTML_POLICY, keepHtmlPolicy } from "./html-policy.js";

// Answers sent as Next sends them (setHeader then end, or writeHead with its headers), through a real socket.
const answers: Record<string, (res: ServerResponse) => void> = {
  "/_next/static/nada.js": (res) => {
    // Next's not-found page for a file that is not there, asked for by something other than a navigation.
    res.statusCode = 404;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end("<!DOCTYPE html><html><body><script>self.__next_f=[]</script>Não encontrada</body></html>");
  },
  "/demo/nada": (res) => {
    res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
    res.end("<!DOCTYPE html><html></html>");
  },
  "/icons/nada": (res) => {
    res.writeHead(404, "Not Found", ["Content-Type", "text/html"]);
    res.end("<!DOCTYPE html><html></html>");
  },
  "/barbearia/ze": (res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("content-security-policy", "script-src 'self' 'nonce-abc' 'strict-dynamic'");
    res.end("<!DOCTYPE html><html></html>");
  },
  "/_next/static/chunks/app.js": (res) => {
    res.setHeader("content-type", "application/javascript");
    res.end("1");
  },
};

async function fetchAll(): Promise<Record<string, string | undefined>> {
  const server = createServer((req, res) => {
    keepHtmlPolicy(res);
    answers[req.url ?? ""](res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const out: Record<string, string | undefined> = {};
    for (const url of Object.keys(answers)) {
      out[url] = await new Promise<string | undefined>((resolve, reject) => {
        get({ host: "127.0.0.1", port, path: url, agent: false, headers: { accept: "*/*" } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.headers["content-security-policy"] as string | undefined));
        }).on("error", reject);
      });
    }
    return out;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe("HTML answers the proxy did not see", () => {
  it("get a policy that runs no script; pages keep theirs; files get none", async () => {
    expect(await fetchAll()).toEqual({
      "/_next/static/nada.js": FALLBACK_HTML_POLICY,
      "/demo/nada": FALLBACK_HTML_POLICY,
      "/icons/nada": FALLBACK_HTML_POLICY,
      "/barbearia/ze": "script-src 'self' 'nonce-abc' 'strict-dynamic'",
      "/_next/static/chunks/app.js": undefined,
    });
    expect(FALLBACK_HTML_POLICY).toMatch(/^default-src 'none'/);
    expect(FALLBACK_HTML_POLICY).not.toMatch(/script-src/);
    expect(FALLBACK_HTML_POLICY).toContain("frame-ancestors 'none'");
  });

  it("is how server.mjs answers every request", () => {
    const source = fs.readFileSync(path.join(process.cwd(), "server.mjs"), "utf8");
    expect(source).toMatch(/import \{ keepHtmlPolicy \} from "\.\/lib\/server\/http\/html-policy\.js"/);
    expect(source).toMatch(/createServer\(\(req, res\) => \{\n(?:\s*(?:\/\/.*|setForwardedFor\(req, trusted\);)\n)*\s*keepHtmlPolicy\(res\);/);
  });
});
