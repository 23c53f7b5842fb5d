import { formatPhoneBr, phoneToE164, whatsappChat } from "@/lib/contract/common";

/** A way to reach the shop: what the page shows, and the link when the value is one a phone or app can open. */
export type Contact = { label: string; href?: string };

// A handle as Instagram allows them: letters, digits, dots and underscores, at most 30.
const HANDLE = /^[A-Za-z0-9._]{1,30}$/;
// Paths of instagram.com that are not a profile.
const NOT_A_PROFILE = new Set(["p", "reel", "reels", "stories", "explore", "accounts", "tv"]);

/**
 * The shop's Instagram handle, however it was written down: "@navalha", "navalha", "instagram.com/navalha" or the
 * profile link the app shares ("https://www.instagram.com/navalha/?igsh=…"). Null when no profile can be read.
 */
export function instagramHandle(value: string | null | undefined): string | null {
  let s = value?.trim();
  if (!s) return null;
  const link = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:instagram\.com|instagr\.am)\/([^/?#\s]+)/i.exec(s);
  if (link) {
    if (NOT_A_PROFILE.has(link[1].toLowerCase())) return null;
    s = link[1];
  }
  s = s.replace(/^@/, "");
  return HANDLE.test(s) ? s : null;
}

export function instagramContact(value: string | null | undefined): Contact | null {
  if (!value?.trim()) return null;
  const handle = instagramHandle(value);
  return handle ? { label: `@${handle}`, href: `https://www.instagram.com/${handle}/` } : { label: value.trim() };
}

/** A phone to call: "tel:" with the full number when it is a valid Brazilian one, else the text as it was saved. */
export function phoneContact(value: string | null | undefined): Contact | null {
  if (!value?.trim()) return null;
  const e164 = phoneToE164(value);
  return e164 ? { label: formatPhoneBr(e164), href: `tel:${e164}` } : { label: value.trim() };
}

/**
 * A WhatsApp chat: wa.me needs the country code, so "(11) 96859-4404" saved without it opens the chat with
 * +55 11 …, not with a number in another country (wa.me/11968594404 is read as +1). Not a valid Brazilian
 * number: shown as saved, without a link.
 */
export function whatsappContact(value: string | null | undefined): Contact | null {
  if (!value?.trim()) return null;
  const e164 = phoneToE164(value);
  return e164 ? { label: formatPhoneBr(e164), href: whatsappChat(e164) } : { label: value.trim() };
}
