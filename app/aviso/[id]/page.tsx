import type { Metadata } from "next";
import { FactList } from "@/components/ui/fact-list";
import { Link } from "@/components/ui/link";
import { formatLongDate, formatOr } from "@/components/booking/format";
import { toQuery } from "@/components/booking/url-state";
import { leaveGuestWaitlistEntryAction } from "@/lib/api/messages";
import { getT } from "@/lib/i18n/server";
import { toWallClock } from "@/lib/server/availability/zoned-time";
import { getDb } from "@/lib/server/db/client";
import { guestWaitlistEntryByToken } from "@/lib/server/waitlist/guest";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("booking");
  // Private: the address carries the entry's token.
  return { title: t("waitlistEntry.title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * A guest's "tell me if a time frees up", opened from the WhatsApp message that confirmed it: the day, and a
 * plain form that takes it back (opening the page changes nothing; chat apps open links to preview them).
 */
export default async function GuestWaitlistEntryPage({ params, searchParams }: Props) {
  const [{ id: rawId }, query] = await Promise.all([params, searchParams]);
  const { t, lng } = await getT("booking");
  const token = typeof query.t === "string" ? query.t : "";
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const left = query.done === "left";
  const entry = id && token && !left ? await guestWaitlistEntryByToken(await getDb(), id, token) : null;
  const past = entry ? entry.date < toWallClock(new Date(), entry.timezone).date : false;
  const message = left ? "left" : !entry ? "invalid" : past ? "past" : entry.notified_at ? "told" : null;
  const day = entry ? formatLongDate(lng, entry.date, { weekday: "long", day: "numeric", month: "long" }) : "";
  const times = entry
    ? `/barbearia/${entry.barbershop.slug}/agendar?${toQuery({ serviceIds: entry.services.map((s) => s.id), quantities: {}, barberChoice: entry.barber?.id ?? "any", date: entry.date, time: null, step: "when" })}`
    : null;
  return (
    <div className="container-page max-w-lg py-8 md:py-12">
      <h1 className="text-2xl font-bold">{t("waitlistEntry.title")}</h1>
      {message ? (
        <p role="status" className={`card mt-4 p-4 ${message === "left" ? "border-primary" : ""}`}>
          {t(`waitlistEntry.${message}`)}
        </p>
      ) : (
        <p className="mt-2 text-muted">{t("waitlistEntry.active")}</p>
      )}
      {entry && (
        <FactList
          facts={[
            { label: t("messages.booking.shop"), value: entry.barbershop.name, className: "font-semibold break-words" },
            { label: t("waitlistEntry.day"), value: day, className: "first-letter:uppercase" },
            {
              label: t("waitlistEntry.periods"),
              value: entry.periods.length
                ? formatOr(
                    lng,
                    entry.periods.map((p) => t(`flow.waitlist.when.${p}`)),
                  )
                : t("waitlistEntry.wholeDay"),
              className: "first-letter:uppercase",
            },
            { label: t("messages.booking.barber"), value: entry.barber?.name ?? t("flow.anyBarber") },
            { label: t("messages.booking.services"), value: entry.services.map((s) => s.name).join(", ") },
          ]}
        />
      )}
      <div className="mt-6 grid gap-3">
        {entry && !message && (
          <form method="post" action={leaveGuestWaitlistEntryAction(entry.id)}>
            <input type="hidden" name="t" value={token} />
            <input type="hidden" name="lng" value={lng} />
            <button type="submit" className="btn-primary min-h-14 w-full text-lg">
              {t("waitlistEntry.stop")}
            </button>
          </form>
        )}
        {entry && !past && times && (
          <Link className="btn-ghost min-h-14 w-full sm:text-lg" href={times}>
            {t("waitlistEntry.seeTimes")}
          </Link>
        )}
        {!entry && (
          <Link className="btn-ghost min-h-14 w-full text-lg" href="/barbearias">
            {t("waitlistEntry.toHome")}
          </Link>
        )}
      </div>
    </div>
  );
}
