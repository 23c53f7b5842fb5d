// A shop's amenities are its own words (the contract's `amenities: string[]`), in Portuguese. The ones the shops'
// app offers to pick (scripts/seed/data/names.ts's AMENITIES) have a name in each language; anything else a shop
// wrote is shown as it wrote it.

/** The known amenities by their Portuguese name, lower-cased: the key of their name in shop.json's `amenity`. */
const KNOWN: Record<string, string> = {
  "wi-fi": "wifi",
  "ar-condicionado": "airConditioning",
  estacionamento: "parking",
  "aceita cartão": "cards",
  pix: "pix",
  "cerveja gelada": "coldBeer",
  "café cortesia": "freeCoffee",
  acessível: "accessible",
  "atende crianças": "children",
  sinuca: "pool",
  videogame: "videoGames",
  "tv com futebol": "football",
  "pet friendly": "pets",
};

const knownKey = (amenity: string): string | undefined => KNOWN[amenity.trim().toLowerCase()];

/** Whether the page names the amenity in its own language (one the shops' app offers). */
export const isKnownAmenity = (amenity: string): boolean => knownKey(amenity) !== undefined;

/** An amenity in the page's language when it is a known one, else as the shop wrote it. */
export function amenityName(t: (key: string) => string, amenity: string): string {
  const key = knownKey(amenity);
  return key ? t(`about.amenity.${key}`) : amenity;
}
