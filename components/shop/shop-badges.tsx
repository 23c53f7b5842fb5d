import type { Translate } from "@/lib/i18n/translate";

/** "Open now" / "Closed" and "New": on the shop page's header, and over the photo of a list card. */
export function ShopBadges({ isOpenNow, isNew, t, overPhoto = false }: { isOpenNow: boolean; isNew: boolean; t: Translate; overPhoto?: boolean }) {
  const pad = overPhoto ? "px-2.5" : "px-3";
  const closed = overPhoto ? "bg-bg/85 text-ink" : "bg-surface-2 text-ink";
  return (
    <>
      <span className={`rounded-full ${pad} py-1 text-xs font-semibold ${isOpenNow ? "bg-success text-bg" : closed}`}>{isOpenNow ? t("card.open") : t("card.closed")}</span>
      {isNew ? <span className={`rounded-full bg-primary ${pad} py-1 text-xs font-semibold text-primary-ink`}>{t("card.new")}</span> : null}
    </>
  );
}
