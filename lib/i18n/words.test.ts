import { createInstance } from "i18next";
import { resources } from "./resources";
import { LANGUAGES } from "./settings";
import { type Catalogues, namespacedTranslator, translator } from "./words";

// The home and booking pages translate without i18next (lib/i18n/words.tsx): every key of the namespaces they use,
// in every language, with every count that picks a different form and values for its placeholders,
// must read exactly as i18next (which the server and the other pages use) gives it.
const NAMESPACES = ["search", "shop", "common", "booking", "errors"];

function leaves(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe("words: the home page's translations without i18next", () => {
  it("read as i18next's for every key, language and count", async () => {
    let compared = 0;
    for (const lng of LANGUAGES) {
      const i18n = createInstance();
      await i18n.init({ lng, resources, fallbackLng: false, interpolation: { escapeValue: false } });
      for (const ns of NAMESPACES) {
        const catalogue = (resources as unknown as Record<string, Catalogues>)[lng][ns];
        const t = translator(catalogue, lng);
        const keys = [...new Set(leaves(catalogue).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")))];
        for (const key of keys) {
          const raw = JSON.stringify(catalogue);
          const names = [...raw.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
          const values = Object.fromEntries(names.map((n) => [n, `<${n}>`]));
          for (const count of [undefined, 0, 1, 2, 5, 21]) {
            const options = count === undefined ? values : { ...values, count };
            expect([lng, ns, key, count, t(key, options)]).toEqual([lng, ns, key, count, i18n.t(key, { ns, ...options })]);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("reads another namespace's key after its name and a colon, as i18next does", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: "es", resources, fallbackLng: false, interpolation: { escapeValue: false } });
    const all = (resources as unknown as Record<string, Catalogues>).es;
    const t = namespacedTranslator({ booking: all.booking, common: all.common, errors: all.errors }, "booking", "es");
    for (const key of ["common:success.appointmentCreated", "errors:CREATE_APPOINTMENT_ERROR", "flow.missing"]) {
      expect(t(key)).toBe(i18n.t(key, { ns: "booking" }));
      expect(t(key)).not.toBe(key);
    }
    // A namespace not handed over is not one: the whole text is the key.
    expect(t("account:x")).toBe("account:x");
  });

  it("answers a missing key with the key, as i18next does", () => {
    expect(translator({ a: { b: "x" } }, "en")("a.c")).toBe("a.c");
    expect(translator({ a: { b: "x" } }, "en")("a")).toBe("a");
  });
});
