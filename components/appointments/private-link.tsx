"use client";
import { useT } from "next-i18next/client";
import { toast } from "@/lib/browser/toast";
import { formatPhoneBr } from "@/lib/contract/common";

/** Where a new booking's messages went: the guest's WhatsApp (when ticked), the e-mail they gave, or nowhere. */
export function sentToText(t: (key: string, vars?: Record<string, unknown>) => string, to: { whatsapp: string | null; email: string | null }): string {
  const phone = to.whatsapp ? formatPhoneBr(to.whatsapp) : "";
  if (to.whatsapp && to.email) return t("detail.sentBoth", { phone, email: to.email });
  if (to.whatsapp) return t("detail.sentWhatsapp", { phone });
  if (to.email) return t("detail.sentEmail", { email: to.email });
  return t("detail.sentNone");
}

/**
 * A guest's private link: the way back to the booking without an account, to copy. Just booked (`sentTo`), it
 * says plainly where the link was sent, if anywhere.
 */
export function PrivateLink({ link, sentTo }: { link: string; sentTo?: { whatsapp: string | null; email: string | null } }) {
  const { t } = useT("booking");
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t("detail.copied"));
    } catch {
      /* the link stays visible to copy by hand */
    }
  }
  return (
    <section className="card border-primary/50 p-4 md:p-6" aria-labelledby="private-link">
      <h2 id="private-link" className="text-lg font-semibold">
        {t("detail.privateLinkTitle")}
      </h2>
      {sentTo && (
        <p role="status" className="mt-1 font-medium">
          {sentToText(t, sentTo)}
        </p>
      )}
      {!(sentTo && !sentTo.whatsapp && !sentTo.email) && <p className="mt-1 text-sm text-muted">{t("detail.privateLinkBody")}</p>}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input className="input font-mono text-sm" readOnly value={link} aria-label={t("detail.privateLinkLabel")} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn-ghost shrink-0" onClick={copyLink}>
          {t("detail.copy")}
        </button>
      </div>
    </section>
  );
}
