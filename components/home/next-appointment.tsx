"use client";
import { part, usePart } from "@/lib/hooks/use-part";
import { useSession } from "@/lib/api/session";

// The labels' type lives with the lazily loaded card; a type import costs the first load nothing.
import type { NextAppointmentLabels } from "./next-appointment-card";

export type { NextAppointmentLabels };

const card = part(() => import("./next-appointment-card"));

/**
 * A signed-in client's next appointment at the top of the home page, a tap from its page (for one who opens
 * the site from the home screen to check it). Its code (SWR, the card) loads only for a session; a visitor's
 * first load carries this stub alone. Words come from the server (no i18next on the home page).
 */
export function NextAppointment({ labels, lng }: { labels: NextAppointmentLabels; lng: string }) {
  const { token } = useSession();
  const loaded = usePart(card, Boolean(token));
  if (!token || !loaded || loaded === "failed") return null;
  return <loaded.NextAppointmentCard labels={labels} lng={lng} />;
}
