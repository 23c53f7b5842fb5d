import { getT } from "./server";

// The alt text of the preview cards that speak in the page's language (the site's, a city's, a place's), for
// the pages that name them and the cards themselves. (A shop's card says its name and place: shopPreviewAlt.)

/** The alt text of a city's preview, in a language. */
export async function cityPreviewAlt(city: { name: string } | null, lng: string): Promise<string> {
  const { t } = await getT("share", { lng });
  return city ? t("card.cityAlt", { city: city.name }) : "Navalha";
}

/** The alt text of a place's preview (a list of the barbershops near it), in a language. */
export async function placePreviewAlt(label: string, lng: string): Promise<string> {
  const { t } = await getT("share", { lng });
  return t("card.placeAlt", { place: label });
}

/** The alt text of the site's preview (home, and pages that have none of their own), in a language. */
export async function sitePreviewAlt(lng: string): Promise<string> {
  const { t } = await getT("share", { lng });
  return t("card.siteAlt");
}
