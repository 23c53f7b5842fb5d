import { getReadDb } from "@/lib/server/db/client";
import { SHARE_SIZE, shareCard } from "@/lib/server/share/card-image";
import { findCity } from "@/lib/server/shops/search";

// The city page's link preview, made once and kept for a day.
export const revalidate = 86400;
export const size = SHARE_SIZE;
export const contentType = "image/png";
export const alt = "Navalha";

export default async function Image({ params }: { params: Promise<{ city: string }> }) {
  const { city: slug } = await params;
  const city = slug.length <= 100 ? await findCity(await getReadDb(), decodeURIComponent(slug)) : null;
  return shareCard({ kicker: "Barbearias em", title: city ? `${city.name} - ${city.state}` : "Navalha", lines: ["Compare notas e preços e agende um horário livre"] });
}
