"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useT } from "@/lib/i18n/words";
import { useEffect, useMemo, useRef, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { createAppointment, createGuestAppointment } from "@/lib/api/appointments";
import { useAvailableDays, useAvailableTimes } from "@/lib/api/data";
import { DEFAULT_ERROR_MESSAGE, errorCode, errorMessage } from "@/lib/api/errors";
import { useSession } from "@/lib/api/session";
import type { TBookingContext } from "@/lib/contract/booking";
import { toast } from "@/lib/toast";
import { addDays, sumMoney } from "./format";
import { type BookingChoice, firstStepNeeding, parseChoice, STEPS, type Step, toQuery } from "./url-state";
import type { ZGuestDetails } from "./details-rules";

export const DAYS_AHEAD = 21;
export const PERIODS = ["morning", "afternoon", "night"] as const;

// What the person types (the rest is picked with buttons), checked with the contract's own rules, which
// come with the first check or once a time is chosen (./details-rules: zod and the contract).
type Details = z.input<typeof ZGuestDetails>;
type CheckedDetails = z.output<typeof ZGuestDetails>;
const loadRules = () => import("./details-rules");
/** Offline when the rules are first needed: nothing is sent, the form says why and can be sent again. */
const detailsResolver =
  (isGuest: boolean, onLoadError: () => void): Resolver<Details, unknown, CheckedDetails> =>
  async (...args) => {
    const rules = await loadRules().catch(() => null);
    if (!rules) {
      onLoadError();
      return { values: {}, errors: { root: { type: "load", message: "LOAD_FAILED" } } };
    }
    return (isGuest ? rules.guestResolver : rules.clientResolver)(...args) as ReturnType<Resolver<Details, unknown, CheckedDetails>>;
  };

export type Booking = ReturnType<typeof useBooking>;

/**
 * The booking flow's state. Every choice lives in the URL (services, products, barber or "any", date,
 * time and the step), so Back and Forward move between steps, a reload keeps everything, a shared
 * link opens the same choice and signing in half-way comes back to it. Choices a URL makes that do
 * not hold (a barber of another shop, a service he does not do, a time no longer free) are dropped,
 * and the flow opens at the first step that needs a choice.
 */
export function useBooking({ context }: { context: TBookingContext }) {
  const { t } = useT("booking");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { token, user } = useSession();
  const { shop, barbers, services, products } = context;

  const query = params?.toString() ?? "";
  const fromUrl = useMemo(() => parseChoice(new URLSearchParams(query), context, DAYS_AHEAD), [query, context]);
  // A choice just made shows at once; the URL, which Next updates in a transition, catches up a moment later.
  const [pending, setPending] = useState<{ from: string; choice: BookingChoice } | null>(null);
  // Once the URL moves (caught up, or Back/Forward), the URL is the truth again.
  const [seenQuery, setSeenQuery] = useState(query);
  if (seenQuery !== query) {
    setSeenQuery(query);
    setPending(null);
  }
  const pendingHolds = pending !== null && pending.from === query;
  const choice = pendingHolds ? pending.choice : fromUrl;
  const { serviceIds, quantities, barberChoice, date } = choice;

  const performsAll = (b: (typeof barbers)[number], ids: number[]) => ids.every((id) => b.service_ids.includes(id));
  const barber = typeof barberChoice === "number" ? (barbers.find((b) => b.id === barberChoice) ?? null) : null;
  const chosenServices = services.filter((s) => serviceIds.includes(s.id));
  const chosenProducts = products.filter((p) => (quantities[p.id] ?? 0) > 0).map((p) => ({ ...p, quantity: quantities[p.id] }));
  const duration = chosenServices.reduce((sum, s) => sum + s.duration_minutes, 0);
  const subtotal = sumMoney(chosenServices);
  const additional = sumMoney(chosenProducts);
  const days = useMemo(() => Array.from({ length: DAYS_AHEAD }, (_, i) => addDays(context.today, i)), [context.today]);
  const barberId = typeof barberChoice === "number" ? barberChoice : undefined;

  const daysQuery = barberChoice !== null && serviceIds.length > 0 ? { barbershop_id: shop.id, barber_id: barberId, services: serviceIds.join(","), from: context.today, days: DAYS_AHEAD } : null;
  const availableDays = useAvailableDays(daysQuery);
  const timesQuery = barberChoice !== null && serviceIds.length > 0 && date ? { barbershop_id: shop.id, barber_id: barberId, services: serviceIds.join(","), date } : null;
  const times = useAvailableTimes(timesQuery);
  const offered = times.data ? PERIODS.flatMap((p) => times.data![p]) : [];
  // A time that is not (or no longer) offered counts as not chosen once the times are known.
  const time = choice.time && (times.isLoading || offered.includes(choice.time)) ? choice.time : null;
  const needs = firstStepNeeding({ ...choice, time });
  const step: Step = choice.step && STEPS.indexOf(choice.step) <= STEPS.indexOf(needs) ? choice.step : needs;

  const [busy, setBusy] = useState(false);
  const [slotTaken, setSlotTaken] = useState(false);
  // The phone a WhatsApp code was sent to, when the server asked for one (428 PHONE_VERIFICATION_REQUIRED).
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [code, setCodeValue] = useState("");
  const [codeRefused, setCodeRefused] = useState<string | null>(null);
  const [codeTouched, setCodeTouched] = useState(false);

  /** Writes a new choice into the URL: a new history entry when the step changes, else in place. */
  function go(next: Partial<BookingChoice>, options: { push?: boolean } = {}) {
    // The step on the screen is kept unless the change names another (ticking a service stays on the services).
    const merged: BookingChoice = { ...choice, time, step, ...next };
    // The page's language stays in the address (a link shared from an English page opens in English).
    const lngParam = new URLSearchParams(query).get("lng");
    const next_ = [toQuery(merged), lngParam ? `lng=${encodeURIComponent(lngParam)}` : ""].filter(Boolean).join("&");
    const url = `${pathname}${next_ ? `?${next_}` : ""}`;
    setPending({ from: query, choice: parseChoice(new URLSearchParams(next_), context, DAYS_AHEAD) });
    // Next's router follows the History API without asking the server again (the page's data is loaded).
    if (options.push) window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
  }

  // A new step starts at its top with focus on its heading (announced by screen readers).
  const shownStep = useRef<Step | null>(null);
  useEffect(() => {
    if (shownStep.current !== null && shownStep.current !== step) {
      const heading = document.getElementById(`step-${step}`);
      heading?.focus({ preventScroll: true });
      document.getElementById("booking-flow")?.scrollIntoView?.({ block: "start" });
    }
    shownStep.current = step;
  }, [step]);

  function toggleService(id: number) {
    const ids = serviceIds.includes(id) ? serviceIds.filter((s) => s !== id) : [...serviceIds, id];
    // A barber who does not perform every chosen service is no longer chosen.
    const keep = barberChoice === "any" || (barber && performsAll(barber, ids)) ? barberChoice : null;
    setSlotTaken(false);
    go({ serviceIds: ids, barberChoice: keep, time: null });
  }
  function setQuantity(id: number, qty: number) {
    go({ quantities: { ...quantities, [id]: Math.max(0, Math.min(99, qty)) } });
  }
  function chooseBarber(id: number | "any") {
    setSlotTaken(false);
    go({ barberChoice: id, time: null, step: "when" }, { push: true });
  }
  function chooseDate(d: string) {
    setSlotTaken(false);
    go({ date: d, time: null });
  }
  function chooseTime(h: string) {
    setSlotTaken(false);
    go({ time: h, step: "review" }, { push: true });
  }
  function goToStep(s: Step) {
    go({ step: s }, { push: true });
  }
  const canContinue = STEPS.indexOf(needs) > STEPS.indexOf(step);
  function continueFlow() {
    if (step === "review") return;
    if (!canContinue) {
      toast.error(t(`flow.needs.${step}`));
      return;
    }
    // On to the first step that still needs a choice (a barber chosen on the shop page is not asked again).
    goToStep(needs);
  }

  const isGuest = !token;
  const ready = Boolean(barberChoice !== null && serviceIds.length && date && time);
  const resolver = useMemo(() => detailsResolver(isGuest, () => toast.error(t("errors:CREATE_APPOINTMENT_ERROR"), { description: DEFAULT_ERROR_MESSAGE })), [isGuest, t]);
  const details = useForm<Details, unknown, CheckedDetails>({ resolver, defaultValues: { name: "", phone: "", notes: "", whatsapp_opt_in: false } });
  // The rules load while the person chooses a time, before they are needed.
  useEffect(() => {
    if (date) void loadRules().catch(() => undefined);
  }, [date]);

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
  const submit = details.handleSubmit(async ({ name, phone, notes, whatsapp_opt_in }) => {
    if (!ready || !date || !time) return missing();
    if (askingCode && !codeValid) return setCodeTouched(true);
    setBusy(true);
    setSlotTaken(false);
    const body = {
      barbershop_id: shop.id,
      ...(barberId ? { barber_id: barberId } : {}),
      services: serviceIds,
      products: chosenProducts.map((p) => ({ id: p.id, quantity: p.quantity })),
      date,
      start_hour: time,
      ...(notes ? { notes } : {}),
      whatsapp_opt_in: Boolean(whatsapp_opt_in),
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
      if (failure === "SLOT_TAKEN" || failure === "TIME_NOT_OFFERED") {
        // Back to the times, fresh, with every other choice kept.
        setSlotTaken(true);
        go({ time: null, step: "when" }, { push: true });
        await Promise.all([times.mutate(), availableDays.mutate()]);
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

  /** The page itself, for "sign in and come back here". */
  const returnTo = `${pathname}${query ? `?${query}` : ""}`;

  return {
    shop,
    barbers,
    services,
    products,
    token,
    user,
    step,
    needs,
    canContinue,
    barberChoice,
    barber,
    serviceIds,
    quantities,
    chosenServices,
    chosenProducts,
    duration,
    subtotal,
    additional,
    days,
    availableDays,
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
    returnTo,
    setCode,
    performsAll,
    chooseBarber,
    toggleService,
    setQuantity,
    chooseDate,
    chooseTime,
    goToStep,
    continueFlow,
    submit,
  };
}
