import fs from "node:fs";
import path from "node:path";
import { NAMESPACES } from "./settings";

// A Portuguese or Spanish page never shows a text left in English: every text of their catalogues that reads the
// same as the English one is a name, a brand or a word the language shares (below), else it was not translated.
const root = path.join(process.cwd(), "locales");

/** Words written the same in the three languages. */
const SHARED = new Set([
  "Total",
  "Subtotal",
  "WhatsApp",
  "E-mail",
  "e-mail",
  "Wi-Fi",
  "Pix",
  "iOS",
  "Android",
  "Agenda",
  "TV",
  "Instagram",
  "Combo",
  "São Paulo",
  "Rio de Janeiro",
  "Belo Horizonte",
]);
/** Also the same in Portuguese: what Brazilian shops write (the amenity the shops' app offers by that name). */
const SHARED_PT = new Set(["Pet friendly"]);
/** Also the same in Spanish. */
const SHARED_ES = new Set(["No", "Error"]);

function texts(value: unknown, prefix = ""): [string, string][] {
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
  return typeof value === "string" ? [[prefix, value]] : [];
}
const catalogue = (lng: string, ns: string) => new Map(texts(JSON.parse(fs.readFileSync(path.join(root, lng, `${ns}.json`), "utf8"))));

/** Whether a text has words to read: not only {{values}}, addresses, units (min, R$), numbers and punctuation. */
const hasWords = (text: string) =>
  /\p{L}/u.test(
    text
      .replace(/\{\{[^}]+\}\}/g, " ")
      .replace(/\S+@\S+/g, " ")
      .replace(/\bmin\b|R\$/g, " "),
  );

/** The keys of `mine` whose text is the English one and no shared word. */
export function untranslated(lng: "pt-BR" | "es", ns: string, en = catalogue("en", ns), mine = catalogue(lng, ns)): string[] {
  const left: string[] = [];
  for (const [key, text] of mine) {
    if (en.get(key) !== text || !hasWords(text)) continue;
    const shared = (part: string) => SHARED.has(part) || (lng === "es" ? SHARED_ES : SHARED_PT).has(part);
    if (text.split(" · ").every(shared)) continue;
    left.push(`${ns}:${key} = ${JSON.stringify(text)}`);
  }
  return left;
}

describe.each(["pt-BR", "es"] as const)("the %s catalogues", (lng) => {
  it.each([...NAMESPACES])("leave nothing of %s in English", (ns) => {
    expect(untranslated(lng, ns)).toEqual([]);
  });
});

it("catches a text left in English, and only that", () => {
  const en = new Map([
    ["close", "Close toast"],
    ["amenity", "Pet friendly"],
    ["greeting", "Hello"],
    ["total", "Total"],
    ["rating", "{{rating}} ({{count}})"],
    ["phone", "+55 11 4000-1234"],
    ["no", "No"],
  ]);
  const mine = new Map([...en, ["close", "Fechar aviso"]]);
  expect(untranslated("pt-BR", "x", en, mine)).toEqual(['x:greeting = "Hello"', 'x:no = "No"']);
  expect(untranslated("es", "x", en, mine)).toEqual(['x:amenity = "Pet friendly"', 'x:greeting = "Hello"']);
});
