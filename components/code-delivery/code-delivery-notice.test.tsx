import en from "@/locales/en/code-delivery.json";
import es from "@/locales/es/code-delivery.json";
import pt from "@/locales/pt-BR/code-delivery.json";
import { namespacedTranslator } from "@/lib/i18n/words";
import { codeDeliveryText } from "./code-delivery-notice";
import { CODE_DELIVERY_KEYS } from "./keys";

const tOf = (lng: string, catalogue: object) => namespacedTranslator({ "code-delivery": catalogue as Record<string, unknown> }, "code-delivery", lng);
const t = tOf("pt-BR", pt);

it("says nothing while the code is on its way, and that it arrived once delivered", () => {
  expect(codeDeliveryText(undefined, t, "number")).toBeNull();
  expect(codeDeliveryText({ state: "queued", reason: null, fallback: null }, t, "number")).toBeNull();
  expect(codeDeliveryText({ state: "sent", reason: null, fallback: null }, t, "number")).toBeNull();
  expect(codeDeliveryText({ state: "delivered", reason: null, fallback: null }, t, "number")).toEqual({ text: "O código chegou ao seu WhatsApp.", tone: "ok" });
});

it("names the e-mail that took over, in each language", () => {
  const failed = { state: "failed", reason: "window_closed", fallback: { channel: "email", to: "j***@example.com", state: "sent" } } as const;
  expect(codeDeliveryText(failed, t, "email")?.text).toBe("O WhatsApp não conseguiu entregar o código; enviamos por e-mail para j***@example.com.");
  expect(codeDeliveryText(failed, tOf("en", en), "email")?.text).toBe("WhatsApp could not deliver the code; we sent it by e-mail to j***@example.com.");
  expect(codeDeliveryText(failed, tOf("es", es), "email")?.text).toBe("WhatsApp no pudo entregar el código; lo enviamos por e-mail a j***@example.com.");
  expect(codeDeliveryText({ ...failed, fallback: { ...failed.fallback, state: "failed" } }, t, "email")?.text).toMatch(/também não chegou/);
});

it("without an e-mail, says why and what to do: check the number, or ask by e-mail where that is possible", () => {
  const notOn = { state: "failed", reason: "not_on_whatsapp", fallback: null } as const;
  expect(codeDeliveryText(notOn, t, "number")).toEqual({ text: pt.notOnWhatsapp.number, tone: "warn" });
  expect(codeDeliveryText(notOn, t, "email")?.text).toBe(pt.notOnWhatsapp.email);
  expect(codeDeliveryText({ state: "failed", reason: "stopped", fallback: null }, t, "number")?.text).toBe(pt.stopped.number);
  expect(codeDeliveryText({ state: "failed", reason: "other", fallback: null }, t, "number")?.text).toBe(pt.failed.number);
});

it("lists every text of the catalogue for the pages that pick texts", () => {
  const flat = (o: object, p = ""): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === "object" ? flat(v, `${p}${k}.`) : [`${p}${k}`]));
  expect([...CODE_DELIVERY_KEYS].sort()).toEqual(flat(pt).sort());
});
