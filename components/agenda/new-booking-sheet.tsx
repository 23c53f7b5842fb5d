"use client";
import { useT } from "next-i18next/client";
import { useEffect, useId, useState } from "react";
import { blockTime, bookAtFrontDesk, findShopClients } from "@/lib/api/agenda";
import { errorCode, errorMessage } from "@/lib/api/errors";
import type { TAgenda, TAgendaClients } from "@/lib/contract/agenda";
import { Sheet } from "@/components/ui/sheet";
import { toHour, toMinutes } from "./time";

type Client = TAgendaClients["items"][number];

/**
 * The front desk's sheet on an empty time: a walk-in or a call (name and phone, or one of the shop's clients found as
 * you type), then confirm. For whoever manages the barber's time, blocking that time instead.
 */
export function NewBookingSheet({
  shopId,
  agenda,
  slot,
  canBlock,
  blockOwnOnly,
  onClose,
  onDone,
}: {
  shopId: number;
  agenda: TAgenda;
  slot: { barberId: number; start: string } | null;
  canBlock: boolean;
  blockOwnOnly: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT("agenda");
  const [tab, setTab] = useState<"book" | "block">("book");
  // Remounted for each time tapped (its key): a fresh sheet, the first service chosen.
  const [services, setServices] = useState<number[]>(() => (agenda.services[0] ? [agenda.services[0].id] : []));
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [client, setClient] = useState<Client | null>(null);
  const [found, setFound] = useState<Client[]>([]);
  const [end, setEnd] = useState("");
  const [weekly, setWeekly] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listId = useId();

  // The shop's clients whose name or phone holds what is typed, a moment after the typing stops.
  useEffect(() => {
    if (client || name.trim().length < 2) return;
    let alive = true;
    const id = setTimeout(async () => {
      try {
        const { data } = await findShopClients(shopId, name.trim());
        if (alive) setFound(data.items);
      } catch {
        if (alive) setFound([]);
      }
    }, 250);
    return () => {
      alive = false;
      clearTimeout(id);
    };
  }, [name, client, shopId]);

  if (!slot)
    return (
      <Sheet open={false} title="" closeLabel={t("close")} onClose={onClose}>
        {null}
      </Sheet>
    );
  const barber = agenda.columns.find((c) => c.barber.id === slot.barberId)?.barber;
  const mayBlock = canBlock;
  const startMinutes = toMinutes(slot.start);
  const dayEnd = Math.max(...(agenda.columns.find((c) => c.barber.id === slot.barberId)?.days[0]?.hours.map((h) => toMinutes(h.end)) ?? [startMinutes + 60]));
  const ends: string[] = [];
  for (let m = startMinutes + agenda.step_minutes; m <= Math.max(dayEnd, startMinutes + agenda.step_minutes); m += agenda.step_minutes)
    ends.push(toHour(Math.min(m, 23 * 60 + 59)));
  const shownFound = client || name.trim().length < 2 ? [] : found;

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      if (tab === "book") {
        await bookAtFrontDesk(shopId, {
          barber_id: slot!.barberId,
          date: agenda.date,
          start_hour: slot!.start,
          services,
          client: client ? { id: client.id } : { name: name.trim(), phone },
        });
      } else {
        await blockTime(shopId, {
          barber_id: slot!.barberId,
          date: agenda.date,
          start_hour: slot!.start,
          end_hour: end || ends[0],
          weekly,
          reason: reason.trim() || undefined,
        });
      }
      onDone();
    } catch (err) {
      // A block over bookings names them (nothing was saved): the ones in the way, by time and client.
      const details = (err as { response?: { data?: { details?: { path: string; message: string }[] } } }).response?.data?.details ?? [];
      const inTheWay =
        errorCode(err) === "BLOCK_OVER_BOOKINGS"
          ? details.map((d) => agenda.bookings.find((b) => String(b.id) === d.message)).filter((b) => b !== undefined)
          : [];
      setError([errorMessage(err), ...inTheWay.map((b) => `${b.start_hour}–${b.end_hour} · ${b.client.name}`)].join("\n"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Sheet open title={t("sheet.title", { barber: barber?.name ?? "", time: slot.start })} closeLabel={t("close")} onClose={onClose}>
      {mayBlock && (
        <div role="radiogroup" aria-label={t("sheet.what")} className="mb-4 grid grid-cols-2 gap-2">
          {(["book", "block"] as const).map((x) => (
            <label key={x} className={`btn-ghost cursor-pointer ${tab === x ? "border-primary text-primary" : ""}`}>
              <input type="radio" className="sr-only" name="sheet-what" checked={tab === x} onChange={() => setTab(x)} />
              {t(`sheet.${x}`)}
            </label>
          ))}
        </div>
      )}
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {tab === "book" ? (
          <>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t("sheet.services")}</legend>
              {agenda.services.length === 0 && <p className="text-sm text-muted">{t("sheet.noServices")}</p>}
              {agenda.services.map((s) => (
                <label key={s.id} className="flex min-h-11 items-center gap-3 rounded-lg border border-line px-3">
                  <input
                    type="checkbox"
                    className="size-5 accent-[var(--color-primary)]"
                    checked={services.includes(s.id)}
                    onChange={(e) => setServices((cur) => (e.target.checked ? [...cur, s.id] : cur.filter((x) => x !== s.id)))}
                  />
                  <span className="flex-1">{s.name}</span>
                  <span className="text-sm text-muted">{s.duration_minutes} min</span>
                </label>
              ))}
            </fieldset>
            <div className="relative grid gap-1">
              <label htmlFor={`${listId}-name`} className="text-sm font-medium">
                {t("sheet.clientName")}
              </label>
              <input
                id={`${listId}-name`}
                className="input"
                required
                autoComplete="off"
                role="combobox"
                aria-expanded={shownFound.length > 0}
                aria-controls={`${listId}-list`}
                aria-autocomplete="list"
                value={client ? client.name : name}
                onChange={(e) => {
                  setClient(null);
                  setName(e.target.value);
                }}
              />
              {shownFound.length > 0 && (
                <ul id={`${listId}-list`} role="listbox" aria-label={t("sheet.found")} className="card mt-1 grid max-h-48 overflow-y-auto p-1">
                  {shownFound.map((c) => (
                    <li key={c.id} role="option" aria-selected={false}>
                      <button
                        type="button"
                        className="min-h-11 w-full rounded-lg px-3 text-left hover:bg-surface-2 focus-visible:bg-surface-2"
                        onClick={() => setClient(c)}
                      >
                        <span className="block font-medium">{c.name}</span>
                        <span className="block text-xs text-muted">
                          {c.phone} · {t("sheet.visits", { count: c.visits })}
                          {c.no_shows > 0 ? ` · ${t("card.noShows", { count: c.no_shows })}` : ""}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {client ? (
              <p className="flex items-center justify-between gap-2 text-sm text-muted">
                <span>
                  {t("sheet.existing", { phone: client.phone ?? "" })}
                  {client.no_shows > 0 && <span className="block text-danger">{t("card.noShows", { count: client.no_shows })}</span>}
                </span>
                <button type="button" className="btn-ghost px-3" onClick={() => setClient(null)}>
                  {t("sheet.otherClient")}
                </button>
              </p>
            ) : (
              <label className="grid gap-1 text-sm font-medium">
                {t("sheet.clientPhone")}
                <input
                  className="input"
                  required
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder="(11) 91234-5678"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                />
              </label>
            )}
            <p className="text-sm text-muted">{t("sheet.told")}</p>
          </>
        ) : (
          <>
            <label className="grid gap-1 text-sm font-medium">
              {t("sheet.until")}
              <select className="input" value={end || ends[0]} onChange={(e) => setEnd(e.target.value)}>
                {ends.map((x) => (
                  <option key={x}>{x}</option>
                ))}
              </select>
            </label>
            <label className="flex min-h-11 items-center gap-3 text-sm">
              <input type="checkbox" className="size-5 accent-[var(--color-primary)]" checked={weekly} onChange={(e) => setWeekly(e.target.checked)} />
              {t("sheet.weekly")}
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t("sheet.reason")}
              <input className="input" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
            {blockOwnOnly && <p className="text-sm text-muted">{t("sheet.ownTime")}</p>}
          </>
        )}
        {error && (
          <p role="alert" className="rounded-lg border border-danger/60 p-3 text-sm whitespace-pre-line text-danger">
            {error}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={busy || (tab === "book" && services.length === 0)} aria-busy={busy}>
          {tab === "book" ? t("sheet.confirm") : t("sheet.confirmBlock")}
        </button>
      </form>
    </Sheet>
  );
}
