// Every text of locales/*/code-delivery.json, for the pages that send their script only the texts it asks for.
export const CODE_DELIVERY_KEYS = [
  "delivered",
  "emailInstead",
  "emailAlsoFailed",
  "failed.number",
  "failed.email",
  "notOnWhatsapp.number",
  "notOnWhatsapp.email",
  "stopped.number",
  "stopped.email",
] as const;
