"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useT } from "next-i18next/client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { Avatar } from "@/components/ui/avatar";
import { formatDuration, formatMoney, formatRating } from "@/components/shop/format";
import { createAppointment, createGuestAppointment, useAvailableTimes } from "@/lib/api/appointments";
import { errorCode, errorMessage } from "@/lib/api/errors";
import { useSession } from "@/lib/api/session";
import { z } from "zod";
import { type TBookingContext, ZCreateGuestAppointment } from "@/lib/contract/booking";
import { maskPhoneBr } from "@/lib/phone-mask";
import { addDays, formatLongDate, sumMoney, weekdayOf, zoneLabel } from "./format";

const DAYS_AHEAD = 28;
const PERIODS = ["morning", "afternoon", "night"] as const;

// What the person types, checked with the contract's own rules (the rest is picked with buttons).
const ZGuestDetails = ZCreateGuestAppointment.pick({ name: true, phone: true, notes: true });
const ZClientDetails = ZGuestDetails.extend({ name: z.string(), phone: z.string() });
type Details = z.input<typeof ZGuestDetails>;

type Props = { context: TBookingContext; lng: string; initialBarberId?: number; initialServiceId?: number };

export function BookingFlow({ context, lng, initialBarberId, initialServiceId }: Props) {
  const { t } = useT("booking");
  const router = useRouter();
  const { token, user } = useSession();
  const { shop, barbers, services, products } = context;

  const [barberId, setBarberId] = useState<number | null>(barbers.some((b) => b.id === initialBarberId) ? initialBarberId! : barbers.length === 1 ? barbers[0].id : null);
  const [serviceIds, setServiceIds] = useState<number[]>(services.some((s) => s.id === initialServiceId) ? [initialServiceId!] : []);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [pickedDate, setDate] = useState<string | null>(null);
  const [pickedTime, setTime] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [slotTaken, setSlotTaken] = useState(false);
  const ids = { name: useId(), phone: useId(), notes: useId(), nameErr: useId(), phoneErr: useId() };

  const barber = barbers.find((b) => b.id === barberId) ?? null;
  const chosenServices = services.filter((s) => serviceIds.includes(s.id));
  const chosenProducts = products.filter((p) => (quantities[p.id] ?? 0) > 0).map((p) => ({ ...p, quantity: quantities[p.id] }));
  const duration = chosenServices.reduce((sum, s) => sum + s.duration_minutes, 0);
  const subtotal = sumMoney(chosenServices);
  const additional = sumMoney(chosenProducts);
  const workingDays = barber ? barber.working_weekdays : [...new Set(shop.opening_hours.map((h) => h.weekday))];
  const days = useMemo(() => Array.from({ length: DAYS_AHEAD }, (_, i) => addDays(context.today, i)), [context.today]);
  const performs = (b: (typeof barbers)[number], serviceId: number) => b.service_ids.includes(serviceId);

  // A date the chosen barber does not work counts as not chosen.
  const date = pickedDate && workingDays.includes(weekdayOf(pickedDate)) ? pickedDate : null;

  const timesQuery = barberId && serviceIds.length > 0 && date ? { barbershop_id: shop.id, barber_id: barberId, services: serviceIds.join(","), date } : null;
  const times = useAvailableTimes(timesQuery);
  const offered = times.data ? PERIODS.flatMap((p) => times.data![p]) : [];
  // A time no longer offered (the list was refreshed) counts as not chosen.
  const time = pickedTime && offered.includes(pickedTime) ? pickedTime : null;

  function chooseBarber(id: number) {
    setBarberId(id);
    const b = barbers.find((x) => x.id === id)!;
    setServiceIds((current) => current.filter((s) => performs(b, s)));
    setTime(null);
    setSlotTaken(false);
  }

  function toggleService(id: number) {
    setServiceIds((current) => (current.includes(id) ? current.filter((s) => s !== id) : [...current, id]));
    setTime(null);
    setSlotTaken(false);
  }

  function setQuantity(id: number, qty: number) {
    setQuantities((q) => ({ ...q, [id]: Math.max(0, Math.min(99, qty)) }));
  }

  const isGuest = !token;
  const ready = Boolean(barberId && serviceIds.length && date && time);
  const details = useForm<Details, unknown, z.output<typeof ZGuestDetails>>({ resolver: zodResolver(isGuest ? ZGuestDetails : ZClientDetails), defaultValues: { name: "", phone: "", notes: "" } });
  const detailErrors = details.formState.errors;
  const phoneField = details.register("phone");

  const missing = () => {
    if (!ready) toast.error(t("flow.missing"));
  };
  const submit = details.handleSubmit(async ({ name, phone, notes }) => {
    if (!ready || !barberId || !date || !time) return missing();
    setBusy(true);
    setSlotTaken(false);
    const body = {
      barbershop_id: shop.id,
      barber_id: barberId,
      services: serviceIds,
      products: chosenProducts.map((p) => ({ id: p.id, quantity: p.quantity })),
      date,
      start_hour: time,
      ...(notes ? { notes } : {}),
    };
    // A fresh key per attempt: a network retry of this attempt cannot book twice.
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    try {
      if (isGuest) {
        const { data } = await createGuestAppointment({ ...body, name, phone }, headers);
        toast.success(t("common:success.appointmentCreated"));
        router.push(`/agendamento/${data.appointment.id}?token=${encodeURIComponent(data.manage_token)}&new=1`);
      } else {
        const { data } = await createAppointment(body, headers);
        toast.success(t("common:success.appointmentCreated"));
        router.push(`/agendamento/${data.appointment.id}?new=1`);
      }
    } catch (err) {
      if (errorCode(err) === "SLOT_TAKEN") {
        setSlotTaken(true);
        setTime(null);
        await times.mutate();
      } else {
        toast.error(t("errors:CREATE_APPOINTMENT_ERROR"), { description: errorMessage(err) });
      }
      setBusy(false);
    }
  }, missing);

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 pb-24 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:pb-0">
      <div className="grid gap-6">
        <section aria-labelledby="step-barber" className="card p-4 md:p-6">
          <h2 id="step-barber" className="text-lg font-semibold">
            {t("flow.barberStep")}
          </h2>
          {barbers.length === 0 ? (
            <p className="mt-3 text-muted">{t("flow.noBarbers")}</p>
          ) : (
            <div role="radiogroup" aria-labelledby="step-barber" className="mt-4 grid gap-3 sm:grid-cols-2">
              {barbers.map((b) => {
                const fits = serviceIds.every((s) => performs(b, s));
                const checked = b.id === barberId;
                return (
                  <label
                    key={b.id}
                    className={`flex min-h-16 cursor-pointer items-center gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${checked ? "border-primary bg-primary/10" : "border-line hover:border-primary/60"} ${fits ? "" : "opacity-60"}`}
                  >
                    <input type="radio" name="barber" className="sr-only" checked={checked} onChange={() => chooseBarber(b.id)} />
                    <Avatar name={b.name} url={b.avatar_url} size={44} />
                    <span className="min-w-0">
                      <span className="block font-medium">{b.name}</span>
                      <span className="block text-sm text-muted">
                        {b.rating_count > 0 ? `★ ${t("flow.ratingShort", { rating: formatRating(lng, b.rating_avg), count: b.rating_count })}` : t("flow.newBarber")}
                        {!fits && ` · ${t("flow.performsNone")}`}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          )}
        </section>

        <section aria-labelledby="step-services" className="card p-4 md:p-6">
          <h2 id="step-services" className="text-lg font-semibold">
            {t("flow.serviceStep")}
          </h2>
          {services.length === 0 ? (
            <p className="mt-3 text-muted">{t("flow.noServices")}</p>
          ) : (
            <ul className="mt-4 grid gap-2" aria-labelledby="step-services">
              {services.map((s) => {
                const disabled = barber !== null && !performs(barber, s.id);
                const checked = serviceIds.includes(s.id);
                return (
                  <li key={s.id}>
                    <label
                      className={`flex min-h-14 items-center gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${checked ? "border-primary bg-primary/10" : "border-line"} ${disabled ? "cursor-not-allowed opacity-50" : "cursor-pointer hover:border-primary/60"}`}
                    >
                      <input type="checkbox" className="size-5 accent-[var(--color-primary)]" checked={checked} disabled={disabled} onChange={() => toggleService(s.id)} />
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium">{s.name}</span>
                        <span className="block text-sm text-muted">
                          {formatDuration(s.duration_minutes)}
                          {disabled && barber ? ` · ${t("flow.doesNotPerform", { barber: barber.name })}` : ""}
                        </span>
                      </span>
                      <span className="font-semibold text-primary">{formatMoney(lng, s.price)}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        {products.length > 0 && (
          <section aria-labelledby="step-products" className="card p-4 md:p-6">
            <h2 id="step-products" className="text-lg font-semibold">
              {t("flow.productStep")}
            </h2>
            <ul className="mt-4 grid gap-2">
              {products.map((p) => {
                const qty = quantities[p.id] ?? 0;
                return (
                  <li key={p.id} className={`flex items-center gap-3 rounded-xl border p-3 ${qty > 0 ? "border-primary bg-primary/10" : "border-line"}`}>
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">{p.name}</span>
                      <span className="block text-sm text-primary">{formatMoney(lng, p.price)}</span>
                    </span>
                    <button type="button" className="btn-ghost size-11 px-0" aria-label={t("flow.decrease", { product: p.name })} disabled={qty === 0} onClick={() => setQuantity(p.id, qty - 1)}>
                      −
                    </button>
                    <output className="w-6 text-center font-semibold" aria-live="polite" aria-label={t("flow.quantity", { product: p.name })}>
                      {qty}
                    </output>
                    <button type="button" className="btn-ghost size-11 px-0" aria-label={t("flow.increase", { product: p.name })} onClick={() => setQuantity(p.id, qty + 1)}>
                      +
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}

        <section aria-labelledby="step-date" className="card p-4 md:p-6">
          <h2 id="step-date" className="text-lg font-semibold">
            {t("flow.dateStep")}
          </h2>
          <div role="radiogroup" aria-label={t("flow.dates")} className="mt-4 grid grid-cols-4 gap-2 xs:grid-cols-4 sm:grid-cols-7">
            {days.map((d) => {
              const open = workingDays.includes(weekdayOf(d));
              const checked = d === date;
              return (
                <label
                  key={d}
                  className={`flex min-h-16 flex-col items-center justify-center rounded-xl border text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${checked ? "border-primary bg-primary font-semibold text-primary-ink" : "border-line"} ${open ? "cursor-pointer hover:border-primary/60" : "cursor-not-allowed opacity-40"}`}
                >
                  <input
                    type="radio"
                    name="date"
                    className="sr-only"
                    value={d}
                    checked={checked}
                    disabled={!open}
                    aria-label={`${formatLongDate(lng, d)}${open ? "" : ` (${t("flow.closed")})`}`}
                    onChange={() => {
                      setDate(d);
                      setTime(null);
                      setSlotTaken(false);
                    }}
                  />
                  <span aria-hidden="true" className="text-xs uppercase">
                    {formatLongDate(lng, d, { weekday: "short" }).replace(".", "")}
                  </span>
                  <span aria-hidden="true" className="text-base font-semibold">
                    {formatLongDate(lng, d, { day: "numeric" })}
                  </span>
                  <span aria-hidden="true" className="text-xs">
                    {formatLongDate(lng, d, { month: "short" }).replace(".", "")}
                  </span>
                </label>
              );
            })}
          </div>
        </section>

        <section aria-labelledby="step-time" className="card p-4 md:p-6" aria-busy={times.isLoading}>
          <h2 id="step-time" className="text-lg font-semibold">
            {t("flow.timeStep")}
          </h2>
          {slotTaken && (
            <p role="alert" className="mt-3 rounded-lg border border-danger/60 bg-danger/10 p-3 text-sm text-ink">
              {t("flow.slotTaken")}
            </p>
          )}
          {!timesQuery ? (
            <p className="mt-3 text-muted">{t("flow.chooseFirst")}</p>
          ) : times.isLoading ? (
            <p className="mt-3 text-muted" role="status">
              {t("flow.loadingTimes")}
            </p>
          ) : times.error ? (
            <div role="alert" className="mt-3 flex flex-wrap items-center gap-3">
              <p className="text-danger">{t("errors:LOAD_SCHEDULES_ERROR")}</p>
              <button type="button" className="btn-ghost" onClick={() => times.mutate()}>
                {t("flow.retry")}
              </button>
            </div>
          ) : offered.length === 0 ? (
            <p className="mt-3 text-muted" role="status">
              {t("flow.noTimes")}
            </p>
          ) : (
            <div className="mt-4 grid gap-4">
              {PERIODS.filter((p) => times.data![p].length > 0).map((p) => (
                <fieldset key={p}>
                  <legend className="mb-2 text-sm font-semibold text-muted">{t(`flow.periods.${p}`)}</legend>
                  <div className="flex flex-wrap gap-2">
                    {times.data![p].map((h) => (
                      <label
                        key={h}
                        className={`inline-flex min-h-11 min-w-18 cursor-pointer items-center justify-center rounded-full border px-4 font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${time === h ? "border-primary bg-primary text-primary-ink" : "border-line hover:border-primary/60"}`}
                      >
                        <input type="radio" name="time" value={h} className="sr-only" checked={time === h} onChange={() => setTime(h)} />
                        {h}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
              <p className="text-xs text-muted">{t("flow.timezoneNote", { zone: shop.timezone.replace(/_/g, " ") })}</p>
            </div>
          )}
        </section>

        <section aria-labelledby="step-details" className="card p-4 md:p-6">
          <h2 id="step-details" className="text-lg font-semibold">
            {t("flow.detailsStep")}
          </h2>
          {token && user ? (
            <p className="mt-3">{t("flow.signedInAs", { name: user.name })}</p>
          ) : (
            <div className="mt-3 grid gap-4">
              <p className="text-sm text-muted">
                {t("flow.guestIntro")}{" "}
                <Link className="text-primary underline underline-offset-2" href={`/entrar?next=${encodeURIComponent(`/barbearia/${shop.slug}/agendar`)}`}>
                  {t("flow.signInInstead")}
                </Link>
              </p>
              <div>
                <label htmlFor={ids.name} className="mb-1 block text-sm font-medium">
                  {t("flow.name")}
                </label>
                <input
                  id={ids.name}
                  className="input"
                  autoComplete="name"
                  placeholder={t("flow.namePlaceholder")}
                  {...details.register("name")}
                  aria-invalid={Boolean(detailErrors.name)}
                  aria-describedby={detailErrors.name ? ids.nameErr : undefined}
                  maxLength={120}
                  required
                />
                {detailErrors.name && (
                  <p id={ids.nameErr} className="mt-1 text-sm text-danger">
                    {t("flow.nameError")}
                  </p>
                )}
              </div>
              <div>
                <label htmlFor={ids.phone} className="mb-1 block text-sm font-medium">
                  {t("flow.phone")}
                </label>
                <input
                  id={ids.phone}
                  className="input"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder={t("flow.phonePlaceholder")}
                  {...phoneField}
                  onChange={(e) => {
                    e.target.value = maskPhoneBr(e.target.value);
                    return phoneField.onChange(e);
                  }}
                  aria-invalid={Boolean(detailErrors.phone)}
                  aria-describedby={detailErrors.phone ? ids.phoneErr : undefined}
                  required
                />
                {detailErrors.phone && (
                  <p id={ids.phoneErr} className="mt-1 text-sm text-danger">
                    {t("flow.phoneError")}
                  </p>
                )}
              </div>
            </div>
          )}
          <div className="mt-4">
            <label htmlFor={ids.notes} className="mb-1 block text-sm font-medium">
              {t("flow.notes")}
            </label>
            <textarea id={ids.notes} className="input min-h-20 py-2" maxLength={500} {...details.register("notes")} />
          </div>
        </section>
      </div>

      <aside aria-labelledby="summary-title" className="card p-4 md:p-6 lg:sticky lg:top-4">
        <h2 id="summary-title" className="text-lg font-semibold">
          {t("summary.title")}
        </h2>
        <dl className="mt-4 grid gap-3 text-sm">
          <div>
            <dt className="text-muted">{t("summary.barbershop")}</dt>
            <dd className="font-medium">{shop.name}</dd>
          </div>
          {barber && (
            <div>
              <dt className="text-muted">{t("summary.barber")}</dt>
              <dd className="font-medium">{barber.name}</dd>
            </div>
          )}
          {chosenServices.length > 0 && (
            <div>
              <dt className="text-muted">{t("summary.services")}</dt>
              <dd>
                <ul>
                  {chosenServices.map((s) => (
                    <li key={s.id} className="flex justify-between gap-2">
                      <span>{s.name}</span>
                      <span>{formatMoney(lng, s.price)}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
          {chosenProducts.length > 0 && (
            <div>
              <dt className="text-muted">{t("summary.products")}</dt>
              <dd>
                <ul>
                  {chosenProducts.map((p) => (
                    <li key={p.id} className="flex justify-between gap-2">
                      <span>
                        {p.quantity} × {p.name}
                      </span>
                      <span>{formatMoney(lng, sumMoney([p]))}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
          {date && (
            <div>
              <dt className="text-muted">{t("summary.when")}</dt>
              <dd className="font-medium">
                {formatLongDate(lng, date)}
                {time ? ` · ${time}` : ""}
              </dd>
              {time && <dd className="text-xs text-muted">{zoneLabel(lng, shop.timezone, new Date(`${date}T12:00:00Z`).toISOString())}</dd>}
            </div>
          )}
          {duration > 0 && (
            <div>
              <dt className="text-muted">{t("summary.duration")}</dt>
              <dd>{formatDuration(duration)}</dd>
            </div>
          )}
        </dl>
        <dl className="mt-4 grid gap-1 border-t border-line pt-4 text-sm">
          <div className="flex justify-between">
            <dt>{t("summary.subtotal")}</dt>
            <dd>{formatMoney(lng, subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t("summary.additional")}</dt>
            <dd>{formatMoney(lng, additional)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t("summary.discount")}</dt>
            <dd>{formatMoney(lng, 0)}</dd>
          </div>
          <div className="mt-1 flex justify-between text-base font-semibold">
            <dt>{t("summary.total")}</dt>
            <dd className="text-primary">{formatMoney(lng, subtotal + additional)}</dd>
          </div>
        </dl>
        <button type="submit" className="btn-primary mt-6 hidden w-full lg:inline-flex" disabled={busy} aria-busy={busy}>
          {busy ? t("flow.submitting") : t("flow.submit")}
        </button>
      </aside>

      {/* On phones the total and the button stay in reach at the bottom of the screen. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-bg/95 px-4 py-3 backdrop-blur lg:hidden">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
          <div className="min-w-0 text-sm">
            <p className="font-semibold whitespace-nowrap">
              {t("summary.total")} <span className="text-primary">{formatMoney(lng, subtotal + additional)}</span>
            </p>
            {date && time && (
              <p className="whitespace-nowrap text-muted">
                {formatLongDate(lng, date, { day: "2-digit", month: "2-digit" })} · {time}
              </p>
            )}
          </div>
          <button type="submit" className="btn-primary shrink-0" disabled={busy} aria-busy={busy}>
            {busy ? t("flow.submitting") : t("flow.submit")}
          </button>
        </div>
      </div>
    </form>
  );
}
