import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// A local stand-in for the WhatsApp Cloud API (graph.facebook.com/vXX.X/<phone-number-id>/messages),
// speaking its HTTP and keeping its rules, so that what would fail against Meta fails here:
// - bearer token, JSON body, `{ contacts: [{ input, wa_id }], messages: [{ id }] }` on success and
//   `{ error: { code, message } }` on failure;
// - a template must be one declared in docs/whatsapp-templates.md (name, language, body parameter count,
//   buttons: quick replies with payloads, or an authentication template's copy-code "url" button with the code);
// - a free-form text reaches only a number whose 24-hour customer-service window is open (opened by an
//   inbound message: `inbound`); outside it the send is accepted and a `failed` status (131047) follows;
// - a number can fail at once (131026) or later, as a `failed` status posted to the webhook;
// - the WhatsApp ID of a Brazilian mobile older than the ninth digit lacks it (`wa_id`, `from`, `recipient_id`);
// - webhook bodies are signed as Meta signs them: the HMAC of the escaped-unicode form (\uXXXX), while the
//   body itself may carry literal UTF-8 or the escaped form.

export type SentMessage = { id: string; to: string; waId: string; body: Record<string, unknown> };

export type DeclaredTemplate = {
  name: string;
  category: "UTILITY" | "AUTHENTICATION" | "MARKETING";
  languages: string[];
  parameters: number;
  quickReplies: number;
  copyCode: boolean;
};

export type FakeCloudApi = {
  url: string;
  sent: SentMessage[];
  /** Numbers (digits) the API answers 131026 for at once: not on WhatsApp. */
  unreachable: Set<string>;
  /** Numbers (digits) whose sends are accepted and then fail with this code, as a webhook `failed` status. */
  failLater: Map<string, number>;
  /** The next n sends answer 503 (the provider's hiccup). */
  failNext: (n: number) => void;
  /** What the fake refused, with Meta's code: the test sees why a send did not go. */
  refused: { to: string; code: number; message: string }[];
  /** The WhatsApp ID of a number: for Brazilian mobiles of DDD 31 and up, without the ninth digit. */
  waIdOf: (digits: string) => string;
  /** The person writes to the shop's number: their window opens and, with a webhook, the message is posted. */
  inbound: (fromDigits: string, message?: Record<string, unknown>, at?: Date) => Promise<Response | null>;
  /** Posts a status of a sent message to the app, as Meta does (delivered, read, failed with a code). */
  postStatus: (id: string, status: "sent" | "delivered" | "read" | "failed", errorCode?: number) => Promise<Response>;
  /** Waits until the webhook posts the fake made on its own have been answered. */
  settle: () => Promise<void>;
  close: () => Promise<void>;
  /** Posts a webhook body to the app as Meta would, signed with the app secret over its escaped-unicode form. */
  postWebhook: (body: unknown, form?: "literal" | "escaped") => Promise<Response>;
};

const DOC = join(__dirname, "..", "..", "docs", "whatsapp-templates.md");

/** The "Declared templates" table of docs/whatsapp-templates.md. */
export function declaredTemplates(markdown = readFileSync(DOC, "utf8")): Map<string, DeclaredTemplate> {
  const out = new Map<string, DeclaredTemplate>();
  for (const line of markdown.split("\n")) {
    const m = /^\|\s*(navalha_\w+)\s*\|\s*(UTILITY|AUTHENTICATION|MARKETING)\s*\|\s*([^|]+)\|\s*(\d+)\s*\|\s*([^|]+)\|/.exec(line);
    if (!m) continue;
    const buttons = m[5].trim();
    const quick = /quick_reply ×(\d+)/.exec(buttons);
    out.set(m[1], {
      name: m[1],
      category: m[2] as DeclaredTemplate["category"],
      languages: m[3].split(",").map((s) => s.trim()),
      parameters: Number(m[4]),
      quickReplies: quick ? Number(quick[1]) : 0,
      copyCode: buttons === "copy_code",
    });
  }
  return out;
}

/** Meta's signing form: every character past ASCII as \uXXXX. */
export const escapeUnicode = (raw: string) => raw.replace(/[^\0-~]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** Both WhatsApp forms of a Brazilian mobile: with and without the ninth digit (one form for other numbers). */
export function ninthDigitForms(digits: string): string[] {
  const with9 = /^55(\d{2})9([6-9]\d{7})$/.exec(digits);
  if (with9) return [digits, `55${with9[1]}${with9[2]}`];
  const without9 = /^55(\d{2})([6-9]\d{7})$/.exec(digits);
  if (without9) return [`55${without9[1]}9${without9[2]}`, digits];
  return [digits];
}

/** A template send checked against its declaration; answers Meta's error, or null when it would go. */
function checkTemplate(t: Record<string, unknown> | undefined, declared: Map<string, DeclaredTemplate>): { code: number; message: string } | null {
  const name = typeof t?.name === "string" ? t.name : undefined;
  const language = (t?.language as { code?: unknown } | undefined)?.code;
  if (!name || typeof language !== "string") return { code: 132000, message: "(#132000) Template name or language missing" };
  const d = declared.get(name);
  if (!d || !d.languages.includes(language))
    return { code: 132001, message: `(#132001) Template name does not exist in the translation: ${name} (${language})` };
  const components = Array.isArray(t!.components) ? (t!.components as Record<string, unknown>[]) : [];
  const body = components.filter((c) => c.type === "body");
  const params = body.length === 1 && Array.isArray(body[0].parameters) ? (body[0].parameters as Record<string, unknown>[]) : [];
  if (params.length !== d.parameters || params.some((p) => p.type !== "text" || typeof p.text !== "string" || p.text === "")) {
    return { code: 132000, message: `(#132000) Number of parameters does not match the expected number of params: ${name} takes ${d.parameters}` };
  }
  const buttons = components.filter((c) => c.type === "button");
  const quick = buttons.filter((b) => b.sub_type === "quick_reply");
  const urls = buttons.filter((b) => b.sub_type === "url");
  if (
    quick.length !== d.quickReplies ||
    quick.some((b, i) => b.index !== String(i) || !(b.parameters as { type?: string; payload?: string }[] | undefined)?.[0]?.payload)
  ) {
    return { code: 131008, message: `(#131008) Required parameter is missing: ${name} has ${d.quickReplies} quick-reply buttons` };
  }
  if (d.copyCode) {
    const code = (urls[0]?.parameters as { text?: string }[] | undefined)?.[0]?.text;
    if (urls.length !== 1 || urls[0].index !== "0" || !code || code !== params[0].text) {
      return {
        code: 131008,
        message: "(#131008) Required parameter is missing: an authentication template's copy-code button (url, index 0) carries the code",
      };
    }
  } else if (urls.length > 0) return { code: 132000, message: `(#132000) ${name} has no url button` };
  if (d.category !== "AUTHENTICATION" && /^\d{4,8}$/.test(String(params[0]?.text ?? "")) && params.length === 1) {
    return { code: 132000, message: "(#132000) A one-time code must go in an authentication template" };
  }
  return null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  return raw;
}

const WINDOW_MS = 24 * 60 * 60 * 1000;

export async function startFakeCloudApi(options: {
  token: string;
  phoneNumberId: string;
  webhook?: { url: string; appSecret: string };
  latencyMs?: number;
  /** Numbers (digits, with the ninth digit) whose WhatsApp ID keeps it; by default DDD 11–28 keep it, 31 and up lose it. */
  keepsNinthDigit?: (digits: string) => boolean;
  now?: () => Date;
}): Promise<FakeCloudApi> {
  const declared = declaredTemplates();
  const sent: SentMessage[] = [];
  const refused: FakeCloudApi["refused"] = [];
  const unreachable = new Set<string>();
  const failLater = new Map<string, number>();
  // The last inbound message per number (its ninth-digit form).
  const lastInbound = new Map<string, number>();
  const posting = new Set<Promise<unknown>>();
  const clock = () => (options.now ?? (() => new Date()))().getTime();
  let failures = 0;
  const keeps = options.keepsNinthDigit ?? ((d: string) => Number(d.slice(2, 4)) < 31);
  const waIdOf = (digits: string) => {
    const forms = ninthDigitForms(digits);
    return forms.length === 2 && !keeps(forms[0]) ? forms[1] : forms[0];
  };

  const postWebhook = async (body: unknown, form: "literal" | "escaped" = "literal") => {
    if (!options.webhook) throw new Error("no webhook configured");
    const literal = JSON.stringify(body);
    const escaped = escapeUnicode(literal);
    const signature = `sha256=${createHmac("sha256", options.webhook.appSecret).update(escaped).digest("hex")}`;
    return fetch(options.webhook.url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body: form === "literal" ? literal : escaped,
    });
  };
  const later = (p: Promise<unknown>) => {
    const held = p.catch(() => {}).finally(() => posting.delete(held));
    posting.add(held);
  };
  const statusBody = (s: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "0",
        changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { phone_number_id: options.phoneNumberId }, statuses: [s] } }],
      },
    ],
  });
  const ERRORS: Record<number, string> = { 131026: "Message undeliverable", 131047: "Re-engagement message", 131050: "User has stopped marketing messages" };
  const postStatus = (id: string, status: "sent" | "delivered" | "read" | "failed", errorCode?: number) => {
    const message = sent.find((m) => m.id === id);
    const s: Record<string, unknown> = {
      id,
      status,
      timestamp: String(Math.floor(clock() / 1000)),
      recipient_id: message?.waId ?? "",
      biz_opaque_callback_data: message?.body.biz_opaque_callback_data,
    };
    if (status === "failed") s.errors = [{ code: errorCode ?? 131000, title: ERRORS[errorCode ?? 0] ?? "Something went wrong" }];
    return postWebhook(statusBody(s));
  };

  const server: Server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const refuse = (to: string, status: number, code: number, message: string) => {
      refused.push({ to, code, message });
      return answer(status, { error: { message, type: "OAuthException", code } });
    };
    const m = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(req.url ?? "");
    if (req.method !== "POST" || !m) return answer(404, { error: { message: "Unknown path", code: 100 } });
    if (req.headers.authorization !== `Bearer ${options.token}`)
      return answer(401, { error: { message: "Invalid OAuth access token", type: "OAuthException", code: 190 } });
    if (decodeURIComponent(m[1]) !== options.phoneNumberId) return answer(400, { error: { message: "Unsupported post request", code: 100 } });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return answer(400, { error: { message: "Invalid JSON", code: 100 } });
    }
    const to = String(body.to ?? "");
    if (body.messaging_product !== "whatsapp" || !/^\d{8,15}$/.test(to)) return refuse(to, 400, 100, "(#100) Invalid parameter");
    if (body.type === "template") {
      const problem = checkTemplate(body.template as Record<string, unknown> | undefined, declared);
      if (problem) return refuse(to, 400, problem.code, problem.message);
    } else if (body.type === "text") {
      const text = (body.text as { body?: unknown } | undefined)?.body;
      if (typeof text !== "string" || !text) return refuse(to, 400, 100, "(#100) The parameter text['body'] is required");
    } else return refuse(to, 400, 100, "(#100) Unsupported type");
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    if (failures > 0) {
      failures--;
      return answer(503, { error: { message: "Service temporarily unavailable", code: 2 } });
    }
    if (unreachable.has(to)) return refuse(to, 400, 131026, "(#131026) Message undeliverable");
    const id = `wamid.${randomUUID().replace(/-/g, "")}`;
    const waId = waIdOf(to);
    sent.push({ id, to, waId, body });
    answer(200, { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: waId }], messages: [{ id }] });
    // What Meta tells later: a text outside the window fails with 131047; a number set to fail, with its code.
    const opened = lastInbound.get(ninthDigitForms(to)[0]);
    const closed = body.type === "text" && !(opened !== undefined && clock() - opened < WINDOW_MS);
    const failure = closed ? 131047 : failLater.get(to);
    if (options.webhook) later(failure ? postStatus(id, "failed", failure) : postStatus(id, "sent"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    sent,
    unreachable,
    failLater,
    refused,
    failNext: (n) => (failures = n),
    waIdOf,
    inbound: async (fromDigits, message, at) => {
      lastInbound.set(ninthDigitForms(fromDigits)[0], (at ?? new Date(clock())).getTime());
      if (!options.webhook) return null;
      const from = waIdOf(ninthDigitForms(fromDigits)[0]);
      const msg = {
        from,
        id: `wamid.${randomUUID().replace(/-/g, "")}`,
        timestamp: String(Math.floor(clock() / 1000)),
        type: "text",
        text: { body: "Oi" },
        ...message,
      };
      return postWebhook(inboundWebhook([msg], [], { wa_id: from }));
    },
    postStatus,
    settle: async () => {
      while (posting.size > 0) await Promise.all([...posting]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    postWebhook,
  };
}

/** A webhook body as Meta sends it for a client's messages. */
export function inboundWebhook(messages: Record<string, unknown>[], statuses: Record<string, unknown>[] = [], contact?: { wa_id: string }) {
  const contacts = contact ? { contacts: [{ profile: { name: "" }, wa_id: contact.wa_id }] } : {};
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "0",
        changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { phone_number_id: "1" }, ...contacts, messages, statuses } }],
      },
    ],
  };
}
