"use client";
import { useT } from "next-i18next/client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { Link } from "@/components/ui/link";
import { LoadingBlock } from "@/components/ui/skeleton";
import { useShopClients, type TCardRef, type TClients } from "@/lib/api/clients";
import { errorMessage } from "@/lib/api/errors";
import { dateFormat } from "@/lib/i18n/format";
import { ClientCard, GuestBadge } from "./client-card";
import { cardQuery, shownPhone } from "./format";

/** What a value typed in the search box asks the server for, once the typing pauses. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The card in the URL: a client's account (`?cliente=12`), or a guest by one of his bookings (`?convidado=34`). */
function pickedOf(search: URLSearchParams): TCardRef | null {
  const client = Number(search.get("cliente"));
  if (Number.isSafeInteger(client) && client > 0) return { guest: false, id: client };
  const guest = Number(search.get("convidado"));
  if (Number.isSafeInteger(guest) && guest > 0) return { guest: true, id: guest };
  return null;
}

const same = (a: TCardRef | null, b: TCardRef) => a !== null && a.guest === b.guest && a.id === b.id;

/**
 * The shop's clients and guests: a search box with the list below it, and the card of the one in the URL.
 * On a phone one at a time (the card with a way back to the list); side by side on a wider screen.
 */
export function ClientsView({ shopId, lng }: { shopId: number; lng: string }) {
  const { t } = useT("clients");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const picked = pickedOf(search);
  const [q, setQ] = useState("");
  const settled = useSettled(q.trim());
  const { data, error, isLoading } = useShopClients(shopId, settled);
  const inputId = useId();
  const hrefOf = (who: TCardRef | null) => (who ? `${pathname}?${cardQuery(who)}` : pathname);

  return (
    <div className="md:grid md:grid-cols-[minmax(16rem,22rem)_1fr] md:gap-6">
      <section aria-labelledby={`${inputId}-list`} className={picked ? "hidden md:block" : undefined}>
        <h2 id={`${inputId}-list`} className="sr-only">
          {t("list.label")}
        </h2>
        <label htmlFor={inputId} className="mb-1 block text-sm">
          {t("search.label")}
        </label>
        <input
          id={inputId}
          type="search"
          className="input w-full"
          placeholder={t("search.placeholder")}
          autoComplete="off"
          maxLength={60}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <div className="mt-4">
          <ClientList data={data} error={error} loading={isLoading && !data} q={settled} picked={picked} hrefOf={hrefOf} lng={lng} />
        </div>
      </section>
      <div className={picked ? undefined : "hidden md:block"}>
        {picked ? (
          <>
            <p className="mb-3 md:hidden">
              <button type="button" className="btn-ghost min-h-11" onClick={() => router.push(hrefOf(null))}>
                ← {t("card.back")}
              </button>
            </p>
            <ClientCard key={`${picked.guest ? "g" : "c"}${picked.id}`} shopId={shopId} who={picked} lng={lng} />
          </>
        ) : (
          <p className="card p-6 text-muted">{t("card.pick")}</p>
        )}
      </div>
    </div>
  );
}

function ClientList({
  data,
  error,
  loading,
  q,
  picked,
  hrefOf,
  lng,
}: {
  data: TClients | undefined;
  error: unknown;
  loading: boolean;
  q: string;
  picked: TCardRef | null;
  hrefOf: (who: TCardRef) => string;
  lng: string;
}) {
  const { t } = useT("clients");
  if (error)
    return (
      <p role="alert" className="card p-4 text-danger">
        {errorMessage(error)}
      </p>
    );
  if (loading || !data) return <LoadingBlock label={t("search.loading")} rows={4} />;
  if (data.items.length === 0) return <p className="card p-6 text-muted">{q ? t("list.noMatch", { q }) : t("list.empty")}</p>;
  return (
    <ul className="grid gap-2" aria-label={t("list.label")}>
      {data.items.map((c) => (
        <li key={`${c.guest ? "g" : "c"}${c.id}`}>
          <Link
            href={hrefOf(c)}
            aria-current={same(picked, c) ? "true" : undefined}
            className="card block min-h-11 p-3 hover:border-primary aria-[current=true]:border-primary"
          >
            <span className="flex flex-wrap items-center gap-2 font-semibold">
              {c.name}
              {c.guest && <GuestBadge />}
            </span>
            {c.phone && <span className="block text-sm text-muted">{shownPhone(c.phone)}</span>}
            <span className="mt-1 block text-xs text-muted">
              {t("list.visits", { count: c.visits })}
              {c.no_shows > 0 && <span className="text-danger"> · {t("list.noShows", { count: c.no_shows })}</span>}
              {c.last_visit &&
                ` · ${t("list.last", { date: dateFormat(lng, { day: "numeric", month: "short", year: "numeric" }).format(new Date(c.last_visit)) })}`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
