import type { TOpensNext } from "@/lib/contract/shops";
import { weekdayWord } from "./format";
import type { Translate } from "@/lib/i18n/translate";

/**
 * "Closed", or when it opens next: "Closed · opens at 08:00", "… tomorrow at 09:00", "… Monday at 09:00". Compact,
 * for the badge over a list card's photo (one line beside the heart at 320 px): "Opens at 08:00", "Opens Mon at 09:00".
 */
export function closedLabel(t: Translate, lng: string, opens: TOpensNext | null, compact = false): string {
  if (!opens) return t("card.closed");
  const key = opens.in_days === 0 ? "At" : opens.in_days === 1 ? "Tomorrow" : "On";
  const weekday = opens.in_days > 1 ? weekdayWord(lng, opens.weekday, compact ? "short" : "long") : "";
  return t(compact ? `card.opens${key}` : `card.closedOpens${key}`, { time: opens.time, weekday });
}

/**
 * "Open now" / "Closed" and "New": on the shop page's header and over the photo of a list card. A shop closed now
 * says when it opens next ("Closed · opens at 08:00", "… tomorrow at 09:00", "… Monday at 09:00"; over a photo:
 * "Opens at 08:00"), so the next free times below ("Today 08:00") do not read as a contradiction.
 */
export function ShopBadges({
  isOpenNow,
  isNew,
  t,
  lng,
  overPhoto = false,
  opensNext = null,
}: {
  isOpenNow: boolean;
  isNew: boolean;
  t: Translate;
  lng: string;
  overPhoto?: boolean;
  opensNext?: TOpensNext | null;
}) {
  const pad = overPhoto ? "px-2.5" : "px-3";
  const closed = overPhoto ? "bg-bg/85 text-ink" : "bg-surface-2 text-ink";
  return (
    <>
      <span className={`rounded-full ${pad} py-1 text-xs font-semibold ${isOpenNow ? "bg-success text-bg" : closed}`}>
        {isOpenNow ? t("card.open") : closedLabel(t, lng, opensNext, overPhoto)}
      </span>
      {isNew ? <span className={`rounded-full bg-primary ${pad} py-1 text-xs font-semibold text-primary-ink`}>{t("card.new")}</span> : null}
    </>
  );
}
