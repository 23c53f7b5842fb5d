// The transports behind the outbox and the photo storage, against small local stand-ins:
// the WhatsApp Cloud API (HTTP + bearer token) and an S3-compatible bucket (path-style PUT).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { POST as uploadAvatar } from "@/app/v3/update-profile-image/client/route";
import { POST as sendWhatsapp } from "@/app/v3/send-whatsapp/route";
import type { Db } from "@/lib/server/db/client";
import { outbox } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { resetEnvCache } from "@/lib/server/env";
import { REDACTED, isOutboxPageEnabled } from "@/lib/server/notifications/outbox";
import { requestWhatsappCode } from "@/lib/server/auth/recovery";
import { settleAfterResponse } from "@/lib/server/http/after-response";
import { call, makeAccount, randomIp } from "@/tests/factories/account";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: Buffer };
let server: Server;
let seen: Seen[] = [];
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url!.includes("/messages")) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ messages: [{ id: "wamid.1" }] }));
      } else {
        res.writeHead(200, { etag: '"abc"' }).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const k of [
    "WHATSAPP_TOKEN",
    "WHATSAPP_PHONE_NUMBER_ID",
    "WHATSAPP_API_URL",
    "S3_BUCKET",
    "S3_ENDPOINT",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "S3_PUBLIC_URL",
    "ENABLE_DEV_OUTBOX",
    "DEV_OUTBOX_KEY",
  ])
    delete process.env[k];
  resetEnvCache();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
});

it("sends the WhatsApp code through the Cloud API and keeps no copy of it", async () => {
  Object.assign(process.env, { WHATSAPP_TOKEN: "wa-token", WHATSAPP_PHONE_NUMBER_ID: "12345", WHATSAPP_API_URL: base });
  resetEnvCache();
  const { phone } = await makeAccount(db());
  await requestWhatsappCode(db(), phone.masked, randomIp(), "pt-BR");
  expect(seen).toHaveLength(0); // sent after the answer
  await settleAfterResponse();
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ method: "POST", url: "/12345/messages" });
  expect(seen[0].headers.authorization).toBe("Bearer wa-token");
  const sent = JSON.parse(seen[0].body.toString());
  // A code goes in the authentication template: the body's {{1}} and the copy-code button, never as a text.
  expect(sent).toMatchObject({
    messaging_product: "whatsapp",
    to: phone.e164.slice(1),
    type: "template",
    template: { name: "navalha_verification_code", language: { code: "pt_BR" } },
  });
  const [body, button] = sent.template.components;
  expect(body.parameters[0].text).toMatch(/^\d{6}$/);
  expect(button).toEqual({ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: body.parameters[0].text }] });
  const [row] = await db().select().from(outbox).where(eq(outbox.recipient, phone.e164)).orderBy(desc(outbox.id)).limit(1);
  expect(row.status).toBe("sent");
  expect(row.body).toBe(REDACTED);
  // The route answers 202 before the message goes out.
  const res = await sendWhatsapp(call("/v3/send-whatsapp", { ip: randomIp(), body: { phone: "(31) 99999-0000" } }));
  expect(res.status).toBe(202);
  await settleAfterResponse();
});

it("stores the photo in an S3-compatible bucket when S3_BUCKET is set", async () => {
  Object.assign(process.env, {
    S3_BUCKET: "avatars-bucket",
    S3_ENDPOINT: base,
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
    S3_PUBLIC_URL: "https://cdn.example.com",
  });
  resetEnvCache();
  const { token } = await makeAccount(db());
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#e5b817" } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "p.png");
  const res = await uploadAvatar(call("/v3/update-profile-image/client", { token, body: fd }));
  expect(res.status).toBe(200);
  const { avatar_url } = await res.json();
  expect(avatar_url).toMatch(/^https:\/\/cdn\.example\.com\/avatars\/[A-Za-z0-9_-]+\.webp$/);
  const put = seen.find((s) => s.method === "PUT");
  expect(put?.url.split("?")[0]).toBe(`/avatars-bucket/avatars/${avatar_url.split("/").pop()}`);
  expect(put?.headers["content-type"]).toBe("image/webp");
  expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=key\//);
});

it("/dev/outbox reads its switch and key from the environment", () => {
  const env = process.env as Record<string, string | undefined>;
  const key = "test-outbox-key-0123456789";
  env.NODE_ENV = "production";
  resetEnvCache();
  expect(isOutboxPageEnabled(undefined)).toBe(false);
  env.ENABLE_DEV_OUTBOX = "1";
  resetEnvCache();
  expect(isOutboxPageEnabled(undefined)).toBe(false);
  env.DEV_OUTBOX_KEY = key;
  resetEnvCache();
  expect(isOutboxPageEnabled("wrong")).toBe(false);
  expect(isOutboxPageEnabled(key)).toBe(true);
  env.NODE_ENV = "test";
  delete env.ENABLE_DEV_OUTBOX;
  delete env.DEV_OUTBOX_KEY;
  resetEnvCache();
  expect(isOutboxPageEnabled(undefined)).toBe(true);
});
