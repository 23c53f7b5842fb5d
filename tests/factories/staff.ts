// Two shops with a team each, for the staff routes' tests: shop A with an owner who also cuts hair, a manager, a
// front desk and a barber; shop B with its own owner, barber and booking. Every member is a real account with a token.
import type { TStaffRole } from "@/lib/contract/staff";
import type { Db } from "@/lib/server/db/client";
import { appointments, blockedTimes, clientNotes, shopClosures, shopStaff, staffInvitations } from "@/lib/server/db/schema";
import { sha256 } from "@/lib/server/verification/one-time";
import { makeAccount } from "./account";
import { linkBarberService, makeBarber, makeProduct, makeReview, makeService, makeShop } from "./shops";

export const DAY = "2026-12-03";
/** An instant of DAY in São Paulo (UTC−3), e.g. local("10:00"). */
export const local = (hhmm: string, day = DAY) => new Date(`${day}T${hhmm}:00-03:00`);

export async function makeMember(db: Db, shopId: number, roles: TStaffRole[], barberId: number | null = null) {
  const account = await makeAccount(db, { name: `Equipe ${roles.join("+")}` });
  const [member] = await db.insert(shopStaff).values({ barbershopId: shopId, userId: account.user.id, roles, barberId }).returning();
  return { ...account, member };
}

export async function makeBooking(db: Db, shopId: number, barberId: number, startsAt: Date, over: Partial<typeof appointments.$inferInsert> = {}) {
  const [booking] = await db
    .insert(appointments)
    .values({
      barbershopId: shopId,
      barberId,
      clientName: "Cliente Balcão",
      clientPhone: "+5511987654321",
      status: "confirmed",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      subtotal: "40.00",
      total: "40.00",
      ...over,
    })
    .returning();
  return booking;
}

export async function makeTwoShops(db: Db) {
  const shopA = await makeShop(db);
  const shopB = await makeShop(db);
  const [barberA1, barberA2, barberB] = [await makeBarber(db, shopA.id), await makeBarber(db, shopA.id), await makeBarber(db, shopB.id)];
  const a = {
    owner: await makeMember(db, shopA.id, ["owner", "barber"], barberA1.id),
    manager: await makeMember(db, shopA.id, ["manager"]),
    frontDesk: await makeMember(db, shopA.id, ["front_desk"]),
    barber: await makeMember(db, shopA.id, ["barber"], barberA2.id),
  };
  const b = { owner: await makeMember(db, shopB.id, ["owner"]), barber: await makeMember(db, shopB.id, ["barber"], barberB.id) };
  const bookingA1 = await makeBooking(db, shopA.id, barberA1.id, local("10:00"), { clientPhone: "+5511911112222" });
  const bookingA2 = await makeBooking(db, shopA.id, barberA2.id, local("11:00"), { clientPhone: "+5511933334444" });
  const bookingB = await makeBooking(db, shopB.id, barberB.id, local("10:00"));
  return { shopA, shopB, barberA1, barberA2, barberB, a, b, bookingA1, bookingA2, bookingB };
}

/** A service, product, closure, time off, open invitation, review, client and note of a shop, for the routes that take their ids. */
export async function makeThingsOf(db: Db, shopId: number, barberId: number) {
  const service = await makeService(db, shopId);
  await linkBarberService(db, barberId, service.id);
  const product = await makeProduct(db, shopId);
  const [closure] = await db.insert(shopClosures).values({ barbershopId: shopId, startsOn: "2026-12-31", endsOn: "2026-12-31" }).returning();
  const [timeOff] = await db
    .insert(blockedTimes)
    .values({ barberId, startsAt: local("15:00"), endsAt: local("16:00") })
    .returning();
  const [invitation] = await db
    .insert(staffInvitations)
    .values({
      barbershopId: shopId,
      tokenHash: sha256(`token-of-${shopId}`),
      roles: ["barber"],
      name: "Convidado",
      channel: "email",
      recipient: `convidado${shopId}@example.com`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const review = await makeReview(db, shopId, barberId, 4, "Bom corte");
  // A client with an account who booked at the shop, and a staff note about him.
  const client = await makeAccount(db, { name: "Cliente da Loja" });
  await makeBooking(db, shopId, barberId, local("17:00"), { clientId: client.user.id, clientName: client.user.name, clientPhone: client.user.phone });
  const [note] = await db
    .insert(clientNotes)
    .values({ barbershopId: shopId, clientId: client.user.id, authorName: "Equipe", text: "Prefere tesoura" })
    .returning();
  return { service, product, closure, timeOff, invitation, review, client: client.user, note };
}
