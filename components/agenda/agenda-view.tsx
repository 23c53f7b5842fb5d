"use client";
import { useT } from "next-i18next/client";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Link } from "@/components/ui/link";
import { LoadingBlock } from "@/components/ui/skeleton";
import { listenToAgenda, useAgenda } from "@/lib/api/agenda";
import { useSession } from "@/lib/api/session";
import { useApi } from "@/lib/api/swr";
import type { TAgendaBooking } from "@/lib/contract/agenda";
import type { TStaffShopAnswer } from "@/lib/contract/staff";
import { BookingCard } from "./booking-card";
import { DayGrid, HATCH } from "./day-grid";
import { FeedPanel } from "./feed-panel";
import { NewBookingSheet } from "./new-booking-sheet";
import { addDays, shopClock } from "./time";

const noSubscription = () => () => {};
const useMounted = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** Ticks every `ms`: the current-time line moves without a refetch. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/**
 * The shop's agenda for a day: a column per barber (one at a time, with a picker, on a phone), live. Every change
 * the server streams, and every return to the tab, refetches the day.
 */
export function AgendaView({ shopId, day, lng }: { shopId: number; day: string | null; lng: string }) {
  const { t } = useT("agenda");
  const router = useRouter();
  const pathname = usePathname();
  const { token } = useSession();
  const mounted = useMounted();
  const signedIn = mounted && Boolean(token);
  const { data, error, isLoading, mutate } = useAgenda(shopId, day ?? "", signedIn && day !== null);
  const today = useAgenda(shopId, "", signedIn && day === null);
  const agenda = day === null ? today.data : data;
  const refetch = day === null ? today.mutate : mutate;
  const failed = day === null ? today.error : error;
  const loading = !mounted || (day === null ? today.isLoading : isLoading);
  const shop = useApi<TStaffShopAnswer>(signedIn ? `/staff/shops/${shopId}` : null);
  const [live, setLive] = useState(false);
  const [barberId, setBarberId] = useState<number | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [slot, setSlot] = useState<{ barberId: number; start: string } | null>(null);
  const now = useNow(30_000);

  useEffect(() => {
    if (!signedIn) return;
    const stop = listenToAgenda(
      shopId,
      (e) => {
        if (e.event === "change" || e.event === "reset") void refetch();
      },
      setLive,
    );
    const onFocus = () => {
      if (document.visibilityState === "visible") void refetch();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      stop();
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, [shopId, signedIn, refetch]);

  const goTo = useCallback((date: string) => router.push(`${pathname}?dia=${date}${lng === "pt-BR" ? "" : `&lng=${lng}`}`), [router, pathname, lng]);
  const shownBarber = barberId ?? agenda?.columns[0]?.barber.id ?? null;
  const booking = useMemo(() => agenda?.bookings.find((b) => b.id === opened) ?? null, [agenda, opened]);
  const permissions = shop.data?.me.permissions;

  if (mounted && !token) {
    return (
      <div className="card p-6">
        <p>{t("signIn")}</p>
        <Link className="btn-primary mt-4" href={`/entrar?next=${encodeURIComponent(pathname)}`}>
          {t("signInAction")}
        </Link>
      </div>
    );
  }
  if (failed && !agenda) {
    return (
      <p role="alert" className="card p-6 text-danger">
        {t("loadError")}
      </p>
    );
  }
  if (loading || !agenda) return <LoadingBlock label={t("loading")} rows={4} />;

  const clock = shopClock(now, agenda.timezone);
  const dateLabel = new Intl.DateTimeFormat(lng, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${agenda.date}T12:00:00Z`),
  );
  const zoneName = new Intl.DateTimeFormat(lng, { timeZone: agenda.timezone, timeZoneName: "long" })
    .formatToParts(now)
    .find((p) => p.type === "timeZoneName")?.value;
  const zoneLabel = t("timezone", { zone: zoneName ? `${zoneName} (${agenda.timezone})` : agenda.timezone });

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-2xl font-bold first-letter:uppercase md:text-3xl">{dateLabel}</h1>
        <span className="flex items-center gap-2 text-sm text-muted" role="status" aria-live="polite">
          <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${live ? "bg-success" : "bg-muted"}`} />
          {live ? t("live") : t("offline")}
        </span>
      </div>
      <nav aria-label={t("dayNav")} className="mb-3 flex flex-wrap items-center gap-2">
        <button type="button" className="btn-ghost" onClick={() => goTo(addDays(agenda.date, -1))}>
          {t("previousDay")}
        </button>
        <button type="button" className="btn-ghost" onClick={() => goTo(clock.date)} aria-current={agenda.date === clock.date ? "date" : undefined}>
          {t("today")}
        </button>
        <button type="button" className="btn-ghost" onClick={() => goTo(addDays(agenda.date, 1))}>
          {t("nextDay")}
        </button>
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">{t("pickDay")}</span>
          <input type="date" className="input w-auto" value={agenda.date} onChange={(e) => e.target.value && goTo(e.target.value)} />
        </label>
      </nav>
      <p className="mb-4 text-sm text-muted">{zoneLabel}</p>
      <Legend />
      {agenda.columns.length === 0 ? (
        <div className="card mt-4 p-6 text-center">
          <p>{t("noBarbers")}</p>
        </div>
      ) : (
        <>
          {agenda.columns.length > 1 && (
            <label className="mt-4 block md:hidden">
              <span className="mb-1 block text-sm font-medium">{t("barberPicker")}</span>
              <select className="input" value={shownBarber ?? ""} onChange={(e) => setBarberId(Number(e.target.value))}>
                {agenda.columns.map((c) => (
                  <option key={c.barber.id} value={c.barber.id}>
                    {c.barber.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {agenda.bookings.length === 0 && agenda.blocks.length === 0 && <p className="mt-4 text-sm text-muted">{t("emptyDay")}</p>}
          <DayGrid
            agenda={agenda}
            shownBarberId={shownBarber}
            nowMinutes={agenda.date === clock.date ? clock.minutes : clock.date > agenda.date ? 24 * 60 : -1}
            onOpenBooking={(b: TAgendaBooking) => setOpened(b.id)}
            onPickSlot={(barber, start) => setSlot({ barberId: barber, start })}
          />
        </>
      )}
      {shop.data?.me.barber_id != null && <FeedPanel shopId={shopId} barberId={shop.data.me.barber_id} />}
      <BookingCard shopId={shopId} agenda={agenda} booking={booking} lng={lng} onClose={() => setOpened(null)} onChanged={() => void refetch()} />
      <NewBookingSheet
        key={slot ? `${slot.barberId}-${slot.start}` : "none"}
        shopId={shopId}
        agenda={agenda}
        slot={slot}
        canBlock={Boolean(permissions?.["time.manage"])}
        blockOwnOnly={permissions?.["time.manage"] === "own"}
        onClose={() => setSlot(null)}
        onDone={() => {
          setSlot(null);
          void refetch();
        }}
      />
    </div>
  );
}

function Legend() {
  const { t } = useT("agenda");
  const items = [
    { key: "booked", className: "border-primary bg-primary/20" },
    { key: "free", className: "border-line bg-surface-2" },
    { key: "blocked", className: "border-danger/60", style: HATCH },
    { key: "closed", className: "border-line bg-bg" },
  ];
  return (
    <ul aria-label={t("legend")} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
      {items.map((i) => (
        <li key={i.key} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block h-3 w-5 rounded border ${i.className}`} style={i.style} />
          {t(`legendItems.${i.key}`)}
        </li>
      ))}
    </ul>
  );
}
