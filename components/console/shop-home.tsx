"use client";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { Link } from "@/components/ui/link";
import { LoadingBlock } from "@/components/ui/skeleton";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { PUBLISH_NEEDS, type TPublication, type TShopProfileAnswer } from "@/lib/contract/onboarding";
import { call } from "@/lib/api/client";
import { publishShop, unpublishShop } from "@/lib/api/console";
import { useApi } from "@/lib/api/swr";
import { useConsoleShop } from "./shop-context";
import { ShopPreview } from "./shop-preview";

/** The shop's home in the console: published or not, what is missing to publish, publish / unpublish, the page. */
export function ShopHome() {
  const { t } = useT("console");
  const { shop, reload } = useConsoleShop();
  const id = shop.shop.id;
  const publication = useApi<TPublication>(`/staff/shops/${id}/publication`);
  const profile = useApi<TShopProfileAnswer>(`/staff/shops/${id}/profile`);
  const [busy, setBusy] = useState(false);
  const { confirm, dialog } = useConfirm();
  const canPublish = shop.me.permissions["shop.publish"] !== null;
  const p = publication.data;

  async function toggle() {
    if (!p) return;
    if (p.published && !(await confirm({ title: t("home.unpublish"), description: t("home.unpublishConfirm"), destructive: true }))) return;
    setBusy(true);
    const next = await call(() => (p.published ? unpublishShop(id) : publishShop(id)).then((data) => ({ data })), {
      t,
      errorKey: "SAVE_ERROR",
      successKey: p.published ? "home.unpublishedToast" : "home.publishedToast",
    });
    setBusy(false);
    if (next) {
      await publication.mutate(next, { revalidate: false });
      await reload();
    }
  }

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold md:text-3xl">{shop.shop.name}</h1>
      {!p ? (
        <LoadingBlock label={t("loading")} rows={1} />
      ) : (
        <section aria-labelledby="publication-title" className="card grid gap-4 p-4" data-testid="publication">
          <h2 id="publication-title" className={p.published ? "font-semibold text-success" : "font-semibold"}>
            {p.published ? t("home.published") : t("home.unpublished")}
          </h2>
          <p className="text-sm text-muted">{t("home.counts", p.counts)}</p>
          {!p.published && (
            <div>
              <h3 className="text-sm font-semibold">{t("home.checklistTitle")}</h3>
              <ul className="mt-2 grid gap-1 text-sm">
                {PUBLISH_NEEDS.map((need) => {
                  const done = !p.missing.includes(need);
                  // No barber at all (the owner does not cut hair): the team page invites one.
                  const invite = !done && need === "barber_service" && p.counts.barbers === 0;
                  return (
                    <li key={need} className="flex flex-wrap items-center gap-2">
                      <span aria-hidden="true" className={done ? "text-success" : "text-danger"}>
                        {done ? "✓" : "✗"}
                      </span>
                      <span>{t(invite ? "home.need.invite_barber" : `home.need.${need}`)}</span>
                      <span className="sr-only">{done ? "✓" : "✗"}</span>
                      {invite && (
                        <Link href={`/painel/${id}/equipe`} className="text-primary underline">
                          {t("home.inviteBarber")}
                        </Link>
                      )}
                    </li>
                  );
                })}
              </ul>
              {p.missing.length === 0 && <p className="mt-2 text-sm text-success">{t("home.ready")}</p>}
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            {canPublish ? (
              <button
                type="button"
                className={p.published ? "btn-ghost" : "btn-primary"}
                disabled={busy || (!p.published && p.missing.length > 0)}
                aria-busy={busy}
                onClick={() => void toggle()}
              >
                {p.published ? t("home.unpublish") : t("home.publish")}
              </button>
            ) : (
              <p className="text-sm text-muted">{t("home.ownerOnly")}</p>
            )}
            {p.published && (
              <Link href={`/barbearia/${shop.shop.slug}`} className="btn-ghost">
                {t("home.publicPage")}
              </Link>
            )}
          </div>
        </section>
      )}
      <section aria-labelledby="preview-title" className="grid gap-3">
        <h2 id="preview-title" className="font-semibold">
          {t("home.preview")}
        </h2>
        {profile.data ? <ShopPreview profile={profile.data.profile} /> : <LoadingBlock label={t("loading")} rows={1} />}
      </section>
      {dialog}
    </div>
  );
}
