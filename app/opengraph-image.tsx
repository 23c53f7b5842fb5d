import { SHARE_SIZE, shareCard } from "@/lib/server/share/card-image";

// The home page's link preview, made at build time.
export const size = SHARE_SIZE;
export const contentType = "image/png";
export const alt = "Navalha — barbearias perto de você";

export default async function Image() {
  return shareCard({ kicker: "Barbearias perto de você", title: "Agende seu corte em poucos toques", lines: ["São Paulo · Rio de Janeiro · Belo Horizonte"] });
}
