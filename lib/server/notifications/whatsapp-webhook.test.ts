import { isOptOut, isValidSignature, parseWebhook, signBody } from "./whatsapp-webhook";

const SECRET = "app-secret";
const body = (value: Record<string, unknown>) => ({ object: "whatsapp_business_account", entry: [{ id: "1", changes: [{ field: "messages", value }] }] });

describe("the WhatsApp webhook's signature", () => {
  const raw = JSON.stringify(body({}));
  it("accepts the HMAC-SHA256 of the raw body under the app secret", () => {
    expect(isValidSignature(raw, signBody(raw, SECRET), SECRET)).toBe(true);
  });
  it.each([
    ["no header", null],
    ["another secret", signBody(raw, "other")],
    ["another body", signBody(`${raw} `, SECRET)],
    ["no sha256= prefix", signBody(raw, SECRET).slice(7)],
    ["a short digest", "sha256=abcd"],
  ])("refuses %s", (_name, header) => {
    expect(isValidSignature(raw, header, SECRET)).toBe(false);
  });
  it("refuses everything when no app secret is configured", () => {
    expect(isValidSignature(raw, signBody(raw, SECRET), undefined)).toBe(false);
  });
});

describe("parseWebhook", () => {
  it("reads quick replies, interactive replies, texts, other messages and statuses, and nothing else", () => {
    const events = parseWebhook(
      body({
        messages: [
          { from: "5511999990000", type: "button", context: { id: "wamid.A" }, button: { payload: "confirm:7", text: "Confirmar" } },
          {
            from: "5511999990000",
            type: "interactive",
            context: { id: "wamid.B" },
            interactive: { type: "button_reply", button_reply: { id: "cancel:7", title: "Cancelar" } },
          },
          { from: "5511999990000", type: "text", text: { body: "PARAR" } },
          { from: "5511999990000", type: "image", image: { id: "x" } },
          { type: "text", text: { body: "no sender" } },
        ],
        statuses: [
          { id: "wamid.A", status: "delivered", biz_opaque_callback_data: "outbox:3" },
          { id: "wamid.C", status: "failed", errors: [{ code: 131026, title: "Message undeliverable" }] },
          { id: "wamid.D", status: "warning" },
        ],
      }),
    );
    expect(events).toEqual([
      { type: "reply", id: undefined, from: "5511999990000", contextId: "wamid.A", payload: "confirm:7" },
      { type: "reply", id: undefined, from: "5511999990000", contextId: "wamid.B", payload: "cancel:7" },
      { type: "text", id: undefined, from: "5511999990000", text: "PARAR" },
      // An image changes nothing but opens the person's 24-hour window.
      { type: "inbound", id: undefined, from: "5511999990000" },
      { type: "status", id: "wamid.A", status: "delivered", callbackData: "outbox:3", error: undefined },
      { type: "status", id: "wamid.C", status: "failed", callbackData: undefined, error: "131026 Message undeliverable" },
    ]);
  });
  it.each([null, "text", [], { object: "page", entry: [] }, { object: "whatsapp_business_account", entry: "x" }])("gives no event for %p", (payload) => {
    expect(parseWebhook(payload)).toEqual([]);
  });
});

describe("isOptOut", () => {
  it.each(["PARAR", " parar ", "Pare", "STOP", "stop!", "Sair", "BAJA", "unsubscribe"])("%p opts out", (text) => expect(isOptOut(text)).toBe(true));
  it.each(["Parar de cortar o cabelo?", "confirmar", "obrigado", ""])("%p does not", (text) => expect(isOptOut(text)).toBe(false));
});
