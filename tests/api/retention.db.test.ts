import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import {
  appointmentMoves,
  appointments,
  idempotencyKeys,
  oneTimeSecrets,
  outbox,
  passwordResetTokens,
  rateLimits,
  sessions,
  verifiedPhones,
  waitlist,
  whatsappConsents,
} from "@/lib/server/db/schema";
import { consentKey } from "@/lib/server/notifications/whatsapp-window";
import { useTestDb } from "@/lib/server/db/testing";
import { ANONYMOUS_CLIENT_NAME, EXPIRED_BODY, purgeExpiredData, RETENTION } from "@/lib/server/retention/purge";
import { makeAccount } from "@/tests/factories/account";
import { createBookableShop, createShop, insertAppointment } from "@/tests/factories/booking";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const now = new Date("2026-11-24T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

it("purges what outlived its use and keeps what is still fresh", async () => {
  const { user } = await makeAccount(db());
  const message = { channel: "email", recipient: "x@example.com", body: "https://navalha.test/redefinir-senha?token=abc" } as const;
  const [oldSent, oldUnsent, futureReminder, expiredLink, liveLink, failedExpired, sentExpired, notice] = await db()
    .insert(outbox)
    .values([
      { ...message, status: "sent", createdAt: hoursAgo(8 * 24), sendAfter: hoursAgo(8 * 24) },
      { ...message, status: "unsent", createdAt: hoursAgo(7 * 24 + 1), sendAfter: hoursAgo(7 * 24 + 1) },
      // A reminder written weeks ahead of its moment is kept until a week after that moment.
      { ...message, status: "pending", createdAt: hoursAgo(30 * 24), sendAfter: hoursAgo(-24) },
      { ...message, status: "unsent", createdAt: hoursAgo(1), secretExpiresAt: hoursAgo(0.5) },
      { ...message, status: "unsent", createdAt: hoursAgo(0.2), secretExpiresAt: new Date(now.getTime() + 600_000) },
      { ...message, status: "failed", createdAt: hoursAgo(2), secretExpiresAt: hoursAgo(1) },
      { ...message, status: "sent", body: "[delivered; content removed]", createdAt: hoursAgo(2), secretExpiresAt: hoursAgo(1) },
      { ...message, status: "unsent", body: "Your e-mail changed", createdAt: hoursAgo(6 * 24) },
    ])
    .returning();
  await db()
    .insert(idempotencyKeys)
    .values([
      { scope: "guest:+5511900000001", key: "old", requestHash: "h", createdAt: hoursAgo(25) },
      { scope: "guest:+5511900000001", key: "fresh", requestHash: "h", createdAt: hoursAgo(23) },
    ]);
  await db()
    .insert(rateLimits)
    .values([
      { key: "login_fail_id:old@example.com", points: 3, expire: hoursAgo(0.01) },
      { key: "login_fail_id:fresh@example.com", points: 3, expire: new Date(now.getTime() + 60_000) },
    ]);
  const token = (tokenHash: string, expiresAt: Date, usedAt: Date | null) => ({ userId: user.id, channel: "email", tokenHash, expiresAt, usedAt });
  await db()
    .insert(passwordResetTokens)
    .values([
      token("used-long-ago", hoursAgo(23), hoursAgo(25)),
      token("expired-long-ago", hoursAgo(25), null),
      token("used-today", hoursAgo(1), hoursAgo(2)),
      token("expired-today", hoursAgo(3), null),
      token("open", new Date(now.getTime() + 600_000), null),
    ]);
  const secret = (secretHash: string, expiresAt: Date, usedAt: Date | null) => ({ purpose: "guest_phone", subject: "h", secretHash, expiresAt, usedAt });
  await db()
    .insert(oneTimeSecrets)
    .values([
      secret("code-used-long-ago", hoursAgo(23), hoursAgo(25)),
      secret("code-expired-long-ago", hoursAgo(25), null),
      secret("code-used-today", hoursAgo(1), hoursAgo(2)),
      secret("code-open", new Date(now.getTime() + 600_000), null),
    ]);
  await db()
    .insert(verifiedPhones)
    .values([
      { phoneHash: "expired", proofHash: "browser", expiresAt: hoursAgo(1) },
      { phoneHash: "remembered", proofHash: "browser", expiresAt: new Date(now.getTime() + 86_400_000) },
    ]);
  const session = (id: string, expiresAt: Date, revokedAt: Date | null) => ({ id, userId: user.id, expiresAt, revokedAt });
  await db()
    .insert(sessions)
    .values([
      session("past-its-end", hoursAgo(1), null),
      session("signed-out-long-ago", new Date(now.getTime() + 86_400_000), hoursAgo(25)),
      session("signed-out-today", new Date(now.getTime() + 86_400_000), hoursAgo(2)),
      session("live", new Date(now.getTime() + 86_400_000), null),
    ]);

  // Waitlist entries to be told when a time frees up: gone once their day has passed in every zone.
  const shop = await createShop(db());
  const entryOn = (day: string) => ({ userId: user.id, barbershopId: shop.id, serviceIds: [1], day, language: "pt-BR" });
  await db()
    .insert(waitlist)
    .values([entryOn("2026-11-21"), entryOn("2026-11-23"), entryOn("2026-11-24")]);

  const counts = await purgeExpiredData(db(), now);
  expect(counts).toEqual({
    outboxDeleted: 2,
    outboxEmptied: 2,
    idempotencyKeys: 1,
    rateLimits: 1,
    resetTokens: 2,
    oneTimeSecrets: 2,
    verifiedPhones: 1,
    sessions: 2,
    waitlist: 1,
    guestBookings: 0,
    appointmentMoves: 0,
    whatsappConsents: 0,
    agendaChanges: expect.any(Number),
    clientNotes: expect.any(Number),
  });

  const bodies = new Map((await db().select().from(outbox)).map((r) => [r.id, r.body]));
  expect(bodies.has(oldSent.id)).toBe(false);
  expect(bodies.has(oldUnsent.id)).toBe(false);
  expect(bodies.has(futureReminder.id)).toBe(true);
  expect(bodies.get(expiredLink.id)).toBe(EXPIRED_BODY);
  expect(bodies.get(failedExpired.id)).toBe(EXPIRED_BODY);
  expect(bodies.get(liveLink.id)).toBe(message.body);
  expect(bodies.get(sentExpired.id)).toBe("[delivered; content removed]");
  expect(bodies.get(notice.id)).toBe("Your e-mail changed");
  expect((await db().select().from(idempotencyKeys)).map((r) => r.key)).toEqual(["fresh"]);
  expect((await db().select().from(rateLimits)).map((r) => r.key)).toEqual(["login_fail_id:fresh@example.com"]);
  const tokens = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  expect(tokens.map((t) => t.tokenHash).sort()).toEqual(["expired-today", "open", "used-today"]);
  expect((await db().select().from(oneTimeSecrets)).map((r) => r.secretHash).sort()).toEqual(["code-open", "code-used-today"]);
  expect((await db().select().from(verifiedPhones)).map((r) => r.phoneHash)).toEqual(["remembered"]);
  const sessionIds = (await db().select().from(sessions)).map((r) => r.id);
  expect(sessionIds).toEqual(expect.arrayContaining(["live", "signed-out-today"]));
  expect(sessionIds).not.toContain("past-its-end");
  expect(sessionIds).not.toContain("signed-out-long-ago");
  expect((await db().select().from(waitlist)).map((w) => w.day).sort()).toEqual(["2026-11-23", "2026-11-24"]);

  // Running it again finds nothing more to do.
  expect(await purgeExpiredData(db(), now)).toEqual({
    outboxDeleted: 0,
    outboxEmptied: 0,
    idempotencyKeys: 0,
    rateLimits: 0,
    resetTokens: 0,
    oneTimeSecrets: 0,
    verifiedPhones: 0,
    sessions: 0,
    waitlist: 0,
    guestBookings: 0,
    appointmentMoves: 0,
    whatsappConsents: 0,
    agendaChanges: expect.any(Number),
    clientNotes: expect.any(Number),
  });
});

it("anonymises a guest's booking 24 months after the visit: the row, its times and total stay for the shop, the name, phone, notes and link go", async () => {
  const f = await createBookableShop(db());
  const { user } = await makeAccount(db());
  const visit = (endedHoursAgo: number, clientId: number | null) =>
    insertAppointment(db(), {
      shopId: f.shop.id,
      barberId: f.barber.id,
      serviceId: f.cut.id,
      clientId,
      startsAt: hoursAgo(endedHoursAgo + 0.5),
      status: "completed",
      clientName: "Carla Souza",
    });
  const retentionHours = RETENTION.guestBookingsMs / 3_600_000;
  const [old, recent, client] = await Promise.all([visit(retentionHours + 1, null), visit(retentionHours - 1, null), visit(retentionHours + 3, user.id)]);
  await db()
    .update(appointments)
    .set({ clientPhone: "+5511912345678", notes: "Alergia a lâmina", manageTokenHash: sql`'hash-' || ${appointments.id}` })
    .where(eq(appointments.barbershopId, f.shop.id));
  // Moves older than two days are forgotten; the last day's count for the move limit.
  await db()
    .insert(appointmentMoves)
    .values([
      {
        appointmentId: recent.id,
        barbershopId: f.shop.id,
        barberId: f.barber.id,
        fromStartsAt: hoursAgo(1),
        fromEndsAt: hoursAgo(0.5),
        movedAt: hoursAgo(49),
        waitlistDueAt: hoursAgo(49),
      },
      {
        appointmentId: recent.id,
        barbershopId: f.shop.id,
        barberId: f.barber.id,
        fromStartsAt: hoursAgo(1),
        fromEndsAt: hoursAgo(0.5),
        movedAt: hoursAgo(20),
        waitlistDueAt: hoursAgo(20),
      },
    ]);

  const counts = await purgeExpiredData(db(), now);
  expect(counts).toMatchObject({ guestBookings: 1, appointmentMoves: 1 });
  const rows = new Map((await db().select().from(appointments).where(eq(appointments.barbershopId, f.shop.id))).map((r) => [r.id, r]));
  expect(rows.get(old.id)).toMatchObject({
    clientName: ANONYMOUS_CLIENT_NAME,
    clientPhone: null,
    notes: null,
    manageTokenHash: null,
    status: "completed",
    total: old.total,
    startsAt: old.startsAt,
    endsAt: old.endsAt,
  });
  expect(rows.get(recent.id)).toMatchObject({ clientName: "Carla Souza", clientPhone: "+5511912345678", notes: "Alergia a lâmina" });
  // A client's booking stays with the account (erased with it).
  expect(rows.get(client.id)).toMatchObject({ clientName: "Carla Souza", clientPhone: "+5511912345678" });
  expect(await db().$count(appointmentMoves, eq(appointmentMoves.appointmentId, recent.id))).toBe(1);
  expect(await purgeExpiredData(db(), now)).toMatchObject({ guestBookings: 0, appointmentMoves: 0 });
});

it("forgets a WhatsApp consent 24 months after its newest moment, and keeps of an opt-out only the number's hash and its date", async () => {
  const months = RETENTION.whatsappConsentsMs / 3_600_000;
  const old = hoursAgo(months + 1);
  const fresh = hoursAgo(months - 1);
  const keys = ["+5511911110001", "+5511911110002", "+5511911110003", "+5511911110004", "+5511911110005"].map(consentKey);
  const [yesLongAgo, yesLongAgoWroteLately, yesLately, stoppedLongAgo, stoppedAndAsked] = keys;
  await db()
    .insert(whatsappConsents)
    .values([
      { phoneHash: yesLongAgo, optedInAt: old, lastInboundAt: old },
      { phoneHash: yesLongAgoWroteLately, optedInAt: old, lastInboundAt: fresh },
      { phoneHash: yesLately, optedInAt: fresh },
      { phoneHash: stoppedLongAgo, optedInAt: old, optedOutAt: old, lastInboundAt: old },
      { phoneHash: stoppedAndAsked, optedInAt: fresh, optedOutAt: old },
    ]);
  expect(await purgeExpiredData(db(), now)).toMatchObject({ whatsappConsents: 2 });
  const rows = new Map((await db().select().from(whatsappConsents)).map((r) => [r.phoneHash, r]));
  expect(rows.has(yesLongAgo)).toBe(false);
  expect(rows.get(yesLongAgoWroteLately)).toMatchObject({ optedInAt: old, lastInboundAt: fresh });
  expect(rows.get(yesLately)).toMatchObject({ optedInAt: fresh });
  expect(rows.get(stoppedLongAgo)).toEqual({ phoneHash: stoppedLongAgo, optedInAt: null, optedOutAt: old, lastInboundAt: null });
  expect(rows.get(stoppedAndAsked)).toMatchObject({ optedInAt: fresh, optedOutAt: old });
  expect(await purgeExpiredData(db(), now)).toMatchObject({ whatsappConsents: 0 });
});
