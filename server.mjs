// The production server: Next's own request handler, behind one thing Next cannot do. A shop, city or home
// page kept gzipped by the page cache (lib/edge/page-cache.ts) is sent as it is to a browser that takes gzip;
// through Next, the same page is unzipped and compressed again on every visit, because Next drops a
// proxy's or a route's Content-Encoding (docs/decisions/0023-cached-pages.md). Everything else, and every
// page until the cache holds it, goes to Next (proxy.ts first) as with `next start`.
//
//   node server.mjs [-p PORT] [-H HOST]      (npm start; the demo, e2e and benchmark servers use it)
import { createServer } from "node:http";
import next from "next";
import { setForwardedFor, trustedProxies } from "./lib/server/http/forwarded-for.js";
import { keepHtmlPolicy } from "./lib/server/http/html-policy.js";

function option(flag, fallback) {
  const i = process.argv.indexOf(flag);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const port = Number(option("-p", process.env.PORT || "3000"));
const hostname = option("-H", process.env.HOSTNAME || "0.0.0.0");
// proxy.ts asks this server for the pages it keeps (http://127.0.0.1:PORT), as under `next start`.
process.env.PORT = String(port);
process.env.NODE_ENV ??= "production";

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
// Links in messages and calendar files name the site's public address: a production server never guesses it
// (lib/server/env.ts, missingProductionSettings, says the same at start-up; read after prepare(), which loads .env).
if (process.env.NODE_ENV === "production" && !process.env.PUBLIC_SITE_URL?.trim()) {
  console.error(
    "PUBLIC_SITE_URL is not set: in production it must be the site's public address (e.g. https://navalha.app), which the links in messages and calendar files use",
  );
  process.exit(1);
}
// The client's address for per-address limits: the socket's unless proxies in front are trusted (read after
// prepare(), which loads the .env files).
const trusted = trustedProxies(process.env.TRUST_PROXY);

const server = createServer((req, res) => {
  setForwardedFor(req, trusted);
  // A not-found page the proxy did not see (a file path not opened as a document) still gets a policy.
  keepHtmlPolicy(res);
  // Set by instrumentation.ts once the server has started (lib/edge/cached-page-answer.ts).
  const cachedPageAnswer = globalThis.__navalhaCachedPageAnswer;
  // Only documents can be kept pages: assets, API calls and Next's own requests go straight on.
  if (cachedPageAnswer && req.method === "GET" && req.headers.accept?.includes("text/html")) {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      const answer = cachedPageAnswer(req.method, url, headers);
      if (answer) {
        res.statusCode = answer.status;
        for (const [name, value] of answer.headers) res.appendHeader(name, value);
        res.end(answer.gzip ?? undefined);
        return;
      }
    } catch (err) {
      // Next answers it instead.
      console.error(JSON.stringify({ level: "error", where: "server.mjs", msg: "kept page answer failed", error: String(err) }));
    }
  }
  handle(req, res);
});
server.listen(port, hostname, () => {
  console.log(`▲ Navalha ready on http://${hostname}:${port}`);
});

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    // Connections kept alive would hold close() open.
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
