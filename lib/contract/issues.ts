/**
 * What a failed check means to the person who typed the value, before the check's own words: an empty field is
 * missing, whatever its rule ("required", not "at least 14 characters"), and a phone's length or characters mean
 * only that it is not a valid phone ("INVALID_PHONE": "11912345678" is not "too short"). Null: say the check
 * itself. One rule for the forms (components/account/form-errors.ts) and the API's messages
 * (lib/server/http/validation.ts), which the layer map keeps apart.
 */
export function plainIssue(issue: { code: string; input?: unknown; path?: readonly PropertyKey[] }): "required" | "INVALID_PHONE" | null {
  if (issue.code !== "too_small" && issue.code !== "too_big" && issue.code !== "invalid_format") return null;
  if (typeof issue.input === "string" && issue.input.trim() === "") return "required";
  if (issue.path?.at(-1) === "phone") return "INVALID_PHONE";
  return null;
}
