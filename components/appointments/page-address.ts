import { notFound } from "next/navigation";

// What an appointment's pages read from their address (server components).

/** The appointment's id of the path, or the page is not found. */
export function appointmentIdOf(id: string): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) notFound();
  return n;
}

/** The manage token of an appointment page's address (a guest's private link), when it has the look of one. */
export function manageTokenOf(query: Record<string, string | string[] | undefined>): string | undefined {
  return typeof query.token === "string" && query.token.length >= 16 && query.token.length <= 200 ? query.token : undefined;
}
