"use client";
import { Link } from "@/components/ui/link";
import { useT } from "next-i18next/client";
import { useRef, useState } from "react";
import { formatMoney } from "@/components/shop/format";
import { formatLongDate, nearDay } from "@/components/booking/format";
import { useMyAppointments } from "@/lib/api/data";
import { useSession } from "@/lib/api/session";
import { useSessionReady } from "./appointment-detail";
import { MyWaitlist } from "./my-waitlist";
import { StatusBadge } from "./status-badge";
import { reviewHref } from "./shop-links";
import { bookAgainPath } from "@/lib/contract/appointments";
import { LoadingBlock } from "@/components/ui/skeleton";
import { StarRow } from "@/components/ui/star-row";

const TABS = ["upcoming", "history"] as const;
const LIMIT = 20;

export function MyAppointments({ lng }: { lng: string }) {
  const { t } = useT("booking");
  const { token } = useSession();
  const ready = useSessionReady();
  const [tab, setTab] = useState<(typeof TABS)[number]>("upcoming");
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const { data, error, isLoading, size, setSize } = useMyAppointments(tab, LIMIT, ready && Boolean(token));

  if (ready && !token) {
    return (
      <div className="card p-6">
        <p>{t("list.signIn")}</p>
        <Link className="btn-primary mt-4" href={`/entrar?next=${encodeURIComponent("/agendamentos")}`}>
          {t("list.signInAction")}
        </Link>
      </div>
    );
  }

  const items = data?.flatMap((p) => p.items) ?? [];
  const total = data?.[0]?.total ?? 0;

  function onKeyDown(e: React.KeyboardEvent, index: number) {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const next = (index + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length;
    setTab(TABS[next]);
    tabRefs.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={t("list.tabs")} className="flex gap-2 border-b border-line">
        {TABS.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="appointments-panel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`-mb-px min-h-11 border-b-2 px-4 font-medium ${tab === name ? "border-primary text-primary" : "border-transparent text-muted hover:text-ink"}`}
          >
            {t(`list.${name}`)}
          </button>
        ))}
      </div>
      <div id="appointments-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-6" aria-busy={!ready || isLoading}>
        {!ready || isLoading ? (
          <LoadingBlock label={t("common:actions.loading")} rows={3} />
        ) : error ? (
          <p role="alert" className="text-danger">
            {t("list.error")}
          </p>
        ) : items.length === 0 ? (
          <div className="card p-6 text-center">
            <p>{t("list.empty")}</p>
            <Link className="btn-primary mt-4" href="/barbearias">
              {t("list.findShop")}
            </Link>
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 md:grid-cols-2">
              {items.map((a) => {
                const near = tab === "upcoming" ? nearDay(a.date, a.timezone) : null;
                const rated = a.review ? t("list.rated", { stars: t("review.star", { count: a.review.rating }) }) : null;
                const open = t("list.open", { shop: a.barbershop.name, date: `${formatLongDate(lng, a.date)} ${a.start_hour}` });
                return (
                  <li key={a.id} className="min-w-0">
                    <Link
                      href={`/agendamento/${a.id}`}
                      aria-label={rated ? `${open}. ${rated}` : open}
                      className="card block p-4 transition-colors hover:border-primary"
                    >
                      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
                        <div className="min-w-0 flex-1 basis-40">
                          <p className="font-semibold break-words">{a.barbershop.name}</p>
                          <p className="text-sm text-muted">
                            {a.barber.name} · {a.services.map((s) => s.name).join(", ")}
                          </p>
                        </div>
                        <StatusBadge status={a.status} />
                      </div>
                      <div className="mt-3 flex items-center justify-between text-sm">
                        <span>
                          {near ? t(`list.${near}`) : formatLongDate(lng, a.date, { weekday: "short", day: "numeric", month: "short" })} · {a.start_hour}
                        </span>
                        <span className="font-semibold text-primary">{formatMoney(lng, a.total)}</span>
                      </div>
                      {a.review && (
                        <p className="mt-2 text-sm text-muted">
                          {t("review.yours")} <StarRow rating={a.review.rating} />
                        </p>
                      )}
                    </Link>
                    {/* A visit not rated yet: the detail's rating form, a tap away (it takes the focus there). */}
                    {tab === "history" && a.can_review && (
                      <Link href={reviewHref(a.id)} className="btn-primary mt-2 w-full" aria-label={t("list.rateLabel", { shop: a.barbershop.name })}>
                        {t("list.rate")}
                      </Link>
                    )}
                    {/* Can't make it: another time with the same barber, a tap away. */}
                    {tab === "upcoming" && a.can_cancel && (
                      <Link
                        href={`/agendamento/${a.id}/remarcar`}
                        className="btn-ghost mt-2 w-full"
                        aria-label={t("list.reschedule", { shop: a.barbershop.name })}
                      >
                        {t("detail.reschedule")}
                      </Link>
                    )}
                    {/* A past visit, or one called off: the same services with the same barber, a tap away. */}
                    {tab === "history" && (a.status === "completed" || a.status === "cancelled") && (
                      <Link href={bookAgainPath(a)} className="btn-ghost mt-2 w-full" aria-label={t("list.bookAgain", { shop: a.barbershop.name })}>
                        {t("detail.bookAgain")}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
            {items.length < total && (
              <button type="button" className="btn-ghost mt-4" onClick={() => setSize(size + 1)}>
                {t("list.loadMore")}
              </button>
            )}
          </>
        )}
      </div>
      <MyWaitlist lng={lng} enabled={ready && Boolean(token)} />
    </div>
  );
}
