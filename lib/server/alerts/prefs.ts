import "server-only";
import { count, eq } from "drizzle-orm";
import { ALERT_EVENTS, type TAlertEvent, type TAlertPrefs, type TAlertPrefsBody } from "@/lib/contract/alerts";
import type { Lang } from "@/lib/i18n/settings";
import { hasWhatsappConsent, recordWhatsappOptIn } from "@/lib/server/appointments/messages";
import { hourToMinutes, minutesToHour } from "@/lib/server/availability/zoned-time";
import type { Db, Executor } from "@/lib/server/db/client";
import { barbershops, pushSubscriptions, staffAlertPrefs, users } from "@/lib/server/db/schema";
import { AppError, validationFailed } from "@/lib/server/http/errors";
import type { StaffAccess } from "@/lib/server/staff/access";
import type { TStaffRole } from "@/lib/contract/staff";

// A member's own alert preferences (docs/decisions/0052-staff-alerts.md).

export type AlertPrefsRow = typeof staffAlertPrefs.$inferSelect;

/** Until a member saves his own: e-mail on for every event, no WhatsApp, no Web Push, no quiet hours. */
export const DEFAULT_PREFS = {
  email: true,
  whatsapp: false,
  push: false,
  events: [...ALERT_EVENTS] as TAlertEvent[],
  quietFrom: null,
  quietUntil: null,
  language: "pt-BR",
};

/** Owner, manager and front desk hear of every barber's bookings; a barber of his own only. */
export const hearsWholeShop = (roles: TStaffRole[]) => roles.some((r) => r === "owner" || r === "manager" || r === "front_desk");

/** How many browsers the member subscribed to Web Push at this shop. */
export async function pushDevices(db: Executor, staffId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.staffId, staffId));
  return Number(row?.n ?? 0);
}

async function answer(db: Executor, access: StaffAccess, row: Pick<AlertPrefsRow, "email" | "whatsapp" | "push" | "events" | "quietFrom" | "quietUntil">) {
  const [user] = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, access.userId)).limit(1);
  const [shop] = await db.select({ timezone: barbershops.timezone }).from(barbershops).where(eq(barbershops.id, access.shopId)).limit(1);
  const prefs: TAlertPrefs = {
    email: row.email,
    whatsapp: row.whatsapp && (await hasWhatsappConsent(db, user?.phone ?? null)),
    push: row.push,
    push_devices: await pushDevices(db, access.staffId),
    events: ALERT_EVENTS.filter((e) => row.events.includes(e)),
    quiet_from: row.quietFrom === null ? null : minutesToHour(row.quietFrom),
    quiet_until: row.quietUntil === null ? null : minutesToHour(row.quietUntil),
    timezone: shop.timezone,
    has_email: Boolean(user?.email),
    has_phone: Boolean(user?.phone),
    scope: hearsWholeShop(access.roles) ? "shop" : "own",
  };
  return prefs;
}

export async function readAlertPrefs(db: Executor, access: StaffAccess): Promise<TAlertPrefs> {
  const [row] = await db.select().from(staffAlertPrefs).where(eq(staffAlertPrefs.staffId, access.staffId)).limit(1);
  return answer(db, access, row ?? DEFAULT_PREFS);
}

/**
 * Saves the member's own choice. WhatsApp on is his yes to WhatsApp on his account's phone, recorded as any other
 * (whatsapp_consents): a PARAR reply withdraws it, and alerts stop going there until he says yes again.
 */
export async function saveAlertPrefs(db: Db, access: StaffAccess, body: TAlertPrefsBody, language: Lang, now = new Date()): Promise<TAlertPrefs> {
  if ((body.quiet_from === null) !== (body.quiet_until === null) || (body.quiet_from !== null && body.quiet_from === body.quiet_until)) {
    throw validationFailed([{ path: "quiet_until", message: "both or neither, and not alike" }], "ALERTS_QUIET_HOURS");
  }
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, access.userId)).limit(1);
    if (body.whatsapp && !user?.phone) throw new AppError("ALERTS_NO_PHONE");
    if (body.whatsapp && user?.phone && !(await hasWhatsappConsent(tx, user.phone))) await recordWhatsappOptIn(tx, user.phone, now);
    const values = {
      email: body.email,
      whatsapp: body.whatsapp,
      ...(body.push === undefined ? {} : { push: body.push }),
      events: ALERT_EVENTS.filter((e) => body.events.includes(e)),
      quietFrom: body.quiet_from === null ? null : hourToMinutes(body.quiet_from),
      quietUntil: body.quiet_until === null ? null : hourToMinutes(body.quiet_until),
      language,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(staffAlertPrefs)
      .values({ staffId: access.staffId, barbershopId: access.shopId, ...values })
      .onConflictDoUpdate({ target: staffAlertPrefs.staffId, set: values })
      .returning();
    return answer(tx, access, row);
  });
}
