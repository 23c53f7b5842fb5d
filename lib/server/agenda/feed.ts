import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { TAgendaFeed } from "@/lib/contract/agenda";
import { escapeIcsText, foldIcsLine } from "@/lib/server/appointments/ics";
import type { Db } from "@/lib/server/db/client";
import { agendaFeeds } from "@/lib/server/db/schema";
import { rowsOf } from "@/lib/server/shops/cards";
import { siteOrigin } from "@/lib/server/env";
import { barberOfShop, isOwnBarber, requirePermission, type StaffAccess } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";

// A barber's calendar feed (docs/decisions/0050-agenda.md): a secret URL that Google or Apple Calendar subscribe to,
// with his bookings from a month back to three months ahead. Only the token's hash is stored; making a new one
// revokes the old, and removing it ends the feed.

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const FEED_PAST_DAYS = 30;
const FEED_AHEAD_DAYS = 90;

async function feedBarber(db: Db, access: StaffAccess, barberId: number) {
  const barber = await barberOfShop(db, access, barberId);
  requirePermission(access, "time.manage", { isOwn: isOwnBarber(access, barberId) });
  return barber;
}

/** A new secret feed URL for the barber (the old one stops working). The URL is shown once. */
export async function createAgendaFeed(db: Db, access: StaffAccess, barberId: number, now = new Date()): Promise<TAgendaFeed> {
  await feedBarber(db, access, barberId);
  const token = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .insert(agendaFeeds)
      .values({ barberId, barbershopId: access.shopId, tokenHash: hashOf(token), createdAt: now })
      .onConflictDoUpdate({ target: agendaFeeds.barberId, set: { tokenHash: hashOf(token), createdAt: now } });
    await recordChange(tx, access, { action: "feed.create", subject: "barber", subjectId: barberId });
  });
  return { url: `${siteOrigin()}/v3/agenda/feed/${token}`, created_at: now.toISOString() };
}

/** Ends the barber's feed: its URL answers 404 from now on. */
export async function revokeAgendaFeed(db: Db, access: StaffAccess, barberId: number): Promise<void> {
  await feedBarber(db, access, barberId);
  await db.transaction(async (tx) => {
    await tx.delete(agendaFeeds).where(and(eq(agendaFeeds.barberId, barberId), eq(agendaFeeds.barbershopId, access.shopId)));
    await recordChange(tx, access, { action: "feed.revoke", subject: "barber", subjectId: barberId });
  });
}

type FeedRow = {
  id: number;
  status: string;
  starts_at: string | Date;
  ends_at: string | Date;
  client_name: string;
  services: string | null;
  shop: string;
  ics_sequence: number;
  notes: string | null;
};

const stamp = (v: string | Date) =>
  new Date(v)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The feed of a token as iCalendar text, or null for a token that opens none. */
export async function agendaFeedIcs(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!/^[\w-]{20,64}$/.test(token)) return null;
  const [feed] = await db
    .select()
    .from(agendaFeeds)
    .where(eq(agendaFeeds.tokenHash, hashOf(token)))
    .limit(1);
  if (!feed) return null;
  const from = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const to = new Date(now.getTime() + FEED_AHEAD_DAYS * 86_400_000);
  const rows = rowsOf(
    await db.execute(sql`select a.id, a.status, a.starts_at, a.ends_at, a.client_name, a.ics_sequence, a.notes, b.name as shop,
        (select string_agg(s.name, ', ' order by s.service_id) from appointment_services s where s.appointment_id = a.id) as services
      from appointments a join barbershops b on b.id = a.barbershop_id
      where a.barber_id = ${feed.barberId} and a.barbershop_id = ${feed.barbershopId} and a.status <> 'cancelled'
        and a.starts_at >= ${from.toISOString()}::timestamptz and a.starts_at < ${to.toISOString()}::timestamptz
      order by a.starts_at, a.id`),
  ) as FeedRow[];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Navalha//Agenda//PT-BR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeIcsText(rows[0]?.shop ?? "Navalha")}`,
  ];
  for (const r of rows) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:agenda-${r.id}@navalha.app`,
      `DTSTAMP:${stamp(now)}`,
      `SEQUENCE:${r.ics_sequence}`,
      `DTSTART:${stamp(r.starts_at)}`,
      `DTEND:${stamp(r.ends_at)}`,
      `SUMMARY:${escapeIcsText(`${r.client_name}${r.services ? ` · ${r.services}` : ""}`)}`,
      ...(r.notes ? [`DESCRIPTION:${escapeIcsText(r.notes)}`] : []),
      `STATUS:${r.status === "confirmed" || r.status === "completed" ? "CONFIRMED" : "TENTATIVE"}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldIcsLine).join("\r\n") + "\r\n";
}
