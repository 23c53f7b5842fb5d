"use client";
import { useT } from "next-i18next/client";
import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { formatDuration, formatMoney } from "@/components/shop/format";
import { formatLongDate, zoneLabel } from "@/components/booking/format";
import { bookedItems, type TAppointment } from "@/lib/contract/appointments";
import { formatPhoneBr } from "@/lib/contract/common";
import { StatusBadge } from "./status-badge";

/**
 * One booking at a glance, in the order a client reads it: its state, what, when (the shop's own clock), with whom
 * and where; then the prices that make its total, add-ons included. Just booked, it comes first on the page.
 */
export function AppointmentSummary({ appointment: a, lng, headingLevel }: { appointment: TAppointment; lng: string; headingLevel: 1 | 2 }) {
  const { t } = useT("booking");
  // The shop's zone by name and its offset at that instant, which is what the clock there shows.
  const zone = zoneLabel(lng, a.timezone, a.starts_at);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const what = bookedItems(a);
  return (
    <section className="card p-4 md:p-6" aria-labelledby="appointment-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="appointment-title" className="text-2xl font-bold">
          {t("detail.title", { id: a.id })}
        </Heading>
        <StatusBadge status={a.status} />
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-sm text-muted">{t("detail.what")}</dt>
          <dd className="font-medium">{what}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("summary.when")}</dt>
          <dd className="font-medium">
            {formatLongDate(lng, a.date)} · {a.start_hour}–{a.end_hour}
          </dd>
          <dd className="text-sm text-muted">{t("detail.localTime", { zone })}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("detail.withWhom")}</dt>
          <dd className="mt-1 flex items-center gap-2 font-medium">
            <Avatar name={a.barber.name} url={a.barber.avatar_url} size={32} />
            {a.barber.name}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("detail.where")}</dt>
          <dd className="font-medium">
            <Link className="text-primary underline-offset-2 hover:underline" href={`/barbearia/${a.barbershop.slug}`}>
              {a.barbershop.name}
            </Link>
          </dd>
          <dd className="text-sm text-muted">
            {a.barbershop.address}, {a.barbershop.neighborhood} · {a.barbershop.city} - {a.barbershop.state}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("detail.client")}</dt>
          <dd className="font-medium">{a.client_name}</dd>
          {a.client_phone && <dd className="text-sm text-muted">{formatPhoneBr(a.client_phone)}</dd>}
        </div>
      </dl>
      <AppointmentPrices appointment={a} lng={lng} />
    </section>
  );
}

function AppointmentPrices({ appointment: a, lng }: { appointment: TAppointment; lng: string }) {
  const { t } = useT("booking");
  return (
    <>
      <h2 className="mt-6 text-sm font-semibold text-muted">{t("summary.services")}</h2>
      <ul className="mt-2 grid gap-1">
        {a.services.map((s) => (
          <li key={s.id} className="flex justify-between gap-2">
            <span className="min-w-0">
              {s.name}
              {/* Its own line: on a phone "· 50 min" would otherwise start a line with the dot. */}
              <span className="block text-sm text-muted">{formatDuration(s.duration_minutes)}</span>
            </span>
            <span className="shrink-0 whitespace-nowrap">{formatMoney(lng, s.price)}</span>
          </li>
        ))}
      </ul>
      {a.products.length > 0 && (
        <>
          <h2 className="mt-4 text-sm font-semibold text-muted">{t("summary.products")}</h2>
          <ul className="mt-2 grid gap-1">
            {a.products.map((p) => (
              <li key={p.id} className="flex justify-between gap-2">
                <span>
                  {p.quantity} × {p.name}
                </span>
                <span>{formatMoney(lng, (Math.round(Number(p.price) * 100) * p.quantity) / 100)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <dl className="mt-4 grid gap-1 border-t border-line pt-4 text-sm">
        {(["subtotal", "additional", "discount"] as const).map((k) => (
          <div key={k} className="flex justify-between">
            <dt>{t(`summary.${k}`)}</dt>
            <dd>{formatMoney(lng, a[k])}</dd>
          </div>
        ))}
        <div className="flex justify-between text-base font-semibold">
          <dt>{t("summary.total")}</dt>
          <dd className="text-primary">{formatMoney(lng, a.total)}</dd>
        </div>
      </dl>
    </>
  );
}
