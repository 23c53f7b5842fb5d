import { z } from "zod";
import { ZErrorCode } from "./errors";
import { type MetadataJson, parsePhoneNumberFromString } from "libphonenumber-js/core";
import brazilMetadata from "./phone-metadata-br.json";

// Shapes shared by every feature. Field names are snake_case, as on the wire.
export const ZId = z.coerce.number().int().positive().max(2_147_483_647);
export const ZMoney = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .meta({ example: "45.00" });
export const ZDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "invalid_format");
export const ZHour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const ZLatitude = z.coerce.number().min(-90).max(90);
export const ZLongitude = z.coerce.number().min(-180).max(180);
export const ZSkip = z.coerce.number().int().min(0).max(1_000_000).default(0);
export const ZLimit = z.coerce.number().int().min(1).max(100).default(20);

export const ZErrorBody = z.object({
  error: z.string(),
  code: ZErrorCode,
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With 428 PHONE_VERIFICATION_REQUIRED: the code's delivery, to follow at GET /code-delivery/{delivery_id}. */
  delivery_id: z.string().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), skip: z.number().int(), limit: z.number().int() });
}

// Text that other people see (names, reviews, notes, addresses) must show what it says. Zero-width
// characters are removed (they hide in names and split words); bidirectional controls and control
// characters are refused, since they can turn "moc.evil" into "live.com" on the page or corrupt logs.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;
/** The validation message (a key of errors.json and of the account forms) of refused characters. */
export const UNSAFE_CHARACTERS = "UNSAFE_CHARACTERS";

/** NFC, without zero-width characters, line breaks as "\n". */
export function cleanFreeText(s: string): string {
  return s.normalize("NFC").replace(ZERO_WIDTH, "").replace(/\r\n?/g, "\n");
}

export function isSafeFreeText(s: string, multiline = false): boolean {
  return !BIDI_CONTROLS.test(s) && !(multiline ? CONTROLS_BUT_NEWLINE : CONTROLS).test(s);
}

/** Every free-text field shown to others starts here; chain .min()/.max() after it. Trimmed. */
export function ZFreeText({ multiline = false }: { multiline?: boolean } = {}) {
  return z
    .string()
    .overwrite(cleanFreeText)
    .refine((s) => isSafeFreeText(s, multiline), UNSAFE_CHARACTERS)
    .trim();
}

// A person's name (an account's, a guest's) is shown to the shop and read aloud at the counter: it must be seen.
// Letters that draw nothing (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, which are "letters" to Unicode),
// the blank Braille pattern U+2800, tag characters (U+E0000–U+E007F) and every other default-ignorable code point
// are refused; variation selectors (an emoji's text or colour form) are dropped; and a name holds a letter.
const VARIATION_SELECTORS = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
const BLANK_IN_NAMES = /[\p{Default_Ignorable_Code_Point}\u2800]/u;
/** The validation message (a key of errors.json and of the account forms) of a name that shows no letter. */
export const INVALID_NAME = "INVALID_NAME";

export function isVisibleName(s: string): boolean {
  return !BLANK_IN_NAMES.test(s) && /\p{L}/u.test(s);
}

/** A person's name: free text of 3 to 120 characters that shows letters (see above). */
export function ZPersonName() {
  return (
    ZFreeText()
      .overwrite((s) => s.replace(VARIATION_SELECTORS, "").trim())
      .min(3)
      .max(120)
      // Text-direction and control characters (also default-ignorable) already have their own message.
      .refine((s) => !isSafeFreeText(s) || isVisibleName(s), INVALID_NAME)
  );
}

// Brazil's numbering plan in full (scripts/generate-phone-metadata.ts), so validation knows real prefixes.
const brazil = brazilMetadata as MetadataJson;

/** Brazilian phone as typed, e.g. "(11) 91234-5678"; the server stores it as E.164. */
export const ZPhoneBr = z
  .string()
  .trim()
  .min(14)
  .max(20)
  .regex(/^[\d\s()+-]+$/);

/** The number in E.164 ("+5511912345678") when it is a valid Brazilian phone, masked or not; else null. */
export function phoneToE164(input: string): string | null {
  const phone = parsePhoneNumberFromString(input, "BR", brazil);
  return phone?.country === "BR" && phone.isValid() ? phone.number : null;
}

/** A Brazilian mobile in E.164: the area code, then nine digits from 9 ("+5511912345678"); a landline has eight. */
export function isMobileBr(e164: string | null): boolean {
  return e164 !== null && /^\+55\d{2}9\d{8}$/.test(e164);
}

/** WhatsApp's chat with an E.164 number ("+5511968594404" → https://wa.me/5511968594404), its first line `text`. */
export function whatsappChat(e164: string, text?: string): string {
  return `https://wa.me/${e164.replace(/\D/g, "")}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

/** "+5511912345678" → "(11) 91234-5678", the mask the pages show (anything unparsable as it came). */
export function formatPhoneBr(e164: string | null | undefined): string {
  if (!e164) return "";
  return parsePhoneNumberFromString(e164, "BR", brazil)?.formatNational() ?? e164;
}
