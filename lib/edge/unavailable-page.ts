// The page every server-rendered page answers while the database is unreachable: 503 with
// Retry-After, in the visitor's language, reloading itself (docs/decisions/0012-http-edge-hardening.md).
// proxy.ts sends it before the page would render, so it cannot use React, the layout or the stylesheet.
import en from "@/locales/en/common.json";
import es from "@/locales/es/common.json";
import ptBR from "@/locales/pt-BR/common.json";
import { RETRY_AFTER_SECONDS } from "./db-health";

const TEXTS = { en, es, "pt-BR": ptBR } as const;
type Lng = keyof typeof TEXTS;

/**
 * Pages whose server render reads the database (a test keeps this in step with app/): the others
 * (FAQ, terms, sign-in, pages that load their data through /v3) still render during an outage.
 */
export function pageNeedsDatabase(pathname: string): boolean {
  // (/agendamento/<id>: a manage link's preview names the shop; /agendamento/responder: the one-tap answer;
  // /aviso/<id>: a guest's free-time alert; /avaliar: rating a visit from the e-mail's link.)
  return (
    pathname === "/" ||
    pathname === "/barbearias" ||
    pathname === "/avaliar" ||
    /^\/(barbearia|cidade)\//.test(pathname) ||
    pathname === "/dev/outbox" ||
    /^\/(agendamento|aviso)\/[^/]+$/.test(pathname)
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function unavailablePage(lng: string, nonce: string, path: string): Response {
  const common = TEXTS[(lng in TEXTS ? lng : "pt-BR") as Lng];
  const t = common.unavailable;
  const html = `<!doctype html>
<html lang="${escapeHtml(lng)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>${escapeHtml(t.title)} · Navalha</title>
<style nonce="${escapeHtml(nonce)}">
body{margin:0;min-height:100dvh;display:grid;place-items:center;background:#0e0e10;color:#f4f4f5;font:16px/1.5 system-ui,sans-serif}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .5rem}
p{color:#a1a1aa;margin:0 0 1.5rem}
a{display:inline-block;background:#e5b817;color:#0e0e10;border-radius:.5rem;padding:.625rem 1.25rem;font-weight:600;text-decoration:none}
a:focus-visible{outline:2px solid #f4f4f5;outline-offset:2px}
</style>
</head>
<body>
<main role="alert">
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.body)}</p>
<a href="${escapeHtml(path)}">${escapeHtml(t.retry)}</a>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "retry-after": String(RETRY_AFTER_SECONDS),
    },
  });
}
