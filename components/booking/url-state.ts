// The booking flow's choices as URL query parameters, and back (pure: no React, no browser).
import type { TBookingContext } from "@/lib/contract/booking";
import { trimPasted } from "@/lib/text/pasted-link";
import { addDays } from "./format";

/** The parts of a day the free times are grouped in. */
export const PERIODS = ["morning", "afternoon", "night"] as const;
export const STEPS = ["services", "barber", "when", "review"] as const;
export type Step = (typeof STEPS)[number];

export type BookingChoice = {
  serviceIds: number[];
  quantities: Record<number, number>;
  /** A barber's id, "any" (the server picks), or nothing chosen yet. */
  barberChoice: number | "any" | null;
  date: string | null;
  time: string | null;
  step: Step | null;
};

const ids = (value: string | null) =>
  (value ?? "")
    .split(",")
    .filter((s) => /^\d{1,10}$/.test(s))
    .map(Number);

/**
 * Reads `service=1,2&products=5:2&barber=3|any&date=YYYY-MM-DD&time=HH:MM&step=when`, keeping only
 * what holds for this shop: its own services, products and barbers, a barber who performs every
 * chosen service, a date in the strip. Anything else is dropped, never an error; punctuation a message stuck to
 * the link's end is ignored.
 */
export function parseChoice(search: URLSearchParams, context: TBookingContext, daysAhead: number): BookingChoice {
  // A link pasted in a message may end in its punctuation ("…&barber=5)."): it sticks to the last parameter.
  const params = { get: (name: string) => (search.has(name) ? trimPasted(search.get(name)!) : null) };
  const known = new Set(context.services.map((s) => s.id));
  const serviceIds = [...new Set(ids(params.get("service") ?? params.get("services")))].filter((id) => known.has(id)).slice(0, 10);

  const quantities: Record<number, number> = {};
  const productIds = new Set(context.products.map((p) => p.id));
  for (const part of (params.get("products") ?? "").split(",")) {
    const m = /^(\d{1,10}):(\d{1,2})$/.exec(part);
    if (m && productIds.has(Number(m[1])) && Number(m[2]) > 0) quantities[Number(m[1])] = Number(m[2]);
  }

  const performsAll = (b: TBookingContext["barbers"][number]) => serviceIds.every((id) => b.service_ids.includes(id));
  const rawBarber = params.get("barber");
  let barberChoice: BookingChoice["barberChoice"] = null;
  if (rawBarber === "any") barberChoice = context.barbers.some(performsAll) ? "any" : null;
  else if (rawBarber && /^\d{1,10}$/.test(rawBarber)) {
    const b = context.barbers.find((x) => x.id === Number(rawBarber));
    barberChoice = b && performsAll(b) ? b.id : null;
  }
  // A barber chosen before the services (from the shop page) stays: the services step dims the others.
  if (barberChoice === null && rawBarber && serviceIds.length === 0) {
    const b = context.barbers.find((x) => x.id === Number(rawBarber));
    if (b) barberChoice = b.id;
  }

  const rawDate = params.get("date");
  const last = addDays(context.today, daysAhead - 1);
  const date = rawDate && /^\d{4}-\d{2}-\d{2}$/.test(rawDate) && rawDate >= context.today && rawDate <= last ? rawDate : null;
  const rawTime = params.get("time");
  const time = date && rawTime && /^([01]\d|2[0-3]):[0-5]\d$/.test(rawTime) ? rawTime : null;
  const rawStep = params.get("step");
  const step = (STEPS as readonly string[]).includes(rawStep ?? "") ? (rawStep as Step) : null;
  return { serviceIds, quantities, barberChoice, date, time, step };
}

/**
 * Why a link's `date=` was not kept, to say so rather than drop it silently: a day already past, one beyond the
 * strip's last, or no date at all ("amanha", "2026-13-40"); null when there is none or it was kept.
 */
export function droppedDate(
  search: URLSearchParams,
  context: Pick<TBookingContext, "today">,
  daysAhead: number,
): { date: string | null; why: "past" | "far" | "unknown" } | null {
  const raw = search.has("date") ? trimPasted(search.get("date")!) : null;
  if (!raw) return null;
  const real =
    /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T12:00:00Z`)) && new Date(`${raw}T12:00:00Z`).toISOString().slice(0, 10) === raw;
  if (!real) return { date: null, why: "unknown" };
  if (raw < context.today) return { date: raw, why: "past" };
  if (raw > addDays(context.today, daysAhead - 1)) return { date: raw, why: "far" };
  return null;
}

export function toQuery(choice: BookingChoice): string {
  const q = new URLSearchParams();
  if (choice.serviceIds.length) q.set("service", choice.serviceIds.join(","));
  const products = Object.entries(choice.quantities).filter(([, n]) => n > 0);
  if (products.length) q.set("products", products.map(([id, n]) => `${id}:${n}`).join(","));
  if (choice.barberChoice !== null) q.set("barber", String(choice.barberChoice));
  if (choice.date) q.set("date", choice.date);
  if (choice.time) q.set("time", choice.time);
  if (choice.step) q.set("step", choice.step);
  return q.toString().replace(/%2C/g, ",").replace(/%3A/g, ":");
}

/** The first step whose choice is missing ("review" when everything is chosen). */
export function firstStepNeeding(choice: Pick<BookingChoice, "serviceIds" | "barberChoice" | "date" | "time">): Step {
  if (choice.serviceIds.length === 0) return "services";
  if (choice.barberChoice === null) return "barber";
  if (!choice.date || !choice.time) return "when";
  return "review";
}
