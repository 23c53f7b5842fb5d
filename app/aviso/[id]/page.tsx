import type { Metadata } from "next";
import { FactList } from "@/components/ui/fact-list";
import { Link } from "@/components/ui/link";
import { formatLongDate, formatOr } from "@/components/booking/format";
import { toQuery } from "@/components/booking/url-state";
import { leaveGuestWishAction } from "@/lib/api/messages";
import { getT } from "@/lib/i18n/server";
import { toWallClock } from "@/lib/server/availability/zoned-time";
import { getDb } from "@/lib/server/db/client";
import { guestWishByToken } from "@/lib/server/waitlist/guest";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("booking");
  // Private: the address carries the wish's token.
  return { title: t("wish.title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * A guest's "tell me if a time frees up", opened from the WhatsApp message that confirmed it: the day, and a
 * plain form that takes it back (opening the page changes nothing; chat apps open links to preview them).
 */
export default async function GuestWishPage({ params, searchParams }: Props) {
  const [{ id: rawId }, query] = await Promise.all([params, searchParams]);
  const { t, lng } = await getT("booking");
  const token = typeof query.t === "string" ? query.t : "";
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const left = query.done === "left";
  const wish = id && token && !left ? await guestWishByToken(await getDb(), id, token) : null;
  const past = wish ? wish.date < toWallClock(new Date(), wish.timezone).date : false;
  const message = left ? "left" : !wish ? "invalid" : past ? "past" : wish.notified_at ? "told" : null;
  const day = wish ? formatLongDate(lng, wish.date, { weekday: "long", day: "numeric", month: "long" }) : "";
  const times = wish
    ? `/barbearia/${wish.barbershop.slug}/agendar?${toQuery({ serviceIds: wish.services.map((s) => s.id), quantities: {}, barberChoice: wish.barber?.id ?? "any", date: wish.date, time: null, step: "when" })}`
    : null;
  return (
    <div className="container-page max-w-lg py-8 md:py-12">
      <h1 className="text-2xl font-bold">{t("wish.title")}</h1>
      {message ? (
        <p role="status" className={`card mt-4 p-4 ${message === "left" ? "border-primary" : ""}`}>
          {t(`wish.${message}`)}
        </p>
      ) : (
        <p className="mt-2 text-muted">{t("wish.active")}</p>
      )}
      {wish && (
        <FactList
          facts={[
            { label: t("messages.booking.shop"), value: wish.barbershop.name, className: "font-semibold break-words" },
            { label: t("wish.day"), value: day, className: "first-letter:uppercase" },
            {
              label: t("wish.periods"),
              value: wish.periods.length
                ? formatOr(
                    lng,
                    wish.periods.map((p) => t(`flow.waitlist.when.${p}`)),
                  )
                : t("wish.wholeDay"),
              className: "first-letter:uppercase",
            },
            { label: t("messages.booking.barber"), value: wish.barber?.name ?? t("flow.anyBarber") },
            { label: t("messages.booking.services"), value: wish.services.map((s) => s.name).join(", ") },
          ]}
        />
      )}
      <div className="mt-6 grid gap-3">
        {wish && !message && (
          <form method="post" action={leaveGuestWishAction(wish.id)}>
            <input type="hidden" name="t" value={token} />
            <input type="hidden" name="lng" value={lng} />
            <button type="submit" className="btn-primary min-h-14 w-full text-lg">
              {t("wish.stop")}
            </button>
          </form>
        )}
        {wish && !past && times && (
          <Link className="btn-ghost min-h-14 w-full sm:text-lg" href={times}>
            {t("wish.seeTimes")}
          </Link>
        )}
        {!wish && (
          <Link className="btn-ghost min-h-14 w-full text-lg" href="/barbearias">
            {t("wish.toHome")}
          </Link>
        )}
      </div>
    </div>
  );
}
