// Every HTML answer of server.mjs carries a Content Security Policy. Pages get theirs, with a nonce, from proxy.ts;
// an HTML answer the proxy did not see (Next's not-found page for a file under /_next/ or /demo/ asked for by
// something other than a browser's navigation) gets this one: no script at all, since its scripts carry no nonce.
// Plain JavaScript: server.mjs runs under node with no build step.

export const FALLBACK_HTML_POLICY = [
  "default-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The header's value whichever way writeHead was given it (an object or a flat list of names and values). */
function headerIn(headers, name) {
  if (!headers || typeof headers !== "object") return undefined;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === name) return headers[i + 1];
    return undefined;
  }
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}

/** Makes `res` add FALLBACK_HTML_POLICY to an HTML answer that has no policy when its headers are sent. */
export function keepHtmlPolicy(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    const headers = typeof rest[0] === "string" ? rest[1] : rest[0];
    const type = headerIn(headers, "content-type") ?? res.getHeader("content-type");
    const policy = headerIn(headers, "content-security-policy") ?? res.getHeader("content-security-policy");
    if (/^\s*text\/html\b/i.test(String(type ?? "")) && policy === undefined) {
      if (Array.isArray(headers)) headers.push("Content-Security-Policy", FALLBACK_HTML_POLICY);
      else if (headers && typeof headers === "object") headers["Content-Security-Policy"] = FALLBACK_HTML_POLICY;
      else res.setHeader("Content-Security-Policy", FALLBACK_HTML_POLICY);
    }
    return writeHead.call(this, statusCode, ...rest);
  };
}
