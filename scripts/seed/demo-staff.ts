// The demo team of one seeded shop (docs/decisions/0045-staff-roles.md): an owner who also cuts hair, a manager, a
// front desk and two barbers, each an account with the demo password, the barbers linked to the shop's barbers rows.
import type { TStaffRole } from "@/lib/contract/staff";
import type { Tx } from "@/lib/server/db/client";
import * as s from "@/lib/server/db/schema";
import { DEMO_PASSWORD } from "./demo-account";

export const DEMO_STAFF_PASSWORD = DEMO_PASSWORD;

/** `barber`: which of the shop's barbers rows (in the plan's order) the member cuts as. */
export const DEMO_STAFF: { email: string; name: string; phone: string; roles: TStaffRole[]; barber?: number }[] = [
  { email: "owner@navalha.app", name: "Dono Demo", phone: "+5511976540001", roles: ["owner", "barber"], barber: 0 },
  { email: "manager@navalha.app", name: "Gerente Demo", phone: "+5511976540002", roles: ["manager"] },
  { email: "recepcao@navalha.app", name: "Recepção Demo", phone: "+5511976540003", roles: ["front_desk"] },
  { email: "barbeiro@navalha.app", name: "Barbeiro Demo", phone: "+5511976540004", roles: ["barber"], barber: 1 },
  { email: "barbeiro2@navalha.app", name: "Barbeiro Dois Demo", phone: "+5511976540005", roles: ["barber"], barber: 2 },
];

/** The barbers rows the demo team needs: the shop that carries it has at least this many. */
export const DEMO_STAFF_BARBERS = Math.max(...DEMO_STAFF.map((m) => (m.barber ?? -1) + 1));

/** Creates the demo team's accounts and their places at the shop, inside the seed's transaction. */
export async function seedDemoStaff(tx: Tx, shopId: number, barberIds: number[], hashes: string[], createdAt: Date): Promise<void> {
  const accounts = await tx
    .insert(s.users)
    .values(
      DEMO_STAFF.map((m, i) => ({
        type: "client",
        name: m.name,
        email: m.email,
        phone: m.phone,
        passwordHash: hashes[i],
        phoneProvedAt: createdAt,
        emailProvedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .returning({ id: s.users.id, email: s.users.email });
  const idOf = new Map(accounts.map((a) => [a.email, a.id]));
  await tx.insert(s.shopStaff).values(
    DEMO_STAFF.map((m) => ({
      barbershopId: shopId,
      userId: idOf.get(m.email)!,
      roles: m.roles,
      barberId: m.barber === undefined ? null : barberIds[m.barber],
      createdAt,
    })),
  );
}
