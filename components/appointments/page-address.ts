import { notFound } from "next/navigation";
import type { AppointmentLink } from "@/lib/api/appointments";

// What an appointment's pages read from their address (server components).

/** The appointment's id of the path, or the page is not found. */
export function appointmentIdOf(id: string): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) notFound();
  return n;
}

type Query = Record<string, string | string[] | undefined>;

/** A token parameter of the address, when it has the look of one (16 to 200 characters, as the API takes). */
function tokenParam(query: Query, name: string): string | undefined {
  const value = query[name];
  return typeof value === "string" && value.length >= 16 && value.length <= 200 ? value : undefined;
}

/** The manage token of an appointment page's address (a guest's private link). */
export function manageTokenOf(query: Query): string | undefined {
  return tokenParam(query, "token");
}

/** How the page may open the appointment without a session: a guest's private link (?token=), or the reminder's one-tap link (?t=). */
export function appointmentLinkOf(query: Query): AppointmentLink | undefined {
  const manage = tokenParam(query, "token");
  const answer = tokenParam(query, "t");
  return manage ? { manage_token: manage } : answer ? { answer_token: answer } : undefined;
}
