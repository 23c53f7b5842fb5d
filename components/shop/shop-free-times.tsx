"use client";
import { useEffect, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { Link } from "@/components/ui/link";
import { fetchNextFreeTimes } from "@/lib/api/shops";
import type { TNextFreeTime } from "@/lib/contract/shops";
import { freeTimeDay, freeTimeHref } from "./format";

export type ShopFreeTimesLabels = {
  /** "Próximos horários livres para <service>", the service the page was rendered with. */
  title: string;
  /** The same with `{service}` to fill in: the times answered name another service (its bookings moved it ahead). */
  titleFor: string;
  today: string;
  tomorrow: string;
  /** "horário da barbearia, UTC{offset}": `{offset}` is filled in here. */
  zone: string;
  /** "Agendar {when} na <shop>": `{when}` is filled in here. */
  bookAt: string;
  none: string;
  other: string;
  /** The booking's link when no time could be shown: read without JavaScript, or the request failed. */
  see: string;
  loading: string;
};

const bookLink = "min-h-11 items-center font-semibold text-primary underline underline-offset-4";

/** The visitor's UTC offset ("-03:00") at the first free time. */
function visitorOffset(items: TNextFreeTime[]): string {
  const minutes = -new Date(items[0].starts_at).getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/**
 * The shop page's next free times, under its name: the page is cached, so they are read when it opens
 * (GET /v3/barbershop/{id}/next-free-times; a plain fetch: a visitor's page carries no SWR nor axios). Each opens the
 * booking with service, barber (or any), day and time chosen. The row keeps its height from the first paint
 * (three grey chips) to the answer, so nothing below it moves.
 */
export function ShopFreeTimes({
  shopId,
  slug,
  bookHref,
  labels,
  lng,
  serviceId,
}: {
  shopId: number;
  slug: string;
  bookHref: string;
  labels: ShopFreeTimesLabels;
  lng: string;
  /** The service the title names. */
  serviceId: number;
}) {
  const [items, setItems] = useState<TNextFreeTime[] | "failed" | null>(null);
  useEffect(() => {
    let live = true;
    fetchNextFreeTimes(shopId, lng)
      .then((body) => live && setItems(body.items))
      .catch(() => live && setItems("failed"));
    return () => {
      live = false;
    };
  }, [shopId, lng]);

  // The shop's zone is said only to a visitor whose clock is in another one (Manaus reading a São Paulo shop).
  // On one line, as on the lists' cards ("03:00" wrapped alone at 320 px).
  const offset = Array.isArray(items) && items.length > 0 ? /([+-]\d{2}:\d{2})$/.exec(items[0].starts_at)?.[1] : undefined;
  const otherZone = offset !== undefined && offset !== visitorOffset(items as TNextFreeTime[]);
  // The page is cached: the times may stand for another service since it was rendered (even one added since). They
  // name it.
  const answered = Array.isArray(items) && items.length > 0 ? items[0] : null;
  const title = answered && answered.service_id !== serviceId ? labels.titleFor.replace("{service}", answered.service_name) : labels.title;
  return (
    <section aria-labelledby="free-times-title" className="mt-3">
      <h2 id="free-times-title" className="text-sm font-semibold">
        {title}
        {/* The dot stays at the end of the first line when the zone wraps to the next (a line never starts with it). */}
        {otherZone && (
          <span className="font-normal text-muted">
            {"\u00a0· "}
            <span className="whitespace-nowrap">{labels.zone.replace("{offset}", offset!)}</span>
          </span>
        )}
      </h2>
      <div className="mt-2 flex min-h-14 items-center" aria-busy={items === null}>
        {items === null ? (
          <>
            <div role="status" aria-label={labels.loading} className="flex gap-2 noscript:hidden">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-14 w-20" />
              ))}
            </div>
            {/* Without JavaScript nothing will fetch the times: not grey chips pulsing for ever, the booking's link. */}
            <Link href={bookHref} className={`hidden noscript:inline-flex ${bookLink}`}>
              {labels.see}
            </Link>
          </>
        ) : items === "failed" || items.length === 0 ? (
          // Nothing free today or tomorrow (or the times could not be read): the booking has the other days.
          <p role="status" className="text-sm text-muted">
            {items === "failed" ? null : `${labels.none} `}
            <Link href={bookHref} className={`inline-flex ${bookLink}`}>
              {items === "failed" ? labels.see : labels.other}
            </Link>
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {items.map((f) => {
              const day = freeTimeDay(lng, f.starts_at);
              const dayText = day === "today" ? labels.today : day === "tomorrow" ? labels.tomorrow : day;
              const time = f.starts_at.slice(11, 16);
              return (
                <li key={f.starts_at}>
                  <Link
                    href={freeTimeHref(slug, f)}
                    aria-label={labels.bookAt.replace("{when}", `${dayText} ${time}`)}
                    className="inline-flex h-14 min-w-20 flex-col items-center justify-center rounded-xl border border-primary/60 px-3 text-primary hover:bg-primary hover:text-primary-ink"
                  >
                    <span className="text-xs">{dayText}</span>
                    <span className="font-semibold tabular-nums">{time}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
