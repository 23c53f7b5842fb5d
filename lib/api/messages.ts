// Booking messages: a reminder's one-tap page posts a plain HTML form here (it works without
// JavaScript, and only the POST changes anything). Same origin as the page: the CSP's form-action is 'self'.
export const ANSWER_FORM_ACTION = "/v3/appointments/answer";

/** A guest's entry page (/aviso/{id}, linked from the WhatsApp message that confirmed it) posts "Stop the alert" here. */
export const leaveGuestWaitlistEntryAction = (id: number) => `/v3/waitlist/guest/${id}/leave`;

/** The rating page (/avaliar, linked from the e-mail that asks how the visit was) posts its form here. */
export const REVIEW_FORM_ACTION = "/v3/appointments/review-by-link";

/** The rating page's "remind me to book again" (with the same link) posts here. */
export const REBOOK_FORM_ACTION = "/v3/appointments/rebook-by-link";
