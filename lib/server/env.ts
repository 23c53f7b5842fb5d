import "server-only";
import { z } from "zod";

/** An empty variable (KEY= in an env file) counts as not set. */
const blankIsUnset = (schema: z.ZodString) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

// Every setting the server reads, with its default; .env.example lists the same.
const ZEnv = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z.string().url().optional(),
    PGLITE_DIR: z.string().default("./.data/pglite"),
    // Connections per app process. Beyond the cores PostgreSQL has they only queue inside it and switch
    // contexts: on the 2-core machine of the benchmarks, shared by app and database, 4 beat 10 (list p99
    // 26 → 24 ms, load-mix read p99 165 → 135 ms) and 2 beat 4 on the lists (p99 27–33 → 21–26 ms) at
    // 8 % less load-mix throughput (README "Speed").
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(2),
    DATABASE_READ_URL: z.string().url().optional(),
    // PostgreSQL ends a statement running longer, and a session idle inside a transaction longer (ms; 0: not set).
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
    // Unset (or empty): random keys are generated once and kept in the signing_keys table, shared by
    // every app server. Set: one secret, or "kid:secret,kid:secret" (the first signs, all verify).
    JWT_SECRET: z
      .string()
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : undefined))
      .superRefine((v, ctx) => {
        if (v === undefined) return;
        try {
          parseJwtSecrets(v);
        } catch (err) {
          ctx.addIssue({ code: "custom", message: (err as Error).message });
        }
      }),
    JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(7_200),
    // A sign-in lasts at most this long, however often its token is renewed.
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    PUBLIC_SITE_URL: z.string().url().default("http://localhost:3000"),
    REDIS_URL: z.string().url().optional(),
    SMTP_URL: z.string().optional(),
    SMTP_FROM: z.string().default("Navalha <no-reply@navalha.local>"),
    WHATSAPP_TOKEN: z.string().optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
    WHATSAPP_API_URL: z.string().url().default("https://graph.facebook.com/v21.0"),
    // The webhook: GET verification answers hub.challenge for this token; POSTs must be signed with the app secret.
    WHATSAPP_VERIFY_TOKEN: z.string().optional(),
    WHATSAPP_APP_SECRET: z.string().optional(),
    // A WhatsApp try whose process died is sent again only after this long without the provider's "sent" callback.
    WHATSAPP_INDOUBT_GRACE_MS: z.coerce.number().int().min(0).default(120_000),
    // What WhatsApp codes may cost (docs/decisions/0047-code-budgets-and-delivery.md): sends an hour to one destination prefix
    // (the first WHATSAPP_PREFIX_DIGITS digits of the E.164 number with Brazil's ninth digit: 7 is +55 11 98…), and in all.
    WHATSAPP_PREFIX_DIGITS: z.coerce.number().int().min(2).max(15).default(7),
    WHATSAPP_SENDS_PER_PREFIX_HOUR: z.coerce.number().int().min(1).default(60),
    WHATSAPP_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(3_000),
    // Booking messages: reminders before the appointment ("24h,2h"; m, h or d), the first retry's wait
    // (then 3x, 9x, 27x; 5 tries in all), the worker's poll interval, and 0 to not run it in this process.
    REMINDER_LEADS: z
      .string()
      .regex(/^\s*\d+[mhd](\s*,\s*\d+[mhd])*\s*$/, "like 24h,2h")
      .default("24h,2h"),
    MESSAGE_RETRY_BASE_MS: z.coerce.number().int().min(10).default(60_000),
    MESSAGE_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(2_000),
    MESSAGE_WORKER: z.enum(["0", "1"]).default("1"),
    /** How often the lists' kept days (shop_free_days) are brought up to date. */
    FREE_DAYS_INTERVAL_MS: z.coerce.number().int().min(1_000).default(30_000),
    /** How often each server asks which cached pages' data changed (decision 0023: a new review shows within 5 s). */
    PAGE_CACHE_POLL_MS: z.coerce.number().int().min(100).max(4_000).default(1_000),
    // Read by lib/edge/page-cache.ts itself (the proxy imports no server code); checked here at start.
    PAGE_CACHE: z.enum(["on", "off"]).default("on"),
    PAGE_CACHE_MB: z.coerce.number().positive().default(128),
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(1_000).default(900_000),
    // How long a worker holds the messages it took; a worker that died gives them back after it.
    MESSAGE_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
    UPLOAD_DIR: z.string().default("./public/uploads"),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: z.string().url().optional(),
    // /dev/outbox in a production build (e2e, demo): on with ENABLE_DEV_OUTBOX=1, and only for ?key=DEV_OUTBOX_KEY (16+ characters).
    ENABLE_DEV_OUTBOX: z.enum(["0", "1"]).default("0"),
    DEV_OUTBOX_KEY: z.string().optional(),
    // How many reverse proxies stand in front of the app, each appending to X-Forwarded-For (0: none).
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    // How far ahead a booking may start: a far-future date would hold a barber's time for nobody.
    // Shop onboarding (docs/decisions/0048-shop-onboarding.md): a ViaCEP-style CEP lookup (GET {url}/{cep}/json/), a
    // Nominatim-style geocoder (GET {url}/search?format=jsonv2&q=…; one request a second, a User-Agent that names the
    // site) and the map's tiles ({z}/{x}/{y}; the proxy's CSP allows its origin) with the attribution they require.
    CEP_LOOKUP_URL: z.string().url().default("https://viacep.com.br/ws"),
    GEOCODER_URL: z.string().url().default("https://nominatim.openstreetmap.org"),
    GEOCODER_USER_AGENT: z.string().min(8).default("Navalha/1.0 (+https://navalha.app; contato@navalha.app)"),
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/, "a URL with {z}, {x} and {y}")
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_TILE_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
    BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(730).default(90),
    // Web Push to the console (docs/decisions/0054-web-push.md): on with a VAPID key pair (base64url, as
    // `npx web-push generate-vapid-keys` prints it); the subject is the contact push services may write to.
    // A browser's endpoint must be https on a known push service (WEB_PUSH_HOSTS, "*." for any subdomain), or one
    // of WEB_PUSH_HTTP_ORIGINS (a local push service of tests and demos, on this machine's loopback only).
    WEB_PUSH_VAPID_PUBLIC_KEY: blankIsUnset(z.string().regex(/^[A-Za-z0-9_-]{87}$/, "a P-256 public key, base64url (87 characters)")),
    WEB_PUSH_VAPID_PRIVATE_KEY: blankIsUnset(z.string().regex(/^[A-Za-z0-9_-]{43}$/, "a P-256 private key, base64url (43 characters)")),
    WEB_PUSH_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:)/, "mailto: or https:")
      .default("mailto:contato@navalha.app"),
    WEB_PUSH_HOSTS: z.string().default("fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com"),
    WEB_PUSH_HTTP_ORIGINS: z.string().default(""),
  })
  .superRefine((e, ctx) => {
    if (Boolean(e.WEB_PUSH_VAPID_PUBLIC_KEY) !== Boolean(e.WEB_PUSH_VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: "custom", path: ["WEB_PUSH_VAPID_PRIVATE_KEY"], message: "set both VAPID keys, or neither (push off)" });
    }
    for (const origin of e.WEB_PUSH_HTTP_ORIGINS.split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(origin)) {
        ctx.addIssue({
          code: "custom",
          path: ["WEB_PUSH_HTTP_ORIGINS"],
          message: `${origin}: only a local push service (http://127.0.0.1:port) goes over http`,
        });
      }
    }
  });

// Secrets that were once written in this repository: whoever has read it could sign with them.
const PUBLISHED_SECRETS = new Set(["dev-only-secret-change-me-in-production-0123456789"]);

export type JwtSecret = { kid: string; secret: string };

/**
 * JWT_SECRET as a key ring: "secret" (kid "main") or "kid1:secret1,kid2:secret2" (the first signs).
 * Throws on a secret shorter than 32 characters or one published in the repository, so the server
 * refuses to start rather than sign with a guessable key.
 */
export function parseJwtSecrets(raw: string): JwtSecret[] {
  const items = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const ring = items.map((item) => {
    const m = /^([A-Za-z0-9_-]{1,32}):(.+)$/.exec(item);
    // A lone secret may hold a ":" itself: it is a kid:secret pair only when that leaves a full-length secret.
    const isPair = m !== null && (items.length > 1 || m[2].length >= 32);
    return isPair ? { kid: m[1], secret: m[2] } : { kid: "main", secret: item };
  });
  if (ring.length === 0) throw new Error("JWT_SECRET is empty");
  for (const { kid, secret } of ring) {
    if (secret.length < 32) throw new Error(`JWT_SECRET (kid ${kid}) must have at least 32 characters`);
    if (PUBLISHED_SECRETS.has(secret)) throw new Error(`JWT_SECRET (kid ${kid}) is published in the repository; generate a new one`);
  }
  if (new Set(ring.map((k) => k.kid)).size !== ring.length) throw new Error("JWT_SECRET has the same kid twice");
  return ring;
}

export type TEnv = z.infer<typeof ZEnv>;

let cached: TEnv | undefined;

export function env(): TEnv {
  if (!cached) {
    const parsed = ZEnv.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** The deployment's public address without a trailing slash, to which links in messages and files append a path. */
export function siteOrigin(): string {
  return env().PUBLIC_SITE_URL.replace(/\/$/, "");
}

/** Tests change the environment between files. */
export function resetEnvCache() {
  cached = undefined;
}

/**
 * What a production server must be told rather than guess, or null. Without PUBLIC_SITE_URL every link a
 * message or calendar file carries would name http://localhost:3000, which no client's phone opens; a
 * development server or a test may use that default. (server.mjs checks the same before it listens.)
 */
export function missingProductionSettings(vars: Record<string, string | undefined>): string | null {
  if (vars.NODE_ENV !== "production") return null;
  if (!vars.PUBLIC_SITE_URL?.trim()) {
    return "PUBLIC_SITE_URL is not set: in production it must be the site's public address (e.g. https://navalha.app), which the links in messages and calendar files use";
  }
  return null;
}

/**
 * At start-up: a bad setting, such as a weak JWT_SECRET, stops the process. (Next only logs an error
 * thrown by the instrumentation hook, then answers 500 to every request.)
 */
export function exitOnInvalidEnv() {
  try {
    env();
    const missing = missingProductionSettings(process.env);
    if (missing) throw new Error(missing);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
