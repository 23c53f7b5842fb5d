/** The v3 API: this app's own by default, or another v3 host (NEXT_PUBLIC_API_URL). Light: no axios. */
export const API_BASE_URL = process.env.NEXT_PUBLIC_API_URL || "/v3";
