import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getAppointment } from "@/lib/server/appointments/read";
import { reviewRequestMessages } from "@/lib/server/appointments/review-request";
import type { Db } from "@/lib/server/db/client";
import { appointments, outbox, users } from "@/lib/server/db/schema";
import { enqueueMessages } from "@/lib/server/notifications/outbox";
import { RETENTION } from "@/lib/server/retention/purge";
import { DEMO_EMAIL } from "./demo-account";

/**
 * The "how was it?" e-mail of the demo client's recent visits, as their booking would have written it: the demo's
 * outbox (/dev/outbox) shows it, and its link opens the rating page, where the visit can be rated and a reminder to
 * book again asked for, without signing in. Kept unsent, as the demo keeps every message (it has no provider), and
 * never handed to one: a provider configured later does not mail a demo address about a visit that never was.
 * Outside the data's transaction, since the link is signed with a key the app reads on a connection of its own.
 */
export async function seedDemoReviewRequests(db: Db, now: Date): Promise<number> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  if (!demo) return 0;
  const visits = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.clientId, demo.id), eq(appointments.status, "completed")))
    .orderBy(appointments.startsAt);
  const messages = [];
  for (const v of visits) {
    const a = await getAppointment(db, v.id, { user: null, provenId: v.id }, now);
    messages.push(...(await reviewRequestMessages(db, a, { clientId: demo.id, lang: "pt-BR", sequence: 0 })));
  }
  // Only what the outbox still keeps (lib/server/retention/purge.ts): an older visit's e-mail is gone.
  await enqueueMessages(
    db,
    messages.filter((m) => (m.sendAfter?.getTime() ?? 0) >= now.getTime() - RETENTION.outboxMs),
    now,
  );
  // Written when the visit was booked.
  const ids = visits.map((v) => v.id);
  if (ids.length === 0) return 0;
  const written = await db
    .update(outbox)
    .set({ status: "unsent", createdAt: sql`(select a.created_at from appointments a where a.id = "outbox"."appointment_id")` })
    .where(and(eq(outbox.kind, "review-request"), inArray(outbox.appointmentId, ids)))
    .returning({ id: outbox.id });
  return written.length;
}
