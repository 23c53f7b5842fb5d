import { STAFF_PERMISSIONS, STAFF_ROLES, type TPermissionScope, type TStaffPermission, type TStaffRole } from "@/lib/contract/staff";

// The permission matrix, written once (docs/decisions/0045-staff-roles.md): what each role may do at its shop, and
// over what. "all" reaches every barber, booking and client of the shop; "own" only the member's own bookings, time
// and contact (a barber's, through his barbers row). A member's roles add up: the widest scope of any of them wins.
// Pure: every staff route asks it through lib/server/staff/access.ts.

const ALL = "all" as const;
const OWN = "own" as const;

export const PERMISSION_MATRIX: Record<TStaffPermission, Partial<Record<TStaffRole, TPermissionScope>>> = {
  "shop.view": { owner: ALL, manager: ALL, front_desk: ALL, barber: ALL },
  // Book, move and cancel.
  "bookings.view": { owner: ALL, manager: ALL, front_desk: ALL, barber: OWN },
  "bookings.manage": { owner: ALL, manager: ALL, front_desk: ALL, barber: OWN },
  "clients.phone": { owner: ALL, manager: ALL, front_desk: ALL, barber: OWN },
  // Working hours, breaks, days off and blocks of a barber.
  "time.manage": { owner: ALL, manager: ALL, barber: OWN },
  "team.view": { owner: ALL, manager: ALL, front_desk: ALL, barber: ALL },
  "team.contact": { owner: ALL, manager: ALL, front_desk: ALL, barber: OWN },
  "team.manage": { owner: ALL, manager: ALL },
  "services.manage": { owner: ALL, manager: ALL },
  "hours.manage": { owner: ALL, manager: ALL },
  "reviews.answer": { owner: ALL, manager: ALL },
  "reports.view": { owner: ALL, manager: ALL },
  "roles.manage": { owner: ALL },
  "shop.profile": { owner: ALL },
  "shop.publish": { owner: ALL },
  "shop.delete": { owner: ALL },
  "history.view": { owner: ALL },
};

/** The widest scope the roles give for a permission, or null when none of them gives it. */
export function scopeOf(roles: readonly TStaffRole[], permission: TStaffPermission): TPermissionScope | null {
  let scope: TPermissionScope | null = null;
  for (const role of roles) {
    const given = PERMISSION_MATRIX[permission][role];
    if (given === ALL) return ALL;
    if (given === OWN) scope = OWN;
  }
  return scope;
}

/**
 * Whether the roles allow a permission over one thing: an "own" scope covers it only when it is the member's own (a
 * booking or time of his barbers row, his own contact). Without `target` the question is whether the permission is
 * given at all.
 */
export function can(roles: readonly TStaffRole[], permission: TStaffPermission, target?: { isOwn: boolean }): boolean {
  const scope = scopeOf(roles, permission);
  if (scope === ALL) return true;
  if (scope === null) return false;
  return !target || target.isOwn;
}

/** Every permission with the roles' scope, for a page to show only what the member may do. */
export function permissionsOf(roles: readonly TStaffRole[]): Record<TStaffPermission, TPermissionScope | null> {
  return Object.fromEntries(STAFF_PERMISSIONS.map((p) => [p, scopeOf(roles, p)])) as Record<TStaffPermission, TPermissionScope | null>;
}

/** A set of roles as stored: known ones only, each once, in the contract's order. */
export function normaliseRoles(roles: readonly string[]): TStaffRole[] {
  return STAFF_ROLES.filter((r) => roles.includes(r));
}

/**
 * A phone for someone who may not see it: the country and area code, the first digit and the last two stay, so
 * that staff can tell two clients apart and confirm one on the line. "+5511987654321" → "+55 11 9****-**21".
 */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return phone;
  const br = /^\+55(\d{2})(\d{8,9})$/.exec(phone);
  if (br) {
    const [, area, local] = br;
    const head = local.slice(0, local.length - 4);
    return `+55 ${area} ${head[0]}${"*".repeat(head.length - 1)}-**${local.slice(-2)}`;
  }
  const digits = phone.replace(/\D/g, "");
  if (digits.length <= 4) return "*".repeat(digits.length);
  return `+${digits.slice(0, 2)}${"*".repeat(digits.length - 4)}${digits.slice(-2)}`;
}

/** The phone as the reader's roles allow: whole under an "all" scope, or an "own" scope over his own; else masked. */
export function phoneFor(
  roles: readonly TStaffRole[],
  permission: "clients.phone" | "team.contact",
  phone: string | null,
  target: { isOwn: boolean },
): string | null {
  return can(roles, permission, target) ? phone : maskPhone(phone);
}
