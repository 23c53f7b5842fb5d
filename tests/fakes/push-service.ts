import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from "node:crypto";

// A local stand-in for a browser's push service (what fcm.googleapis.com or Mozilla's autopush are), speaking its
// HTTP and keeping its rules, so that a push that a real service would refuse is refused here:
// - RFC 8030: POST to the subscription's endpoint, a TTL header, 201 Created with a Location; a subscription the
//   browser dropped answers 410 Gone, one never known 404; 429 with Retry-After when told to;
// - RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT ES256 signed with that key, its `aud` this
//   service's origin, `exp` within 24 hours, `sub` a mailto: or https: contact, and k the applicationServerKey the
//   browser subscribed with;
// - RFC 8291 / 8188: `Content-Encoding: aes128gcm`, the body decrypted here with the browser's private key and auth
//   secret, as the browser would (a test holds a subscription made as a browser makes one).

export type BrowserSubscription = {
  id: string;
  endpoint: string;
  /** What PushSubscription.toJSON() gives the page, which posts it to the site. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
};

/** A push accepted: the plaintext the browser would get (and its JSON), and the request's headers. */
export type ReceivedPush = { subscriptionId: string; plaintext: string; payload: unknown; headers: IncomingMessage["headers"] };

export type FakePushService = {
  url: string;
  /** A browser subscribing with the site's VAPID public key (pushManager.subscribe's applicationServerKey). */
  subscribe: (applicationServerKey: string) => BrowserSubscription;
  /** The browser dropped the subscription: its endpoint now answers 410. */
  drop: (subscriptionId: string) => void;
  /** The next n pushes answer 429 with this Retry-After (seconds). */
  throttleNext: (n: number, retryAfterSeconds: number) => void;
  received: ReceivedPush[];
  /** Pushes refused, with the status and why. */
  refused: { status: number; reason: string }[];
  close: () => Promise<void>;
};

const b64url = (b: Buffer) => b.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 section 3.4 and RFC 8188: the plaintext of an aes128gcm body, for the browser holding these keys. */
export function decryptAes128gcm(body: Buffer, browser: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 4) throw new Error("the keyid is not an uncompressed P-256 public key");
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error("more than one record: a push message is one");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(browser.privateKey);
  const secret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(browser.auth, secret);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from("WebPush: info\0"), browser.publicKey, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the last record's padding delimiter is not 0x02");
  return padded.subarray(0, end);
}

/** RFC 8292: the VAPID header's JWT, verified with its k; answers why it is refused, or null. */
export function vapidRefusal(header: string | undefined, origin: string, expectedKey: string, now = Date.now()): string | null {
  const m = /^vapid\s+(.+)$/i.exec(header ?? "");
  if (!m) return "no vapid Authorization";
  const parts = Object.fromEntries(
    m[1].split(",").map((p) => {
      const [k, ...v] = p.trim().split("=");
      return [k, v.join("=")];
    }),
  );
  const { t, k } = parts as { t?: string; k?: string };
  if (!t || !k) return "vapid needs t and k";
  if (k !== expectedKey) return "k is not the key the browser subscribed with";
  const raw = Buffer.from(k, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) return "k is not an uncompressed P-256 public key";
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, format: "jwk" });
  const [h, p, s] = t.split(".");
  if (!h || !p || !s) return "t is not a JWT";
  const head = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg?: string };
  if (head.alg !== "ES256") return "the JWT is not ES256";
  if (!verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s, "base64url"))) return "bad JWT signature";
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  if (typeof claims.exp !== "number" || claims.exp * 1000 < now || claims.exp * 1000 > now + 86_400_000) return "exp is not within 24 hours";
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) return "sub is not a mailto: or https: contact";
  return null;
}

/** `port`: a fixed one (a server told of this push service before it starts); by default any free one. */
export async function startFakePushService(options: { port?: number } = {}): Promise<FakePushService> {
  const browsers = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer; serverKey: string; dropped: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: { status: number; reason: string }[] = [];
  let throttle = { n: 0, seconds: 0 };
  let origin = "";

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const refuse = (status: number, reason: string, headers: Record<string, string> = {}) => {
        refused.push({ status, reason });
        res.writeHead(status, { "content-type": "text/plain", ...headers }).end(reason);
      };
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1];
      const browser = id ? browsers.get(id) : undefined;
      if (req.method !== "POST") return refuse(405, "POST only");
      if (!id || !browser) return refuse(404, "no such subscription");
      if (browser.dropped) return refuse(410, "the subscription is gone");
      if (!/^\d+$/.test(String(req.headers.ttl ?? ""))) return refuse(400, "TTL header required");
      if (req.headers["content-encoding"] !== "aes128gcm") return refuse(415, "Content-Encoding must be aes128gcm");
      const why = vapidRefusal(req.headers.authorization, origin, browser.serverKey);
      if (why) return refuse(403, why);
      if (throttle.n > 0) {
        throttle.n--;
        return refuse(429, "slow down", { "retry-after": String(throttle.seconds) });
      }
      let plaintext: string;
      let payload: unknown;
      try {
        plaintext = decryptAes128gcm(Buffer.concat(chunks), browser).toString("utf8");
        payload = JSON.parse(plaintext);
      } catch (err) {
        return refuse(400, `cannot decrypt: ${(err as Error).message}`);
      }
      received.push({ subscriptionId: id, plaintext, payload, headers: req.headers });
      res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    subscribe(applicationServerKey) {
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      browsers.set(id, { privateKey: ecdh.getPrivateKey(), publicKey, auth, serverKey: applicationServerKey, dropped: false });
      const endpoint = `${origin}/push/${id}`;
      return { id, endpoint, json: { endpoint, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } } };
    },
    drop(id) {
      const b = browsers.get(id);
      if (b) b.dropped = true;
    },
    throttleNext(n, seconds) {
      throttle = { n, seconds };
    },
    received,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
