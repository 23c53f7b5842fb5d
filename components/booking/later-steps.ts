// The booking's steps after the first (barber, day and time, review), in one part that the page loads
// with the first choice rather than with the page (decision 0033; booking-flow.tsx renders their cards).
export { default as BarberStep } from "./barber-step";
export { default as ReviewStep } from "./review-step";
export { default as WhenStep } from "./when-step";
