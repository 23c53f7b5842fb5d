import "server-only";
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { executePrepared } from "@/lib/server/availability/load";
import type { TStaffPermission, TStaffRole } from "@/lib/contract/staff";
import type { Db, Tx } from "@/lib/server/db/client";
import { appointments, barbers, shopStaff } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { can, normaliseRoles } from "./permissions";

// The one check every staff route calls (docs/decisions/0045-staff-roles.md): the signed-in account's place at the
// shop of the path, and the guards that keep every barber, booking, member and client of the request inside that
// shop. Whatever belongs to another shop, or does not exist, is refused alike (403), so ids of other shops cannot be
// told apart from ids that are not there.

export type StaffAccess = {
  staffId: number;
  userId: number;
  shopId: number;
  roles: TStaffRole[];
  /** The shop's barbers row this member cuts as (with the barber role only). */
  barberId: number | null;
};

type Reader = Db | Tx;

const notOfShop = (what: "BARBER" | "BOOKING" | "STAFF" | "CLIENT") => new AppError("NOT_OF_SHOP", { key: `NOT_OF_SHOP_${what}` });

// The lookup every staff request makes, built once per database or transaction (Drizzle would build its SQL on every
// call).
const buildPlaceLookup = (db: Reader) =>
  db
    .select({ id: shopStaff.id, roles: shopStaff.roles, barberId: shopStaff.barberId })
    .from(shopStaff)
    .where(and(eq(shopStaff.barbershopId, sql.placeholder("shopId")), eq(shopStaff.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("staff_place");
const placeLookups = new WeakMap<Reader, ReturnType<typeof buildPlaceLookup>>();
function placeLookup(db: Reader) {
  let q = placeLookups.get(db);
  if (!q) placeLookups.set(db, (q = buildPlaceLookup(db)));
  return q;
}

/** The member's access at the shop, refused (403) when he is not on its team or his roles do not give `permission`. */
export async function requireStaff(db: Reader, userId: number, shopId: number, permission: TStaffPermission = "shop.view"): Promise<StaffAccess> {
  return accessOf((await placeLookup(db).execute({ shopId, userId }))[0], userId, shopId, permission);
}

/** The access of the member's row at the shop, refused (403) when there is none or its roles do not give `permission`. */
function accessOf(row: { id: number; roles: string[]; barberId: number | null } | undefined, userId: number, shopId: number, permission: TStaffPermission) {
  if (!row) throw new AppError("NOT_SHOP_STAFF");
  const access: StaffAccess = { staffId: row.id, userId, shopId, roles: normaliseRoles(row.roles), barberId: row.barberId };
  requirePermission(access, permission);
  return access;
}

/**
 * requireStaff, with what else the caller reads of the shop (`also`, one value, typically a json_build_object) in the
 * same statement: one round trip instead of two, for the route read most (the agenda's day).
 */
export async function requireStaffWith<T>(
  db: Reader,
  userId: number,
  shopId: number,
  permission: TStaffPermission,
  also: SQL,
): Promise<{ access: StaffAccess; also: T }> {
  const [row] = (await executePrepared(
    db,
    sql`select s.id, s.roles, s.barber_id as "barberId", (${also}) as also from shop_staff s where s.barbershop_id = ${shopId} and s.user_id = ${userId} limit 1`,
  )) as { id: number; roles: string[]; barberId: number | null; also: T | string }[];
  const access = accessOf(row, userId, shopId, permission);
  return { access, also: (typeof row.also === "string" ? JSON.parse(row.also) : row.also) as T };
}

/** Refuses (403) unless the roles give `permission`, over the target when it is one thing that is or is not the member's own. */
export function requirePermission(access: StaffAccess, permission: TStaffPermission, target?: { isOwn: boolean }): void {
  if (!can(access.roles, permission, target)) throw new AppError("STAFF_PERMISSION");
}

/** Whether a barber's booking or time is the member's own. */
export const isOwnBarber = (access: StaffAccess, barberId: number | null) => access.barberId !== null && barberId === access.barberId;

/** A barber of the member's shop, or 403. */
export async function barberOfShop(db: Reader, access: StaffAccess, barberId: number) {
  const [row] = await db
    .select({ id: barbers.id, name: barbers.name, isActive: barbers.isActive })
    .from(barbers)
    .where(and(eq(barbers.id, barberId), eq(barbers.barbershopId, access.shopId)))
    .limit(1);
  if (!row) throw notOfShop("BARBER");
  return row;
}

/** A booking of the member's shop, or 403; one of another barber is refused too where the permission reaches his own only. */
export async function bookingOfShop(db: Reader, access: StaffAccess, bookingId: number, permission: TStaffPermission = "bookings.view") {
  const [row] = await db
    .select({ id: appointments.id, barberId: appointments.barberId })
    .from(appointments)
    .where(and(eq(appointments.id, bookingId), eq(appointments.barbershopId, access.shopId)))
    .limit(1);
  if (!row) throw notOfShop("BOOKING");
  requirePermission(access, permission, { isOwn: isOwnBarber(access, row.barberId) });
  return row;
}

/** A member of the member's shop's team, or 403. */
export async function staffOfShop(db: Reader, access: StaffAccess, staffId: number) {
  const [row] = await db
    .select({ id: shopStaff.id, userId: shopStaff.userId, roles: shopStaff.roles, barberId: shopStaff.barberId })
    .from(shopStaff)
    .where(and(eq(shopStaff.id, staffId), eq(shopStaff.barbershopId, access.shopId)))
    .limit(1);
  if (!row) throw notOfShop("STAFF");
  return { ...row, roles: normaliseRoles(row.roles) };
}

/**
 * A client of the member's shop (an account with a booking there), or 403. Where the member's bookings permission
 * reaches his own only, a client of his own bookings.
 */
export async function clientOfShop(db: Reader, access: StaffAccess, clientId: number) {
  const rows = await db
    .select({ barberId: appointments.barberId })
    .from(appointments)
    .where(and(eq(appointments.clientId, clientId), eq(appointments.barbershopId, access.shopId)));
  if (rows.length === 0) throw notOfShop("CLIENT");
  requirePermission(access, "bookings.view", { isOwn: rows.some((r) => isOwnBarber(access, r.barberId)) });
  return { id: clientId };
}

/**
 * A guest of the member's shop (a phone that booked there with no account, decision 0068), named by the id of one of
 * his bookings at the shop, or 403. Where the member's bookings permission reaches his own only, a guest of his own
 * bookings. Gives the guest's phone (E.164), the key of his notes.
 */
export async function guestOfShop(db: Reader, access: StaffAccess, bookingId: number) {
  const [booking] = await db
    .select({ phone: appointments.clientPhone })
    .from(appointments)
    .where(
      and(eq(appointments.id, bookingId), eq(appointments.barbershopId, access.shopId), isNull(appointments.clientId), isNotNull(appointments.clientPhone)),
    )
    .limit(1);
  if (!booking?.phone) throw notOfShop("CLIENT");
  const rows = await db
    .select({ barberId: appointments.barberId })
    .from(appointments)
    .where(and(eq(appointments.barbershopId, access.shopId), isNull(appointments.clientId), eq(appointments.clientPhone, booking.phone)));
  requirePermission(access, "bookings.view", { isOwn: rows.some((r) => isOwnBarber(access, r.barberId)) });
  return { phone: booking.phone };
}
