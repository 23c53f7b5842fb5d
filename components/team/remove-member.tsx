"use client";
import { useT } from "next-i18next/client";
import { useEffect, useState } from "react";
import { errorMessage } from "@/lib/api/errors";
import { type TBarberProfile, type TBookingInTheWay, type TStaffMember, removalPreview, removeMember } from "@/lib/api/team";

type Choice = { action: "cancel" } | { action: "move"; barber_id: number };

/**
 * Taking a member off the team: each of his bookings to come is moved to another barber or cancelled (the client
 * told) before the removal is saved.
 */
export function RemoveMember({
  shopId,
  member,
  barbers,
  onDone,
  onClose,
}: {
  shopId: string;
  member: TStaffMember;
  barbers: TBarberProfile[];
  onDone: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useT("team");
  const [bookings, setBookings] = useState<TBookingInTheWay[] | null>(null);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    removalPreview(shopId, member.staff_id).then(
      ({ data }) => setBookings(data.bookings),
      (err) => setFailure(errorMessage(err)),
    );
  }, [shopId, member.staff_id]);

  const others = barbers.filter((b) => b.id !== member.barber?.id);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(new Date(iso));
  const ready = bookings !== null && bookings.every((b) => choices[b.id]);

  async function confirm() {
    if (!bookings) return;
    setBusy(true);
    setFailure(null);
    try {
      await removeMember(shopId, member.staff_id, { resolutions: bookings.map((b) => ({ booking_id: b.id, ...choices[b.id] })) });
      onDone();
    } catch (err) {
      setFailure(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <div role="dialog" aria-labelledby={`remove-${member.staff_id}`} className="card mt-3 border-danger p-4">
      <h3 id={`remove-${member.staff_id}`} className="font-semibold">
        {t("remove.title", { name: member.name })}
      </h3>
      {bookings === null && !failure && <p className="mt-2 text-sm text-muted">{t("loading")}</p>}
      {bookings && bookings.length === 0 && <p className="mt-2 text-sm">{t("remove.none")}</p>}
      {bookings && bookings.length > 0 && (
        <>
          <p className="mt-2 text-sm text-muted">{t("remove.explain", { count: bookings.length })}</p>
          <ul className="mt-3 space-y-3">
            {bookings.map((b) => {
              const value = choices[b.id] ? (choices[b.id].action === "cancel" ? "cancel" : String((choices[b.id] as { barber_id: number }).barber_id)) : "";
              return (
                <li key={b.id} className="rounded-lg bg-surface-2 p-3 text-sm">
                  <label htmlFor={`resolve-${b.id}`} className="block">
                    <span className="font-medium">{when(b.starts_at)}</span> · {b.client_name}
                    {b.services.length > 0 && <span className="text-muted"> · {b.services.map((s) => s.name).join(", ")}</span>}
                  </label>
                  <select
                    id={`resolve-${b.id}`}
                    className="input mt-2"
                    value={value}
                    onChange={(e) =>
                      setChoices((c) => ({
                        ...c,
                        [b.id]: e.target.value === "cancel" ? { action: "cancel" } : { action: "move", barber_id: Number(e.target.value) },
                      }))
                    }
                  >
                    <option value="" disabled>
                      {t("remove.choose")}
                    </option>
                    {others.map((o) => (
                      <option key={o.id} value={o.id}>
                        {t("remove.moveTo", { name: o.name })}
                      </option>
                    ))}
                    <option value="cancel">{t("remove.cancel")}</option>
                  </select>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {failure && (
        <p role="alert" className="mt-3 text-danger">
          {failure}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={!ready || busy} onClick={confirm}>
          {t("remove.confirm")}
        </button>
        <button type="button" className="btn-ghost" onClick={onClose} disabled={busy}>
          {t("inTheWay.back")}
        </button>
      </div>
    </div>
  );
}
