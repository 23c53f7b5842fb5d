import "server-only";
import { and, eq } from "drizzle-orm";
import type { TPushSettings, TPushSubscriptionBody } from "@/lib/contract/alerts";
import type { Db, Executor } from "@/lib/server/db/client";
import { pushSubscriptions, staffAlertPrefs } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { isAllowedPushEndpoint, isPushEnabled, vapidPublicKey } from "@/lib/server/notifications/web-push";
import type { StaffAccess } from "@/lib/server/staff/access";
import { DEFAULT_PREFS, pushDevices } from "./prefs";

// A member's browsers for Web Push alerts (docs/decisions/0054-web-push.md): each subscribes itself, and the member's
// push choice follows: on with the first browser, off with the last one gone.

async function settings(db: Executor, access: StaffAccess): Promise<TPushSettings> {
  const [row] = await db.select({ push: staffAlertPrefs.push }).from(staffAlertPrefs).where(eq(staffAlertPrefs.staffId, access.staffId)).limit(1);
  return { enabled: isPushEnabled(), public_key: vapidPublicKey(), push: row?.push ?? DEFAULT_PREFS.push, push_devices: await pushDevices(db, access.staffId) };
}

export const readPushSettings = (db: Executor, access: StaffAccess) => settings(db, access);

async function setPush(tx: Executor, access: StaffAccess, push: boolean, now: Date) {
  await tx
    .insert(staffAlertPrefs)
    .values({ staffId: access.staffId, barbershopId: access.shopId, ...DEFAULT_PREFS, push, updatedAt: now })
    .onConflictDoUpdate({ target: staffAlertPrefs.staffId, set: { push, updatedAt: now } });
}

/** Keeps this browser's subscription (its keys replaced when it subscribes again) and turns the member's push on. */
export async function subscribePush(db: Db, access: StaffAccess, body: TPushSubscriptionBody, now = new Date()): Promise<TPushSettings> {
  if (!isPushEnabled()) throw new AppError("PUSH_OFF");
  if (!isAllowedPushEndpoint(body.endpoint)) throw new AppError("PUSH_ENDPOINT");
  return db.transaction(async (tx) => {
    const keys = { p256dh: body.keys.p256dh, auth: body.keys.auth, lastError: null, lastErrorAt: null };
    await tx
      .insert(pushSubscriptions)
      .values({ staffId: access.staffId, endpoint: body.endpoint, ...keys, createdAt: now })
      .onConflictDoUpdate({ target: [pushSubscriptions.staffId, pushSubscriptions.endpoint], set: keys });
    await setPush(tx, access, true, now);
    return settings(tx, access);
  });
}

/** Forgets this browser; with none left, the member's push alerts are off. */
export async function unsubscribePush(db: Db, access: StaffAccess, endpoint: string, now = new Date()): Promise<TPushSettings> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.staffId, access.staffId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    if (gone.length > 0 && (await pushDevices(tx, access.staffId)) === 0) await setPush(tx, access, false, now);
    return settings(tx, access);
  });
}
