"use client";
import { useT } from "next-i18next/client";
import { toast } from "@/lib/browser/toast";

/** A guest's private link: the way back to the booking without an account, to copy. */
export function PrivateLink({ link }: { link: string }) {
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
      <p className="mt-1 text-sm text-muted">{t("detail.privateLinkBody")}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input className="input font-mono text-sm" readOnly value={link} aria-label={t("detail.privateLinkLabel")} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn-ghost shrink-0" onClick={copyLink}>
          {t("detail.copy")}
        </button>
      </div>
    </section>
  );
}
