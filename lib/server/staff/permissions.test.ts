import { STAFF_PERMISSIONS, STAFF_ROLES, type TStaffPermission, type TStaffRole } from "@/lib/contract/staff";
import { can, maskPhone, normaliseRoles, PERMISSION_MATRIX, permissionsOf, phoneFor, scopeOf } from "./permissions";

const mine = { isOwn: true };
const theirs = { isOwn: false };

describe("the permission matrix", () => {
  it("names every permission of the contract and only known roles", () => {
    expect(Object.keys(PERMISSION_MATRIX).sort()).toEqual([...STAFF_PERMISSIONS].sort());
    for (const row of Object.values(PERMISSION_MATRIX)) for (const role of Object.keys(row)) expect(STAFF_ROLES).toContain(role);
  });

  it("lets a barber see and change only his own bookings and time, and a client's phone only on his own bookings", () => {
    const barber: TStaffRole[] = ["barber"];
    for (const p of ["bookings.view", "bookings.manage", "time.manage", "clients.phone"] as const) {
      expect(scopeOf(barber, p)).toBe("own");
      expect(can(barber, p, mine)).toBe(true);
      expect(can(barber, p, theirs)).toBe(false);
    }
    expect(phoneFor(barber, "clients.phone", "+5511987654321", mine)).toBe("+5511987654321");
    expect(phoneFor(barber, "clients.phone", "+5511987654321", theirs)).toBe("+55 11 9****-**21");
  });

  it("lets the front desk book, move and cancel for every barber and see phones, but not edit the team, services or hours", () => {
    const desk: TStaffRole[] = ["front_desk"];
    for (const p of ["bookings.view", "bookings.manage", "clients.phone"] as const) expect(can(desk, p, theirs)).toBe(true);
    expect(phoneFor(desk, "clients.phone", "+5511987654321", theirs)).toBe("+5511987654321");
    for (const p of ["team.manage", "services.manage", "hours.manage", "time.manage", "roles.manage"] as const) expect(can(desk, p)).toBe(false);
  });

  it("lets a manager edit team, services and hours and do all the front desk does, but not what only an owner does", () => {
    const manager: TStaffRole[] = ["manager"];
    const desk = permissionsOf(["front_desk"]);
    for (const p of STAFF_PERMISSIONS) if (desk[p] === "all") expect(scopeOf(manager, p)).toBe("all");
    for (const p of ["team.manage", "services.manage", "hours.manage", "time.manage"] as const) expect(can(manager, p, theirs)).toBe(true);
    for (const p of ["roles.manage", "shop.profile", "shop.publish", "shop.delete"] as const) expect(can(manager, p)).toBe(false);
  });

  it("keeps roles, the shop's profile, unpublishing and deleting to owners", () => {
    const ownerOnly: TStaffPermission[] = ["roles.manage", "shop.profile", "shop.publish", "shop.delete"];
    for (const p of ownerOnly) {
      for (const role of STAFF_ROLES) expect({ p, role, can: can([role], p) }).toEqual({ p, role, can: role === "owner" });
    }
  });

  it("adds roles up: an owner who cuts hair is owner and barber, and a barber at the front desk sees every booking", () => {
    expect(permissionsOf(["owner", "barber"])).toEqual(permissionsOf(["owner"]));
    expect(can(["barber", "front_desk"], "bookings.manage", theirs)).toBe(true);
    expect(can(["barber", "front_desk"], "time.manage", theirs)).toBe(false);
    expect(can(["barber", "front_desk"], "time.manage", mine)).toBe(true);
    expect(can([], "shop.view")).toBe(false);
  });

  it("gives every permission a scope or null, for a page to show only what the member may do", () => {
    const barber = permissionsOf(["barber"]);
    expect(Object.keys(barber).sort()).toEqual([...STAFF_PERMISSIONS].sort());
    expect(barber["team.manage"]).toBeNull();
    expect(barber["bookings.view"]).toBe("own");
  });

  it("stores roles as a set in the contract's order", () => {
    expect(normaliseRoles(["barber", "owner", "barber", "boss"])).toEqual(["owner", "barber"]);
  });
});

describe("maskPhone", () => {
  it("keeps a Brazilian number's country and area code, its first digit and last two", () => {
    expect(maskPhone("+5511987654321")).toBe("+55 11 9****-**21");
    expect(maskPhone("+552133334444")).toBe("+55 21 3***-**44");
    expect(maskPhone(null)).toBeNull();
  });

  it("hides all but the ends of another country's number", () => {
    expect(maskPhone("+351912345678")).toBe("+35********78");
    expect(maskPhone("+351912345678")).not.toContain("12345");
  });
});
