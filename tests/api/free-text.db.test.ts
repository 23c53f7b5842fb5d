// Names and reviews are shown to other people: a text-direction override or a control character in
// them is refused with a translated message, and nothing is stored.
import { desc, eq } from "drizzle-orm";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
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
  const message =
    lng === "en" ? "Remove invisible, control or text-direction characters." : "Remova caracteres invisíveis, de controle ou de direção do texto.";
  expect(body.details).toEqual([{ path: field, message }]);
}

it("refuses a review whose comment carries a right-to-left override, and stores nothing", async () => {
  const me = await makeAccount(db());
  const shop = await createBookableShop(db());
  const done = await insertAppointment(db(), {
    shopId: shop.shop.id,
    barberId: shop.barber.id,
    serviceId: shop.cut.id,
    clientId: me.user.id,
    startsAt: new Date(Date.now() - 3 * 86_400_000),
  });
  const review = (comment: string) =>
    addReview(call("/v3/client/add-review", { token: me.token, lng: "pt-BR", body: { appointment_id: done.id, rating: 1, comment } }));

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

describe("a name that shows no letter", () => {
  const INVALID_NAME = {
    "pt-BR": "Informe um nome com letras, sem caracteres invisíveis.",
    en: "Enter a name with letters and no invisible characters.",
    es: "Escribe un nombre con letras y sin caracteres invisibles.",
  } as const;
  const blanks = [
    ["three Hangul fillers", "\u3164\u3164\u3164"],
    ["Hangul choseong and jungseong fillers", "\u115F\u1160\u115F"],
    ["halfwidth Hangul fillers", "\uFFA0\uFFA0\uFFA0"],
    ["a blank Braille pattern after letters", "Ana\u2800Souza"],
    ["tag characters", "Ana \u{E0041}\u{E0042}"],
    ["a soft hyphen", "Ana\u00ADSouza"],
    ["digits and punctuation only", "123 ..."],
  ];

  it.each(blanks)("is refused at sign-up (%s) in the caller's language, and nothing is stored", async (_, name) => {
    for (const lng of ["pt-BR", "en", "es"] as const) {
      const email = `blank-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await register(
        call("/v3/register/client/web_client", {
          ip: randomIp(),
          lng,
          body: { name, email, phone: freshPhone().masked, password: "123456", password_confirmation: "123456" },
        }),
      );
      expect(res.status).toBe(400);
      const body = await res.json();
      expect({ lng, code: body.code, details: body.details }).toEqual({
        lng,
        code: "VALIDATION_FAILED",
        details: [{ path: "name", message: INVALID_NAME[lng] }],
      });
      expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
  });

  it("is refused as a new name and as a guest's name", async () => {
    const me = await makeAccount(db());
    const rename = await updateUserData(
      call("/v3/user-data", { method: "PUT", token: me.token, body: { name: "\u3164\u3164\u3164", phone: me.phone.masked } }),
    );
    expect(rename.status).toBe(400);
    expect((await rename.json()).details).toEqual([{ path: "name", message: INVALID_NAME.en }]);
    const [row] = await db().select().from(users).where(eq(users.id, me.user.id));
    expect(row.name).toBe(me.user.name);
    const shop = await createBookableShop(db());
    const guest = await guestBooking(
      call("/v3/appointments/appointment-without-login", {
        ip: randomIp(),
        lng: "es",
        body: {
          barbershop_id: shop.shop.id,
          barber_id: shop.barber.id,
          services: [shop.cut.id],
          date: "2030-01-07",
          start_hour: "10:00",
          name: "\uFFA0\uFFA0\uFFA0",
          phone: freshPhone().masked,
        },
      }),
    );
    expect(guest.status).toBe(400);
    expect((await guest.json()).details).toContainEqual({ path: "name", message: INVALID_NAME.es });
  });

  it("is accepted in any script, an emoji's colour form dropped", async () => {
    for (const name of ["Zé", "José João", "Ngũgĩ wa Thiong'o", "李小龍", "محمد", "Ana ❤️"]) {
      const email = `ok-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await register(
        call("/v3/register/client/web_client", {
          ip: randomIp(),
          body: { name: name.padEnd(3, "."), email, phone: freshPhone().masked, password: "123456", password_confirmation: "123456" },
        }),
      );
      expect({ name, status: res.status }).toEqual({ name, status: 201 });
    }
    const [row] = await db().select().from(users).orderBy(desc(users.id)).limit(1);
    expect(row.name).toBe("Ana ❤");
  });
});
