// Names and reviews are shown to other people: a text-direction override or a control character in
// them is refused with a translated message, and nothing is stored.
import { eq } from "drizzle-orm";
import { POST as addReview } from "@/app/v3/client/add-review/route";
import { POST as register } from "@/app/v3/register/client/web_client/route";
import { PUT as updateUserData } from "@/app/v3/user-data/route";
import type { Db } from "@/lib/server/db/client";
import { reviews, users } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { call, freshPhone, makeAccount, randomIp } from "@/tests/factories/account";
import { createBookableShop, insertAppointment } from "@/tests/factories/booking";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const RLO = "\u202E";

async function expectUnsafe(res: Response, field: string, lng: "en" | "pt-BR" = "en") {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.code).toBe("VALIDATION_FAILED");
  const message = lng === "en" ? "Remove invisible, control or text-direction characters." : "Remova caracteres invisíveis, de controle ou de direção do texto.";
  expect(body.details).toEqual([{ path: field, message }]);
}

it("refuses a review whose comment carries a right-to-left override, and stores nothing", async () => {
  const me = await makeAccount(db());
  const shop = await createBookableShop(db());
  const done = await insertAppointment(db(), { shopId: shop.shop.id, barberId: shop.barber.id, serviceId: shop.cut.id, clientId: me.user.id, startsAt: new Date(Date.now() - 3 * 86_400_000) });
  const review = (comment: string) => addReview(call("/v3/client/add-review", { token: me.token, lng: "pt-BR", body: { appointment_id: done.id, rating: 1, comment } }));

  await expectUnsafe(await review(`Péssimo ${RLO}moc.live`), "comment", "pt-BR");
  expect(await db().select().from(reviews).where(eq(reviews.appointmentId, done.id))).toHaveLength(0);

  // Zero-width characters are removed rather than refused; line breaks stay.
  const ok = await review("Bom\u200B corte.\r\nVoltarei.");
  expect(ok.status).toBe(201);
  const [row] = await db().select().from(reviews).where(eq(reviews.appointmentId, done.id));
  expect(row.comment).toBe("Bom corte.\nVoltarei.");
});

it("refuses a sign-up or a new name with a text-direction or control character, and changes nothing", async () => {
  const email = `rlo-${Date.now()}@example.com`;
  const body = { name: `Ana ${RLO}azuoS`, email, phone: freshPhone().masked, password: "123456", password_confirmation: "123456" };
  await expectUnsafe(await register(call("/v3/register/client/web_client", { ip: randomIp(), body })), "name");
  expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);

  const me = await makeAccount(db());
  const rename = await updateUserData(call("/v3/user-data", { method: "PUT", token: me.token, body: { name: "Ana\u0007 Souza", phone: me.phone.masked } }));
  await expectUnsafe(rename, "name");
  const [row] = await db().select().from(users).where(eq(users.id, me.user.id));
  expect(row.name).toBe(me.user.name);
});
