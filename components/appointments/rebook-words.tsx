import type { TRebookReminder } from "@/lib/contract/messages";
import { formatLongDate } from "@/lib/i18n/format";
import type { Translate } from "@/lib/i18n/translate";

type Choice = TRebookReminder["choices"][number];

/**
 * What both cards of "remind me to book again" say and show: the visit's page (rebook-reminder.tsx, in the browser)
 * and the rating page (rebook-by-link.tsx, a plain form). A choice is a button face: its weeks and day, its name
 * for a screen reader, and gold when it is the waiting one (aria-pressed).
 */
export function rebookWords(t: Translate, lng: string) {
  const day = (date: string) => formatLongDate(lng, date, { day: "numeric", month: "long" });
  const channels = (list: TRebookReminder["channels"]) => t(list.length > 1 ? "rebook.channels.both" : `rebook.channels.${list[0] ?? "email"}`);
  return {
    day,
    waiting: (r: NonNullable<TRebookReminder["reminder"]>) => t("rebook.waiting", { date: day(r.date), channels: channels(r.channels) }),
    body: (state: TRebookReminder, barber: string) => t("rebook.body", { channels: channels(state.channels), barber }),
    choice: (c: Choice, waiting: TRebookReminder["reminder"]) => ({
      className: "btn-ghost min-h-12 w-full flex-col gap-0 px-2 py-1 aria-pressed:border-primary aria-pressed:bg-primary/15 aria-pressed:text-primary",
      "aria-pressed": waiting?.weeks === c.weeks,
      "aria-label": t("rebook.choiceLabel", { weeks: c.weeks, date: day(c.date) }),
      children: (
        <>
          <span className="font-semibold">{t("rebook.weeks", { weeks: c.weeks })}</span>
          <span className="text-xs text-muted">{formatLongDate(lng, c.date, { day: "numeric", month: "short" })}</span>
        </>
      ),
    }),
  };
}
