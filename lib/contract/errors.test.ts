import en from "@/locales/en/errors.json";
import es from "@/locales/es/errors.json";
import ptBR from "@/locales/pt-BR/errors.json";
import { buildOpenApi } from "./openapi";
import { ERROR_STATUS, type TErrorCode, ZErrorCode } from "./errors";

const codes = Object.keys(ERROR_STATUS) as TErrorCode[];

it("gives every code an error status and a message in each language", () => {
  for (const code of codes) {
    expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(ERROR_STATUS[code]).toBeLessThan(600);
    for (const catalogue of [en, es, ptBR] as Record<string, unknown>[]) expect(typeof catalogue[code]).toBe("string");
  }
});

it("refuses a code that is not in the map", () => {
  expect(ZErrorCode.safeParse("SLOT_TAKEN").success).toBe(true);
  expect(ZErrorCode.safeParse("SOMETHING_ELSE").success).toBe(false);
});

it("documents the codes as the enum of every error body in OpenAPI", () => {
  const doc = JSON.stringify(buildOpenApi());
  const enums = [...doc.matchAll(/"code":\{"type":"string","enum":(\[[^\]]*\])/g)].map((m) => JSON.parse(m[1]) as string[]);
  expect(enums.length).toBeGreaterThan(0);
  for (const listed of enums) expect([...listed].sort()).toEqual([...codes].sort());
});
