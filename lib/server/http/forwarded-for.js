// The client's address as the app reads it (lib/server/http/request-ip.ts), set by server.mjs before Next sees the
// request. Plain JavaScript: server.mjs runs under node with no build step. Next itself only writes the socket's
// address when the request carries no X-Forwarded-For (`??=`), so with no proxy in front a client could write
// its own (docs/decisions/0041-http-edge-second-pass.md).

/** TRUST_PROXY as lib/server/env.ts reads it (0–10, default 0); anything else counts as no proxy. */
export function trustedProxies(value) {
  if (value === undefined || value === "") return 0;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

/**
 * With no trusted proxy the socket's address replaces whatever X-Forwarded-For the request carries. With N trusted
 * proxies the header stays as they wrote it: the N-th entry from the right is the one the outermost wrote.
 */
export function setForwardedFor(req, trusted) {
  if (trusted > 0) return;
  const address = req.socket?.remoteAddress;
  if (address) req.headers["x-forwarded-for"] = address;
  else delete req.headers["x-forwarded-for"];
}
