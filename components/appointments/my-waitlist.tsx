"use client";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { Link } from "@/components/ui/link";
import { formatLongDate, formatOr } from "@/components/booking/format";
import { toQuery } from "@/components/booking/url-state";
import { useMyWaitlist } from "@/lib/api/data";
import { errorMessage } from "@/lib/api/errors";
import { leaveWaitlist } from "@/lib/api/waitlist";
import type { TWaitlistEntry } from "@/lib/contract/waitlist";

/**
 * The client's "tell me if a time frees up" waitlist entries (docs/decisions/0036-waitlist.md), under their
 * upcoming appointments: each day, whether we told them already, its times, and taking it back.
 * Nothing is shown while there is none.
 */
export function MyWaitlist({ lng, enabled }: { lng: string; enabled: boolean }) {
  const { t } = useT("booking");
  const { data, mutate } = useMyWaitlist(enabled);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const items = data?.items ?? [];
  if (items.length === 0 && !said) return null;

  const dateOf = (e: TWaitlistEntry) => formatLongDate(lng, e.date, { weekday: "long", day: "numeric", month: "long" });
  async function undo(e: TWaitlistEntry) {
    try {
      await leaveWaitlist(e.id);
      setSaid({ text: t("list.waitlist.undone", { date: dateOf(e), shop: e.barbershop.name }), error: false });
      await mutate({ items: items.filter((x) => x.id !== e.id) }, { revalidate: false });
    } catch (err) {
      setSaid({ text: errorMessage(err), error: true });
    }
  }

  return (
    <section aria-labelledby="waitlist-title" className="mt-10">
      <h2 id="waitlist-title" className="text-xl font-semibold">
        {t("list.waitlist.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("list.waitlist.intro")}</p>
      <p role={said?.error ? "alert" : "status"} className={`mt-2 text-sm ${said?.error ? "text-danger" : "text-ink"}`}>
        {said?.text}
      </p>
      <ul className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-3 md:grid-cols-2">
        {items.map((e) => {
          const query = toQuery({
            serviceIds: e.services.map((s) => s.id),
            quantities: {},
            barberChoice: e.barber?.id ?? "any",
            date: e.date,
            time: null,
            step: "when",
          });
          return (
            <li key={e.id} className="card grid gap-2 p-4">
              <div className="min-w-0">
                <p className="font-semibold break-words">{e.barbershop.name}</p>
                <p className="text-sm first-letter:uppercase">
                  {dateOf(e)}
                  {e.periods.length > 0 &&
                    ` · ${formatOr(
                      lng,
                      e.periods.map((p) => t(`flow.waitlist.when.${p}`)),
                    )}`}
                </p>
                <p className="text-sm text-muted">
                  {e.barber?.name ?? t("flow.anyBarber")} · {e.services.map((s) => s.name).join(", ")}
                </p>
                <p className={`mt-1 text-sm ${e.notified_at ? "text-primary" : "text-muted"}`}>
                  {e.notified_at ? t("list.waitlist.told") : t("list.waitlist.waiting")}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link
                  className="btn-ghost"
                  href={`/barbearia/${e.barbershop.slug}/agendar?${query}`}
                  aria-label={t("list.waitlist.seeLabel", { date: dateOf(e), shop: e.barbershop.name })}
                >
                  {t("list.waitlist.see")}
                </Link>
                {!e.notified_at && (
                  <button
                    type="button"
                    className="btn-ghost"
                    onClick={() => undo(e)}
                    aria-label={t("list.waitlist.undoLabel", { date: dateOf(e), shop: e.barbershop.name })}
                  >
                    {t("list.waitlist.undo")}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
