// Turns zod issues into keys of the `account` namespace, so that the forms show each rule in the
// user's language. The key travels as the issue's message: "too_small_string|6".

import { plainIssue } from "@/lib/contract/issues";

type Issue = { code: string; message?: string; minimum?: unknown; maximum?: unknown; origin?: string; format?: string; input?: unknown; path?: PropertyKey[] };

/** Schema messages that are already keys (refine messages) are kept as they are. */
const OWN_KEYS = new Set(["PASSWORD_MISMATCH", "INVALID_PHONE", "UNSAFE_CHARACTERS", "INVALID_NAME"]);

/** The per-parse error map given to zodResolver: never a human text, always a key. */
export function issueToKey(issue: Issue): string {
  // An empty field is missing, whatever its rule; a phone is a valid number or not (lib/contract/issues.ts).
  const plain = plainIssue(issue);
  if (plain) return plain;
  switch (issue.code) {
    case "invalid_type":
      return "required";
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) <= 1) return "required";
      return issue.origin === "string" ? `too_small_string|${issue.minimum}` : "invalid_value";
    case "too_big":
      return issue.origin === "string" ? `too_big_string|${issue.maximum}` : "invalid_value";
    case "invalid_format":
      return issue.format === "email" ? "invalid_email" : "invalid_format";
    case "invalid_value":
    case "invalid_union":
      return "invalid_value";
    default:
      return "invalid";
  }
}

/** The text of a field error, translated with the `account` namespace's t. */
export function fieldErrorText(t: (key: string, vars?: Record<string, unknown>) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (OWN_KEYS.has(message)) return t(`validation.${message}`);
  const [key, n] = message.split("|");
  if (n !== undefined) return t(`validation.${key}`, key.startsWith("too_small") ? { minimum: n } : { maximum: n });
  return t(`validation.${key}`, { defaultValue: t("validation.invalid") });
}

export const resolverOptions = { error: (issue: Issue) => issueToKey(issue) };
