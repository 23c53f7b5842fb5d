import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, randomUUID } from "node:crypto";

// A local stand-in for the WhatsApp Cloud API (graph.facebook.com/vXX.X/<phone-number-id>/messages),
// speaking its HTTP: bearer token, JSON body, `{ messages: [{ id: "wamid..." }] }` on success and
// `{ error: { code, message } }` on failure. With `webhook`, it also posts the status callbacks
// ("sent", "delivered") to the app, signed like Meta's (X-Hub-Signature-256).

export type SentMessage = { id: string; to: string; body: Record<string, unknown> };

export type FakeCloudApi = {
  url: string;
  sent: SentMessage[];
  /** Numbers (digits) the API answers 131026 for: not on WhatsApp. */
  unreachable: Set<string>;
  /** The next n sends answer 503 (the provider's hiccup). */
  failNext: (n: number) => void;
  close: () => Promise<void>;
  /** Posts a webhook body to the app as Meta would, signed with the app secret. */
  postWebhook: (body: unknown) => Promise<Response>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  return raw;
}

export async function startFakeCloudApi(options: { token: string; phoneNumberId: string; webhook?: { url: string; appSecret: string }; latencyMs?: number }): Promise<FakeCloudApi> {
  const sent: SentMessage[] = [];
  const unreachable = new Set<string>();
  let failures = 0;
  const postWebhook = async (body: unknown) => {
    if (!options.webhook) throw new Error("no webhook configured");
    const raw = JSON.stringify(body);
    const signature = `sha256=${createHmac("sha256", options.webhook.appSecret).update(raw).digest("hex")}`;
    return fetch(options.webhook.url, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body: raw });
  };
  const server: Server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const m = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(req.url ?? "");
    if (req.method !== "POST" || !m) return answer(404, { error: { message: "Unknown path", code: 100 } });
    if (req.headers.authorization !== `Bearer ${options.token}`) return answer(401, { error: { message: "Invalid OAuth access token", type: "OAuthException", code: 190 } });
    if (decodeURIComponent(m[1]) !== options.phoneNumberId) return answer(400, { error: { message: "Unsupported post request", code: 100 } });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return answer(400, { error: { message: "Invalid JSON", code: 100 } });
    }
    const to = String(body.to ?? "");
    if (body.messaging_product !== "whatsapp" || !/^\d{8,15}$/.test(to)) return answer(400, { error: { message: "(#100) Invalid parameter", code: 100 } });
    if (body.type === "template") {
      const t = body.template as { name?: unknown; language?: { code?: unknown } } | undefined;
      if (typeof t?.name !== "string" || typeof t.language?.code !== "string") return answer(400, { error: { message: "(#132000) Template name or language missing", code: 132000 } });
    } else if (body.type !== "text") return answer(400, { error: { message: "(#100) Unsupported type", code: 100 } });
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    if (failures > 0) {
      failures--;
      return answer(503, { error: { message: "Service temporarily unavailable", code: 2 } });
    }
    if (unreachable.has(to)) return answer(400, { error: { message: "(#131026) Message undeliverable", code: 131026 } });
    const id = `wamid.${randomUUID().replace(/-/g, "")}`;
    sent.push({ id, to, body });
    answer(200, { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id }] });
    if (options.webhook) {
      const status = { id, status: "sent", timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: to, biz_opaque_callback_data: body.biz_opaque_callback_data };
      void postWebhook({ object: "whatsapp_business_account", entry: [{ id: "0", changes: [{ field: "messages", value: { messaging_product: "whatsapp", statuses: [status] } }] }] }).catch(() => {});
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    sent,
    unreachable,
    failNext: (n) => (failures = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    postWebhook,
  };
}

/** A webhook body as Meta sends it for a client's messages. */
export function inboundWebhook(messages: Record<string, unknown>[], statuses: Record<string, unknown>[] = []) {
  return { object: "whatsapp_business_account", entry: [{ id: "0", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { phone_number_id: "1" }, messages, statuses } }] }] };
}
