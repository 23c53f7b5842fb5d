"use client";
import { useT } from "next-i18next/client";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "@/components/ui/link";
import { LoadingBlock } from "@/components/ui/skeleton";
import { listenToAgenda, moveBooking, useAgenda } from "@/lib/api/agenda";
import { errorMessage } from "@/lib/api/errors";
import { useSession } from "@/lib/api/session";
import { useApi } from "@/lib/api/swr";
import { useDismiss } from "@/lib/hooks/use-dismiss";
import { useHydrated } from "@/lib/hooks/use-hydrated";
import type { TAgendaBooking } from "@/lib/contract/agenda";
import type { TStaffShopAnswer } from "@/lib/contract/staff";
import { BookingCard } from "./booking-card";
import { DayGrid, type GridMove, HATCH } from "./day-grid";
import { FeedPanel } from "./feed-panel";
import { NewBookingSheet } from "./new-booking-sheet";
import { addDays, shopClock } from "./time";

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
  const mounted = useHydrated();
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
  const [dragError, setDragError] = useState<string | null>(null);
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
  const canChangeBarber = permissions?.["bookings.manage"] === "all";
  const dropBooking = async (b: TAgendaBooking, move: GridMove) => {
    setDragError(null);
    try {
      await moveBooking(shopId, b.id, {
        date: b.date,
        start_hour: move.start,
        ...(move.barberId !== b.barber_id ? { barber_id: move.barberId } : {}),
        ...(move.end ? { end_hour: move.end } : {}),
      });
    } catch (err) {
      setDragError(errorMessage(err));
    }
    void refetch();
  };

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
  const shortDateLabel = new Intl.DateTimeFormat(lng, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${agenda.date}T12:00:00Z`),
  );
  // Without the weekday on the narrowest phones (320 px), where "Fri, Dec 4" would be cut.
  const tinyDateLabel = new Intl.DateTimeFormat(lng, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${agenda.date}T12:00:00Z`));
  const zoneName = new Intl.DateTimeFormat(lng, { timeZone: agenda.timezone, timeZoneName: "long" })
    .formatToParts(now)
    .find((p) => p.type === "timeZoneName")?.value;
  const zoneLabel = t("timezone", { zone: zoneName ? `${zoneName} (${agenda.timezone})` : agenda.timezone });

  return (
    <div>
      <div className="mb-2 flex items-center gap-2 md:mb-4">
        <h1 className="sr-only mr-auto text-2xl font-bold first-letter:uppercase md:not-sr-only md:text-3xl">{dateLabel}</h1>
        <span className="hidden md:inline">
          <LiveStatus live={live} />
        </span>
      </div>
      <nav aria-label={t("dayNav")} className="flex items-center gap-2 md:mb-3 md:flex-wrap">
        <button type="button" className="btn-ghost shrink-0 px-3 md:px-5" onClick={() => goTo(addDays(agenda.date, -1))}>
          <span aria-hidden="true" className="md:hidden">
            ‹
          </span>
          <span className="sr-only md:not-sr-only">{t("previousDay")}</span>
        </button>
        <label className="relative flex min-h-11 min-w-0 flex-1 items-center justify-center rounded-full border border-line px-3 text-sm font-semibold focus-within:border-primary md:order-last md:flex-none md:border-0 md:p-0 md:font-normal">
          <span aria-hidden="true" className="truncate first-letter:uppercase max-[359px]:hidden md:hidden">
            {shortDateLabel}
          </span>
          <span aria-hidden="true" className="truncate min-[360px]:hidden">
            {tinyDateLabel}
          </span>
          <span className="sr-only">{t("pickDay")}</span>
          <input
            type="date"
            className="input absolute inset-0 h-full w-full cursor-pointer opacity-0 md:static md:w-auto md:opacity-100"
            value={agenda.date}
            onChange={(e) => e.target.value && goTo(e.target.value)}
            onClick={(e) => {
              // A tap anywhere on the day opens the calendar, where the browser can (the field itself is hidden on a phone).
              try {
                e.currentTarget.showPicker?.();
              } catch {
                // The browser refuses outside a user's gesture or on a read-only field: the field still takes typing.
              }
            }}
          />
        </label>
        <button type="button" className="btn-ghost shrink-0 px-3 md:order-none md:px-5" onClick={() => goTo(addDays(agenda.date, 1))}>
          <span aria-hidden="true" className="md:hidden">
            ›
          </span>
          <span className="sr-only md:not-sr-only">{t("nextDay")}</span>
        </button>
        <button
          type="button"
          className="btn-ghost shrink-0 px-3 md:-order-1 md:px-5"
          onClick={() => goTo(clock.date)}
          aria-current={agenda.date === clock.date ? "date" : undefined}
        >
          {t("today")}
        </button>
      </nav>
      <div className="mt-2 flex items-center gap-2 md:mt-0 md:block">
        {agenda.columns.length > 1 && (
          <label className="min-w-0 flex-1 md:hidden">
            <span className="sr-only">{t("barberPicker")}</span>
            <select className="input min-h-10 py-1 text-sm" value={shownBarber ?? ""} onChange={(e) => setBarberId(Number(e.target.value))}>
              {agenda.columns.map((c) => (
                <option key={c.barber.id} value={c.barber.id}>
                  {c.barber.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="mr-auto md:hidden">
          <LiveStatus live={live} compact={agenda.columns.length > 1} />
        </span>
        <DayDetails zoneLabel={zoneLabel} />
      </div>
      {agenda.columns.length === 0 ? (
        <div className="card mt-4 p-6 text-center">
          <p>{t("noBarbers")}</p>
        </div>
      ) : (
        <>
          {agenda.bookings.length === 0 && agenda.blocks.length === 0 && <p className="mt-2 text-sm text-muted md:mt-4">{t("emptyDay")}</p>}
          <DayGrid
            agenda={agenda}
            shownBarberId={shownBarber}
            nowMinutes={agenda.date === clock.date ? clock.minutes : clock.date > agenda.date ? 24 * 60 : -1}
            onOpenBooking={(b: TAgendaBooking) => setOpened(b.id)}
            onPickSlot={(barber, start) => setSlot({ barberId: barber, start })}
            onMoveBooking={permissions?.["bookings.manage"] ? (b, move) => void dropBooking(b, move) : undefined}
            canChangeBarber={canChangeBarber}
          />
          {dragError && (
            <p role="alert" className="mt-2 rounded-lg border border-danger/60 p-3 text-sm text-danger">
              {dragError}
            </p>
          )}
        </>
      )}
      {shop.data?.me.barber_id != null && <FeedPanel shopId={shopId} barberId={shop.data.me.barber_id} />}
      <BookingCard
        shopId={shopId}
        agenda={agenda}
        booking={booking}
        lng={lng}
        canChangeBarber={canChangeBarber}
        onClose={() => setOpened(null)}
        onChanged={() => void refetch()}
      />
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

/** Whether the stream is up; on a phone beside the barber picker, the word hidden to the eye when space is short. */
function LiveStatus({ live, compact = false }: { live: boolean; compact?: boolean }) {
  const { t } = useT("agenda");
  return (
    <span className="flex items-center gap-2 text-sm text-muted" role="status" aria-live="polite">
      <span aria-hidden="true" className={`inline-block size-2.5 shrink-0 rounded-full ${live ? "bg-success" : "bg-muted"}`} />
      <span className={compact ? "max-[359px]:sr-only" : undefined}>{live ? t("live") : t("offline")}</span>
    </span>
  );
}

/**
 * The day's time zone and the legend: under a menu button on a phone, where the grid needs the room, in the open on a
 * desktop.
 */
function DayDetails({ zoneLabel }: { zoneLabel: string }) {
  const { t } = useT("agenda");
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(open, ref, (how) => {
    setOpen(false);
    if (how === "escape") ref.current?.querySelector("button")?.focus();
  });
  return (
    <div ref={ref} className="relative shrink-0 md:static">
      <button type="button" className="btn-ghost min-h-10 px-3 md:hidden" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        <span aria-hidden="true">⋯</span>
        <span className="sr-only">{t("moreOptions")}</span>
      </button>
      <div
        id={id}
        className={`${open ? "block" : "hidden"} card absolute right-0 top-full z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] p-4 shadow-lg md:static md:mt-0 md:block md:w-auto md:max-w-none md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
      >
        <p className="mb-3 text-sm text-muted md:mb-4">{zoneLabel}</p>
        <Legend />
      </div>
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
    <ul aria-label={t("legend")} className="grid gap-1 text-sm text-muted md:flex md:flex-wrap md:gap-x-4">
      {items.map((i) => (
        <li key={i.key} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block h-3 w-5 rounded border ${i.className}`} style={i.style} />
          {t(`legendItems.${i.key}`)}
        </li>
      ))}
    </ul>
  );
}
