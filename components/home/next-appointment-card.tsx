"use client";
import { Link } from "@/components/ui/link";
import { formatLongDate, nearDay } from "@/components/booking/format";
import { useMyAppointments } from "@/lib/api/data";

/** The first of the client's upcoming appointments, or nothing (none, or the list could not be read). */
export type NextAppointmentLabels = { title: string; today: string; tomorrow: string; with: string };

export function NextAppointmentCard({ labels, lng }: { labels: NextAppointmentLabels; lng: string }) {
  const { data } = useMyAppointments("upcoming", 1, true);
  const a = data?.[0]?.items[0];
  if (!a) return null;
  const near = nearDay(a.date, a.timezone);
  const day = near ? labels[near] : formatLongDate(lng, a.date, { weekday: "short", day: "numeric", month: "short" });
  return (
    <Link
      href={`/agendamento/${a.id}`}
      className="card mb-6 flex max-w-xl items-center justify-between gap-3 border-primary/50 p-4 hover:border-primary"
      data-testid="next-appointment"
    >
      <span className="min-w-0">
        <span className="block text-xs font-semibold tracking-wide text-primary uppercase">{labels.title}</span>
        <span className="block font-semibold">
          {day} · {a.start_hour}
        </span>
        <span className="block text-sm break-words text-muted">
          {a.barbershop.name} · {labels.with} {a.barber.name}
        </span>
      </span>
      <span aria-hidden="true" className="shrink-0 text-xl text-primary">
        →
      </span>
    </Link>
  );
}
