/** The cities the home page highlights, in this order (slugs agreed across the team). */
export const HIGHLIGHT_CITIES = ["sao-paulo", "rio-de-janeiro", "belo-horizonte"] as const;
