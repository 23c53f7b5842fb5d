"use client";
import { part } from "@/lib/hooks/use-part";

// The parts that are not in the booking page's first load (decision 0033). The flow renders them and the
// booking's state (use-booking.ts) asks for them ahead of their step through `preloadParts`; they import the
// state's types, so the state never imports them.
export const bookingData = part(() => import("./booking-data"));
export const laterSteps = part(() => import("./later-steps"));
export const detailsPart = part(() => import("./details-step"));
const loadRules = () => import("./details-rules");

/** What to load ahead: the details step and its rules once a date is chosen; the later steps and the data with the first choice. */
export const preloadParts = {
  details: () => Promise.all([detailsPart.load(), loadRules()]),
  later: () => Promise.all([laterSteps.load(), bookingData.load()]),
};
