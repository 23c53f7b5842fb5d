/**
 * A catalogue's text for a key, as i18next would give it in a component test that stubs useT: nested keys
 * ("review.submit"), plural keys ("star" with a count reads "star_one" or "star_other") and {{values}};
 * a missing key reads as itself.
 */
export function catalogueText(catalogue: unknown, key: string, vars: Record<string, unknown> = {}): string {
  let node: unknown = catalogue;
  for (const part of key.split(".")) node = (node as Record<string, unknown>)?.[part];
  if (node === undefined && typeof vars.count === "number") return catalogueText(catalogue, `${key}_${vars.count === 1 ? "one" : "other"}`, vars);
  const text = typeof node === "string" ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));
}
