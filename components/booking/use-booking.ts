"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useT } from "@/lib/i18n/words";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import { useSession } from "@/lib/api/session";
import type { TBookingContext, ZAvailableDays, ZAvailableDaysQuery, ZAvailableTimes, ZAvailableTimesQuery } from "@/lib/contract/booking";
import { toast } from "@/lib/browser/toast";
import { addDays, sumMoney } from "./format";
import { type BookingChoice, droppedDate, firstStepNeeding, parseChoice, PERIODS, STEPS, type Step, toQuery } from "./url-state";

export const DAYS_AHEAD = 21;

/** One answer about free days or times, as SWR gives it, tagged with the query it answers. */
export type Answer<T> = { key: string; data?: T; error?: Error; isLoading: boolean; mutate: () => Promise<unknown> };
export type Availability = { days: Answer<z.output<typeof ZAvailableDays>>; times: Answer<z.output<typeof ZAvailableTimes>> };
/** The two queries, and the keys the flow matches their answers by (use-booking.ts makes them). */
export type AvailabilityQueries = {
  daysQuery: z.input<typeof ZAvailableDaysQuery> | null;
  timesQuery: z.input<typeof ZAvailableTimesQuery> | null;
  daysKey: string;
  timesKey: string;
};
/** What the details step registers: the form's submit (react-hook-form's handleSubmit). */
type SubmitHandler = (event: FormEvent<HTMLFormElement>) => Promise<void>;

const noop = async () => undefined;
/** The state of a query before its answer has reached the flow: nothing asked (null), or loading. */
function unanswered<T>(key: string): Answer<T> {
  return { key, isLoading: key !== "null", mutate: noop };
}

export type Booking = ReturnType<typeof useBooking>;

/**
 * The booking flow's state. Every choice lives in the URL (services, products, barber or "any", date,
 * time and the step), so Back and Forward move between steps, a reload keeps everything, a shared
 * link opens the same choice and signing in half-way comes back to it. Choices a URL makes that do
 * not hold (a barber of another shop, a service he does not do, a time no longer free) are dropped,
 * and the flow opens at the first step that needs a choice.
 */
export function useBooking({ context, preload }: { context: TBookingContext; preload: { details: () => Promise<unknown>; later: () => Promise<unknown> } }) {
  const { t } = useT("booking");
  const pathname = usePathname();
  const params = useSearchParams();
  const { token, user } = useSession();
  const { shop, barbers, services, products } = context;

  const query = params?.toString() ?? "";
  const fromUrl = useMemo(() => parseChoice(new URLSearchParams(query), context, DAYS_AHEAD), [query, context]);
  // A link's day that could not be kept (past, too far, not a date): the when step says so.
  const dateDropped = useMemo(() => droppedDate(new URLSearchParams(query), context, DAYS_AHEAD), [query, context]);
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
  const { serviceIds, quantities, barberChoice } = choice;

  const performsAll = (b: (typeof barbers)[number], ids: number[]) => ids.every((id) => b.service_ids.includes(id));
  const barber = typeof barberChoice === "number" ? (barbers.find((b) => b.id === barberChoice) ?? null) : null;
  const chosenServices = services.filter((s) => serviceIds.includes(s.id));
  const chosenProducts = products.filter((p) => (quantities[p.id] ?? 0) > 0).map((p) => ({ ...p, quantity: quantities[p.id] }));
  const duration = chosenServices.reduce((sum, s) => sum + s.duration_minutes, 0);
  const subtotal = sumMoney(chosenServices);
  const additional = sumMoney(chosenProducts);
  const days = useMemo(() => Array.from({ length: DAYS_AHEAD }, (_, i) => addDays(context.today, i)), [context.today]);
  const barberId = typeof barberChoice === "number" ? barberChoice : undefined;

  const daysQuery =
    barberChoice !== null && serviceIds.length > 0
      ? { barbershop_id: shop.id, barber_id: barberId, services: serviceIds.join(","), from: context.today, days: DAYS_AHEAD }
      : null;
  // The answers come from <BookingData> (./booking-data, with SWR), which the flow renders while a query is open.
  const [answered, setAnswered] = useState<Availability | null>(null);
  const daysKey = JSON.stringify(daysQuery);
  const availableDays = answered?.days.key === daysKey ? answered.days : unanswered<z.output<typeof ZAvailableDays>>(daysKey);
  // Until a day is chosen (by the person or a link), the first day with a free time is: its times show without a
  // tap. It goes into the address with the time chosen in it.
  const date = choice.date ?? availableDays.data?.days.find((d) => d.available)?.date ?? null;
  const timesQuery =
    barberChoice !== null && serviceIds.length > 0 && date ? { barbershop_id: shop.id, barber_id: barberId, services: serviceIds.join(","), date } : null;
  const timesKey = JSON.stringify(timesQuery);
  const times = answered?.times.key === timesKey ? answered.times : unanswered<z.output<typeof ZAvailableTimes>>(timesKey);
  const offered = times.data ? PERIODS.flatMap((p) => times.data![p]) : [];
  // A time that is not (or no longer) offered counts as not chosen once the times are known.
  const time = choice.time && (times.isLoading || offered.includes(choice.time)) ? choice.time : null;
  const needs = firstStepNeeding({ ...choice, date, time });
  const step: Step = choice.step && STEPS.indexOf(choice.step) <= STEPS.indexOf(needs) ? choice.step : needs;

  const [busy, setBusy] = useState(false);
  const [slotTaken, setSlotTaken] = useState(false);

  /** Writes a new choice into the URL: a new history entry when the step changes, else in place. */
  function go(next: Partial<BookingChoice>, options: { push?: boolean } = {}) {
    // The step on the screen is kept unless the change names another (ticking a service stays on the services).
    // The first free day stands in for a day not chosen only with a time in it (another barber has his own first day).
    const merged: BookingChoice = { ...choice, date: next.time ? date : choice.date, time, step, ...next };
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
  // The details step and the rules it checks with load while the person chooses a time, before they are needed.
  useEffect(() => {
    if (date) void preload.details().catch(() => undefined);
  }, [date, preload]);
  // The later steps and the free days and times (with SWR) load with the first choice, before they are needed.
  useEffect(() => {
    if (serviceIds.length > 0 || barberChoice !== null) void preload.later().catch(() => undefined);
  }, [serviceIds.length, barberChoice, preload]);

  const missing = () => {
    if (!ready) toast.error(t("flow.missing"));
  };
  // The details step (./details-step, with react-hook-form) registers the form's submit once it is loaded.
  const submitHandler = useRef<SubmitHandler | null>(null);
  const [detailsReady, setDetailsReady] = useState(false);
  const registerSubmit = useCallback((handler: SubmitHandler | null) => {
    submitHandler.current = handler;
    setDetailsReady(handler !== null);
  }, []);
  function submit(event: FormEvent<HTMLFormElement>) {
    const handler = submitHandler.current;
    if (handler) return handler(event);
    event.preventDefault();
    missing();
  }
  /** The chosen time was taken meanwhile: back to fresh times, with every other choice kept. */
  async function timeTaken() {
    setSlotTaken(true);
    go({ time: null, step: "when" }, { push: true });
    await Promise.all([times.mutate(), availableDays.mutate()]);
  }

  /** The page itself, for "sign in and come back here". */
  const returnTo = `${pathname}${query ? `?${query}` : ""}`;
  // "Tell me if a time frees up" on a full day (WhenStep): the choice as the waitlist takes it.
  const waitlist = {
    entry: date && barberChoice !== null && serviceIds.length > 0 ? { barbershop_id: shop.id, barber_id: barberId, services: serviceIds, date } : null,
    signedIn: Boolean(token),
    returnTo,
  };

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
    dateDropped,
    time,
    times,
    daysQuery,
    timesQuery,
    daysKey,
    timesKey,
    onAvailability: setAnswered,
    offered,
    isGuest,
    ready,
    barberId,
    busy,
    setBusy,
    slotTaken,
    detailsReady,
    registerSubmit,
    missing,
    timeTaken,
    returnTo,
    waitlist,
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
