// Test-only data for e2e/team.spec.ts: a shop of its own and its owner (e2e/team-data.ts). Loaded by
// scripts/seed-e2e.ts after the demo seed; never part of the demo data. Safe to run again: it does nothing when
// the shop exists.
import { eq } from "drizzle-orm";
import { hashPassword } from "@/lib/server/auth/password";
import type { Db } from "@/lib/server/db/client";
import * as s from "@/lib/server/db/schema";
import { TEAM_E2E } from "@/e2e/team-data";

export async function seedE2eTeam(db: Db) {
  const [existing] = await db.select({ id: s.barbershops.id }).from(s.barbershops).where(eq(s.barbershops.slug, TEAM_E2E.slug)).limit(1);
  if (existing) return;
  const passwordHash = await hashPassword(TEAM_E2E.owner.password);
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .insert(s.users)
      .values({ type: "client", name: TEAM_E2E.owner.name, email: TEAM_E2E.owner.email, phone: TEAM_E2E.owner.phone, passwordHash })
      .returning({ id: s.users.id });
    const [shop] = await tx
      .insert(s.barbershops)
      .values({
        slug: TEAM_E2E.slug,
        name: TEAM_E2E.shopName,
        address: "Rua da Equipe, 49",
        neighborhood: "Centro",
        city: TEAM_E2E.city,
        citySlug: TEAM_E2E.citySlug,
        state: "SC",
        latitude: TEAM_E2E.latitude,
        longitude: TEAM_E2E.longitude,
      })
      .returning({ id: s.barbershops.id });
    await tx.insert(s.shopHours).values([1, 2, 3, 4, 5, 6].map((weekday) => ({ barbershopId: shop.id, weekday, opens: "09:00", closes: "19:00" })));
    await tx.insert(s.shopStaff).values({ barbershopId: shop.id, userId: owner.id, roles: ["owner"] });
  });
}
