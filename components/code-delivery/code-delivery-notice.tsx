"use client";
import { useState } from "react";
import { useCodeDelivery } from "@/lib/api/code-delivery";
import type { TCodeDelivery } from "@/lib/contract/code-delivery";

/** The translator of the page's own i18n (lib/i18n/words or next-i18next), over the code-delivery namespace. */
export type CodeDeliveryT = (key: string, vars?: Record<string, unknown>) => string;

/** What to say of a code's delivery; null while it is on its way (the form already says a code was sent). */
export function codeDeliveryText(d: TCodeDelivery | undefined, t: CodeDeliveryT, other: "number" | "email"): { text: string; tone: "ok" | "warn" } | null {
  if (!d) return null;
  if (d.state === "delivered") return { text: t("delivered"), tone: "ok" };
  if (d.state !== "failed") return null;
  if (d.fallback) return { text: t(d.fallback.state === "failed" ? "emailAlsoFailed" : "emailInstead", { to: d.fallback.to }), tone: "warn" };
  if (d.reason === "not_on_whatsapp") return { text: t(`notOnWhatsapp.${other}`), tone: "warn" };
  if (d.reason === "stopped") return { text: t(`stopped.${other}`), tone: "warn" };
  return { text: t(`failed.${other}`), tone: "warn" };
}

/**
 * Under a code field: follows the code's delivery for a short while (GET /v3/code-delivery/{id}) and says plainly
 * when WhatsApp could not deliver it, and whether it went by e-mail instead (decision 0047). `other`: what the
 * person can do then besides checking the number (a booking: nothing else; recovery: ask by e-mail).
 */
export function CodeDeliveryNotice({
  deliveryId,
  t,
  other = "number",
}: {
  deliveryId: string | null | undefined;
  t: CodeDeliveryT;
  other?: "number" | "email";
}) {
  const [startedAt] = useState(() => Date.now());
  const { data } = useCodeDelivery(deliveryId, startedAt);
  const said = codeDeliveryText(data, t, other);
  return (
    <p role="status" aria-live="polite" className={said?.tone === "warn" ? "text-sm font-medium text-danger" : "text-sm text-success"}>
      {said ? `${said.tone === "ok" ? "✓ " : ""}${said.text}` : null}
    </p>
  );
}
