import "server-only";
import type { z } from "zod";
import { plainIssue } from "@/lib/contract/issues";
import { HOURS_RULES } from "@/lib/contract/shop-rules";
import type { Lang } from "@/lib/i18n/settings";
import { AppError } from "./errors";
import { hasTranslation, translate } from "./i18n";

type Issue = z.core.$ZodIssue;

function issueMessage(issue: Issue, lng: Lang): string {
  const t = (key: string, vars?: Record<string, unknown>) => translate(lng, "errors", `validation.${key}`, vars);
  // A schema's own message is a key of errors.json (e.g. PASSWORD_MISMATCH).
  if (issue.message && hasTranslation("errors", issue.message)) return translate(lng, "errors", issue.message);
  // As the forms say it (the same rule, lib/contract/issues.ts): an empty field is missing, whatever its rule, and
  // a phone is a valid number in the masked format or not ("11912345678" is not "too short").
  const plain = plainIssue(issue);
  if (plain === "required") return t("required");
  if (plain === "INVALID_PHONE") return translate(lng, "errors", "INVALID_PHONE");
  switch (issue.code) {
    case "invalid_type":
      // Left out, or given as another type: said in words ("Must be a number."), not zod's type name.
      if (issue.input === undefined || issue.input === null) return t("required");
      return hasTranslation("errors", `validation.invalid_type_${issue.expected}`) ? t(`invalid_type_${issue.expected}`) : t("invalid_value");
    case "too_small": {
      const kind = issue.origin === "string" ? "string" : issue.origin === "array" ? "array" : "number";
      // An id is positive: more than 0 (exclusive), which "at least 0" would get wrong.
      if (kind === "number" && issue.inclusive === false) return t("too_small_number_exclusive", { minimum: issue.minimum });
      return t(`too_small_${kind}`, { minimum: issue.minimum });
    }
    case "too_big": {
      const kind = issue.origin === "string" ? "string" : issue.origin === "array" ? "array" : "number";
      if (kind === "number" && issue.inclusive === false) return t("too_big_number_exclusive", { maximum: issue.maximum });
      return t(`too_big_${kind}`, { maximum: issue.maximum });
    }
    case "invalid_format":
      return issue.format === "email" ? t("invalid_email") : t("invalid_format");
    case "invalid_value":
    case "invalid_union":
      return t("invalid_value");
    case "unrecognized_keys":
      return t("unrecognized_keys");
    default:
      return t("invalid");
  }
}

export function zodToAppError(error: z.ZodError, lng: Lang): AppError {
  const details = error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issueMessage(issue, lng),
  }));
  // One field's checks that fail alike (a phone too short and not a phone) say it once.
  const said = new Set<string>();
  const unique = details.filter((d) => !said.has(`${d.path}\u0000${d.message}`) && said.add(`${d.path}\u0000${d.message}`));
  // A week's ranges that cannot be (lib/contract/shop-rules.ts) answer 422 HOURS_INVALID wherever they are sent.
  if (error.issues.every((i) => (HOURS_RULES as readonly string[]).includes(i.message))) return new AppError("HOURS_INVALID", { details: unique });
  // Spec rule: a mismatched confirmation is reported with its own message.
  const key = error.issues.some((i) => i.message === "PASSWORD_MISMATCH") ? "PASSWORD_MISMATCH" : "VALIDATION_FAILED";
  return new AppError("VALIDATION_FAILED", { details: unique, key });
}
