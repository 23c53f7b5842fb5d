"use client";
import { useT } from "next-i18next/client";
import type { TBookingInTheWay } from "@/lib/api/team";

/** The bookings a change would leave out, and the choice: keep them as they are and save, or go back. */
export function InTheWay({
  bookings,
  timezone,
  onKeep,
  onCancel,
  busy,
}: {
  bookings: TBookingInTheWay[];
  timezone?: string;
  onKeep: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const { t, i18n } = useT("team");
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: timezone ?? "America/Sao_Paulo" }).format(new Date(iso));
  return (
    <div role="alertdialog" aria-labelledby="in-the-way-title" className="card mt-4 border-primary p-4">
      <h3 id="in-the-way-title" className="font-semibold">
        {t("inTheWay.title", { count: bookings.length })}
      </h3>
      <p className="mt-1 text-sm text-muted">{t("inTheWay.explain")}</p>
      <ul className="mt-3 space-y-2 text-sm">
        {bookings.map((b) => (
          <li key={b.id} className="rounded-lg bg-surface-2 p-3">
            <span className="font-medium">{when(b.starts_at)}</span> · {b.client_name} · {b.barber.name}
            {b.services.length > 0 && <span className="block text-muted">{b.services.map((s) => s.name).join(", ")}</span>}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={onKeep} disabled={busy}>
          {t("inTheWay.keep")}
        </button>
        <button type="button" className="btn-ghost" onClick={onCancel} disabled={busy}>
          {t("inTheWay.back")}
        </button>
      </div>
    </div>
  );
}
