import type { Translate } from "@/lib/i18n/translate";

/**
 * "Open now" / "Closed" and "New": on the shop page's header (where a shop closed now says when it opens later
 * today or tomorrow: "Closed · opens at 08:00"), and over the photo of a list card.
 */
export function ShopBadges({ isOpenNow, isNew, t, overPhoto = false, opensAt = null }: { isOpenNow: boolean; isNew: boolean; t: Translate; overPhoto?: boolean; opensAt?: { day: "today" | "tomorrow"; time: string } | null }) {
  const pad = overPhoto ? "px-2.5" : "px-3";
  const closed = overPhoto ? "bg-bg/85 text-ink" : "bg-surface-2 text-ink";
  return (
    <>
      <span className={`rounded-full ${pad} py-1 text-xs font-semibold ${isOpenNow ? "bg-success text-bg" : closed}`}>{isOpenNow ? t("card.open") : opensAt ? t(opensAt.day === "today" ? "card.closedOpensAt" : "card.closedOpensTomorrow", { time: opensAt.time }) : t("card.closed")}</span>
      {isNew ? <span className={`rounded-full bg-primary ${pad} py-1 text-xs font-semibold text-primary-ink`}>{t("card.new")}</span> : null}
    </>
  );
}
