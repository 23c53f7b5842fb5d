// What a link picks up on its way into a message or a bio: punctuation, a closing quote or a space stuck to its
// end ("…/dom-ze).", "…?barber=5”"). No address of ours ends with one, so it is dropped where a link is read:
// a shop's or city's path (lib/edge/page-lookup.ts) and a booking link's choices (components/booking/url-state.ts).
const PASTED_TAIL = /[\s.,;:!?)\]}>'"\u201d\u2019\u00bb]+$/u;

/** The text without what a message stuck to its end. */
export const trimPasted = (text: string): string => text.replace(PASTED_TAIL, "");
