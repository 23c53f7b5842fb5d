"use client";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { formatMoney } from "@/components/shop/format";
import { Link } from "@/components/ui/link";
import { cancelBooking, markBooking, moveBooking } from "@/lib/api/agenda";
import { errorCode, errorMessage } from "@/lib/api/errors";
import { AGENDA_END_GRID_MINUTES, type TAgenda, type TAgendaBooking, type TAgendaMark } from "@/lib/contract/agenda";
import { Sheet } from "@/components/ui/sheet";
import { cardQuery, shownPhone } from "@/components/clients/format";
import { toHour, toMinutes } from "./time";

type Mode = "view" | "move" | "cancel";

/** The latest end a booking may be given the same day, on the grid of ends (lib/contract/agenda.ts). */
const LAST_END = 24 * 60 - AGENDA_END_GRID_MINUTES;

/** A booking's length in minutes, from its instants (one that ends after midnight too). */
const lengthOf = (b: TAgendaBooking) => Math.round((Date.parse(b.ends_at) - Date.parse(b.starts_at)) / 60_000);

/** Every time from `from` to `to` (minutes of the day) on the grid of `step`, "HH:MM". */
function timesBetween(from: number, to: number, step: number): string[] {
  const times: string[] = [];
  for (let m = from; m <= to; m += step) times.push(toHour(m));
  return times;
}

/**
 * A booking's card: who, what, how it was made, and what staff can do with it. Its move sheet changes the day, the
 * time, the end (a resize) and, for the roles that manage every barber's bookings (`canChangeBarber`), the barber.
 */
export function BookingCard({
  shopId,
  agenda,
  booking,
  lng,
  canChangeBarber = false,
  onClose,
  onChanged,
}: {
  shopId: number;
  agenda: TAgenda;
  booking: TAgendaBooking | null;
  lng: string;
  canChangeBarber?: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useT("agenda");
  const [mode, setMode] = useState<Mode>("view");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [date, setDate] = useState("");
  const [start, setStart] = useState("");
  const [barberId, setBarberId] = useState(0);
  /** The booking's length in minutes: the end follows the start, and choosing an end changes it. */
  const [length, setLength] = useState(0);
  const [reason, setReason] = useState("");

  const close = () => {
    setMode("view");
    setError(null);
    setReason("");
    onClose();
  };

  async function run(action: () => Promise<unknown>, after: "close" | "stay" = "close") {
    setBusy(true);
    setError(null);
    try {
      await action();
      onChanged();
      if (after === "close") close();
      else setMode("view");
    } catch (err) {
      setError(errorMessage(err));
      // A stale card (cancelled meanwhile): the day is read again so that it shows what is true.
      if (errorCode(err) === "BOOKING_CANCELLED" || errorCode(err) === "SLOT_TAKEN") onChanged();
    } finally {
      setBusy(false);
    }
  }

  if (!booking)
    return (
      <Sheet open={false} title="" closeLabel={t("close")} onClose={close}>
        {null}
      </Sheet>
    );
  const cancelled = booking.status === "cancelled";
  const column = agenda.columns.find((c) => c.barber.id === booking.barber_id);
  const bookedLength = lengthOf(booking);
  // The times offered are those of the barber the booking goes to, on the day the agenda shows.
  const target = agenda.columns.find((c) => c.barber.id === barberId) ?? column;
  const hours = target?.days[0]?.hours ?? [];
  const times = hours.flatMap((h) => timesBetween(toMinutes(h.start), toMinutes(h.end) - 1, agenda.step_minutes));
  const startMinutes = start ? toMinutes(start) : 0;
  const end = toHour(Math.min(startMinutes + length, LAST_END));
  const dayEnd = Math.max(startMinutes + length, ...hours.map((h) => toMinutes(h.end)));
  const ends = timesBetween(startMinutes + AGENDA_END_GRID_MINUTES, Math.min(dayEnd, LAST_END), AGENDA_END_GRID_MINUTES);
  const barbers = canChangeBarber ? agenda.columns.map((c) => c.barber) : [];
  const submitMove = () =>
    moveBooking(shopId, booking.id, {
      date,
      start_hour: start,
      ...(barberId !== booking.barber_id ? { barber_id: barberId } : {}),
      ...(length !== bookedLength ? { end_hour: end } : {}),
    });
  const mark = (m: TAgendaMark) => run(() => markBooking(shopId, booking.id, m), "stay");

  return (
    <Sheet open title={t("card.title", { start: booking.start_hour, end: booking.end_hour })} closeLabel={t("close")} onClose={close}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{t("card.client")}</dt>
        <dd>
          <span className="font-semibold">{booking.client.name}</span>
          {booking.client.phone && <span className="block text-muted">{shownPhone(booking.client.phone)}</span>}
          {booking.client.no_shows > 0 && <span className="mt-1 block text-danger">{t("card.noShows", { count: booking.client.no_shows })}</span>}
          {(booking.client.id !== null || Boolean(booking.client.phone)) && (
            <Link
              href={`/painel/${shopId}/clientes?${cardQuery(booking.client.id !== null ? { guest: false, id: booking.client.id } : { guest: true, id: booking.id })}`}
              className="mt-1 inline-block min-h-11 py-2 text-primary underline underline-offset-4"
            >
              {t("card.clientCard")}
            </Link>
          )}
        </dd>
        <dt className="text-muted">{t("card.barber")}</dt>
        <dd>{column?.barber.name}</dd>
        <dt className="text-muted">{t("card.services")}</dt>
        <dd>{booking.services.map((s) => `${s.name} (${s.duration_minutes} min)`).join(", ")}</dd>
        {booking.add_ons.length > 0 && (
          <>
            <dt className="text-muted">{t("card.addOns")}</dt>
            <dd>{booking.add_ons.map((p) => `${p.quantity}× ${p.name}`).join(", ")}</dd>
          </>
        )}
        <dt className="text-muted">{t("card.total")}</dt>
        <dd>{formatMoney(lng, booking.total)}</dd>
        <dt className="text-muted">{t("card.source")}</dt>
        <dd>{t(`sources.${booking.source}`)}</dd>
        <dt className="text-muted">{t("card.status")}</dt>
        <dd>
          {t(`statuses.${booking.status}`)}
          {booking.mark && ` · ${t(`marks.${booking.mark}`)}`}
        </dd>
        {booking.notes && (
          <>
            <dt className="text-muted">{t("card.notes")}</dt>
            <dd className="whitespace-pre-line">{booking.notes}</dd>
          </>
        )}
        {booking.cancel_reason && (
          <>
            <dt className="text-muted">{t("card.cancelReason")}</dt>
            <dd>{booking.cancel_reason}</dd>
          </>
        )}
      </dl>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-danger/60 p-3 text-sm text-danger">
          {error}
        </p>
      )}
      {!cancelled && mode === "view" && (
        <div className="mt-5 grid gap-2">
          <div className="grid grid-cols-3 gap-2">
            <button type="button" className="btn-ghost px-2" disabled={busy} onClick={() => mark("arrived")}>
              {t("actions.arrived")}
            </button>
            <button type="button" className="btn-ghost px-2" disabled={busy} onClick={() => mark("completed")}>
              {t("actions.completed")}
            </button>
            <button type="button" className="btn-ghost px-2" disabled={busy} onClick={() => mark("no_show")}>
              {t("actions.noShow")}
            </button>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <button
              type="button"
              className="btn-ghost"
              disabled={busy}
              onClick={() => {
                setDate(booking.date);
                setStart(booking.start_hour);
                setBarberId(booking.barber_id);
                setLength(bookedLength);
                setMode("move");
              }}
            >
              {t("actions.move")}
            </button>
            <button type="button" className="btn-ghost text-danger" disabled={busy} onClick={() => setMode("cancel")}>
              {t("actions.cancel")}
            </button>
          </div>
        </div>
      )}
      {mode === "move" && (
        <form
          className="mt-5 grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void run(submitMove);
          }}
        >
          {barbers.length > 1 && (
            <label className="grid gap-1 text-sm">
              {t("move.barber")}
              <select className="input" value={barberId} onChange={(e) => setBarberId(Number(e.target.value))}>
                {barbers.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="grid gap-1 text-sm">
            {t("move.date")}
            <input type="date" className="input" required value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
          <label className="grid gap-1 text-sm">
            {t("move.time")}
            {date === agenda.date && times.length > 0 ? (
              <select className="input" value={start} onChange={(e) => setStart(e.target.value)}>
                {times.map((x) => (
                  <option key={x}>{x}</option>
                ))}
              </select>
            ) : (
              <input type="time" className="input" required step={agenda.step_minutes * 60} value={start} onChange={(e) => setStart(e.target.value)} />
            )}
          </label>
          <label className="grid gap-1 text-sm">
            {t("move.end")}
            {date === agenda.date && ends.length > 0 ? (
              <select className="input" value={end} onChange={(e) => setLength(toMinutes(e.target.value) - startMinutes)}>
                {ends.map((x) => (
                  <option key={x}>{x}</option>
                ))}
              </select>
            ) : (
              <input
                type="time"
                className="input"
                required
                step={AGENDA_END_GRID_MINUTES * 60}
                value={end}
                onChange={(e) => e.target.value && setLength(toMinutes(e.target.value) - startMinutes)}
              />
            )}
          </label>
          <p className="text-sm text-muted">{t("move.told")}</p>
          <div className="flex gap-2">
            <button type="button" className="btn-ghost flex-1" onClick={() => setMode("view")}>
              {t("back")}
            </button>
            <button type="submit" className="btn-primary flex-1" disabled={busy} aria-busy={busy}>
              {t("move.confirm")}
            </button>
          </div>
        </form>
      )}
      {mode === "cancel" && (
        <form
          className="mt-5 grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => cancelBooking(shopId, booking.id, { reason }));
          }}
        >
          <label className="grid gap-1 text-sm">
            {t("cancel.reason")}
            <textarea className="input min-h-20 py-2" required maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <p className="text-sm text-muted">{t("cancel.told")}</p>
          <div className="flex gap-2">
            <button type="button" className="btn-ghost flex-1" onClick={() => setMode("view")}>
              {t("back")}
            </button>
            <button type="submit" className="btn flex-1 bg-danger text-black hover:opacity-90" disabled={busy || reason.trim() === ""} aria-busy={busy}>
              {t("cancel.confirm")}
            </button>
          </div>
        </form>
      )}
    </Sheet>
  );
}
