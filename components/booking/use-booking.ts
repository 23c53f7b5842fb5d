"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useT } from "next-i18next/client";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { createAppointment, createGuestAppointment, useAvailableTimes } from "@/lib/api/appointments";
import { errorCode, errorMessage } from "@/lib/api/errors";
import { useSession } from "@/lib/api/session";
import { type TBookingContext, ZCreateGuestAppointment } from "@/lib/contract/booking";
import { toast } from "@/lib/toast";
import { addDays, sumMoney, weekdayOf } from "./format";

const DAYS_AHEAD = 28;
export const PERIODS = ["morning", "afternoon", "night"] as const;

// What the person types, checked with the contract's own rules (the rest is picked with buttons).
const ZGuestDetails = ZCreateGuestAppointment.pick({ name: true, phone: true, notes: true });
const ZClientDetails = ZGuestDetails.extend({ name: z.string(), phone: z.string() });
type Details = z.input<typeof ZGuestDetails>;

export type Booking = ReturnType<typeof useBooking>;

/**
 * The booking flow's state: the choices, what follows from them (free times, totals), the guest's
 * details form and the submission. The steps only render it and call its actions.
 */
export function useBooking({ context, initialBarberId, initialServiceId }: { context: TBookingContext; initialBarberId?: number; initialServiceId?: number }) {
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
  // The phone a WhatsApp code was sent to, when the server asked for one (428 PHONE_VERIFICATION_REQUIRED).
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [code, setCodeValue] = useState("");
  const [codeRefused, setCodeRefused] = useState<string | null>(null);
  const [codeTouched, setCodeTouched] = useState(false);

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

  const typedPhone = useWatch({ control: details.control, name: "phone" });
  const askingCode = isGuest && codeFor !== null && codeFor === typedPhone;
  const codeValid = /^\d{6}$/.test(code);
  const codeProblem = askingCode ? (codeRefused ?? (codeTouched && !codeValid ? t("flow.codeError") : null)) : null;
  function setCode(value: string) {
    setCodeValue(value.replace(/\D/g, "").slice(0, 6));
    setCodeRefused(null);
  }

  const missing = () => {
    if (!ready) toast.error(t("flow.missing"));
  };
  const submit = details.handleSubmit(async ({ name, phone, notes }) => {
    if (!ready || !barberId || !date || !time) return missing();
    if (askingCode && !codeValid) return setCodeTouched(true);
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
        const { data } = await createGuestAppointment({ ...body, name, phone, ...(askingCode ? { phone_code: code } : {}) }, headers);
        toast.success(t("common:success.appointmentCreated"));
        router.push(`/agendamento/${data.appointment.id}?token=${encodeURIComponent(data.manage_token)}&new=1`);
      } else {
        const { data } = await createAppointment(body, headers);
        toast.success(t("common:success.appointmentCreated"));
        router.push(`/agendamento/${data.appointment.id}?new=1`);
      }
    } catch (err) {
      const failure = errorCode(err);
      if (failure === "SLOT_TAKEN") {
        setSlotTaken(true);
        setTime(null);
        await times.mutate();
      } else if (failure === "PHONE_VERIFICATION_REQUIRED") {
        // Everything chosen stays: only the code is asked for, then the same booking is sent again.
        setCodeFor(phone);
        setCodeValue("");
        setCodeRefused(null);
        setCodeTouched(false);
      } else if (failure === "INVALID_CODE") {
        setCodeRefused(errorMessage(err));
      } else {
        toast.error(t("errors:CREATE_APPOINTMENT_ERROR"), { description: errorMessage(err) });
      }
      setBusy(false);
    }
  }, missing);

  function chooseDate(d: string) {
    setDate(d);
    setTime(null);
    setSlotTaken(false);
  }

  return {
    shop,
    barbers,
    services,
    products,
    token,
    user,
    barberId,
    barber,
    serviceIds,
    quantities,
    chosenServices,
    chosenProducts,
    duration,
    subtotal,
    additional,
    workingDays,
    days,
    date,
    time,
    times,
    timesQuery,
    offered,
    busy,
    slotTaken,
    details,
    askingCode,
    code,
    codeProblem,
    setCode,
    performs,
    chooseBarber,
    toggleService,
    setQuantity,
    chooseDate,
    setTime,
    submit,
  };
}
