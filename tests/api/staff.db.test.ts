import { and, eq } from "drizzle-orm";
import { GET as bookingCard } from "@/app/v3/staff/shops/[shop_id]/bookings/[booking_id]/route";
import { GET as dayBookings } from "@/app/v3/staff/shops/[shop_id]/bookings/route";
import { GET as historyOf } from "@/app/v3/staff/shops/[shop_id]/history/route";
import { GET as shopOf } from "@/app/v3/staff/shops/[shop_id]/route";
import { PUT as putRoles } from "@/app/v3/staff/shops/[shop_id]/team/[staff_id]/roles/route";
import { GET as teamOf } from "@/app/v3/staff/shops/[shop_id]/team/route";
import { GET as myShops } from "@/app/v3/staff/shops/route";
import { POST as postAnswer } from "@/app/v3/staff/shops/[shop_id]/reviews/[review_id]/answer/route";
import { GET as shopReviews } from "@/app/v3/client/barbershop/[barbershop_id]/reviews/route";
import type { Db } from "@/lib/server/db/client";
import { pageTags, reviews, shopStaff, staffChanges } from "@/lib/server/db/schema";
import { pgErrorCode } from "@/lib/server/http/errors";
import { useTestDb } from "@/lib/server/db/testing";
import { clientOfShop, requireStaff } from "@/lib/server/staff/access";
import { call, makeAccount, params } from "@/tests/factories/account";
import { makeBarber, makeReview, makeShop } from "@/tests/factories/shops";
import { DAY, local, makeBooking, makeMember, makeTwoShops } from "@/tests/factories/staff";

// The permission matrix through the staff routes: what each role of a shop sees and may change.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

let f: Awaited<ReturnType<typeof makeTwoShops>>;
beforeAll(async () => {
  f = await makeTwoShops(db());
}, 60_000);

const day = (shopId: number, token: string, q = `date=${DAY}`) =>
  dayBookings(call(`/v3/staff/shops/${shopId}/bookings?${q}`, { token }), params({ shop_id: String(shopId) }));
const card = (shopId: number, bookingId: number, token: string) =>
  bookingCard(call(`/v3/staff/shops/${shopId}/bookings/${bookingId}`, { token }), params({ shop_id: String(shopId), booking_id: String(bookingId) }));
const team = (shopId: number, token: string) => teamOf(call(`/v3/staff/shops/${shopId}/team`, { token }), params({ shop_id: String(shopId) }));
const setRoles = (shopId: number, staffId: number, token: string, body: unknown, lng = "en") =>
  putRoles(
    call(`/v3/staff/shops/${shopId}/team/${staffId}/roles`, { method: "PUT", token, body, lng }),
    params({ shop_id: String(shopId), staff_id: String(staffId) }),
  );
const rolesOf = async (staffId: number) => (await db().select().from(shopStaff).where(eq(shopStaff.id, staffId)))[0];

describe("GET /v3/staff/shops", () => {
  it("lists the shops an account works at with its roles there, and none for a client", async () => {
    const res = await myShops(call("/v3/staff/shops", { token: f.a.owner.token }));
    expect(res.status).toBe(200);
    expect((await res.json()).items).toEqual([
      {
        shop: expect.objectContaining({ id: f.shopA.id, name: f.shopA.name, is_active: true }),
        staff_id: f.a.owner.member.id,
        roles: ["owner", "barber"],
        barber_id: f.barberA1.id,
      },
    ]);
    // One account can work at two shops, with other roles at each.
    await db()
      .insert(shopStaff)
      .values({ barbershopId: f.shopB.id, userId: f.a.frontDesk.user.id, roles: ["manager"] });
    const two = await (await myShops(call("/v3/staff/shops", { token: f.a.frontDesk.token }))).json();
    expect(two.items.map((i: { shop: { id: number }; roles: string[] }) => [i.shop.id, i.roles]).sort()).toEqual(
      [
        [f.shopA.id, ["front_desk"]],
        [f.shopB.id, ["manager"]],
      ].sort(),
    );
    await db()
      .delete(shopStaff)
      .where(and(eq(shopStaff.userId, f.a.frontDesk.user.id), eq(shopStaff.barbershopId, f.shopB.id)));
    const client = await makeAccount(db());
    expect(await (await myShops(call("/v3/staff/shops", { token: client.token }))).json()).toEqual({ items: [] });
    expect((await myShops(call("/v3/staff/shops"))).status).toBe(401);
  });
});

describe("GET /v3/staff/shops/{shop_id}", () => {
  it("gives each member his permissions there, adding his roles up", async () => {
    const me = async (token: string) =>
      (await (await shopOf(call(`/v3/staff/shops/${f.shopA.id}`, { token }), params({ shop_id: String(f.shopA.id) }))).json()).me;
    const owner = await me(f.a.owner.token);
    expect(owner).toMatchObject({ roles: ["owner", "barber"], barber_id: f.barberA1.id });
    expect(owner.permissions).toMatchObject({ "roles.manage": "all", "shop.delete": "all", "bookings.view": "all" });
    const barber = await me(f.a.barber.token);
    expect(barber.permissions).toMatchObject({ "bookings.view": "own", "clients.phone": "own", "team.manage": null, "roles.manage": null });
    const desk = await me(f.a.frontDesk.token);
    expect(desk.permissions).toMatchObject({ "bookings.manage": "all", "clients.phone": "all", "hours.manage": null });
    const manager = await me(f.a.manager.token);
    expect(manager.permissions).toMatchObject({ "team.manage": "all", "services.manage": "all", "hours.manage": "all", "shop.profile": null });
  });
});

describe("a day's bookings", () => {
  it("shows every barber's to the owner, a manager and the front desk, with the client's phone", async () => {
    for (const member of [f.a.owner, f.a.manager, f.a.frontDesk]) {
      const res = await day(f.shopA.id, member.token);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ date: DAY, timezone: "America/Sao_Paulo" });
      expect(body.items.map((b: { id: number; client: { phone: string } }) => [b.id, b.client.phone])).toEqual([
        [f.bookingA1.id, "+5511911112222"],
        [f.bookingA2.id, "+5511933334444"],
      ]);
    }
  });

  it("shows a barber his own only, and refuses him a colleague's column or card", async () => {
    const body = await (await day(f.shopA.id, f.a.barber.token)).json();
    expect(body.items.map((b: { id: number; barber: { id: number }; client: { phone: string } }) => [b.id, b.barber.id, b.client.phone])).toEqual([
      [f.bookingA2.id, f.barberA2.id, "+5511933334444"],
    ]);
    const colleague = await day(f.shopA.id, f.a.barber.token, `date=${DAY}&barber_id=${f.barberA1.id}`);
    expect(colleague.status).toBe(403);
    expect((await colleague.json()).code).toBe("STAFF_PERMISSION");
    expect((await card(f.shopA.id, f.bookingA2.id, f.a.barber.token)).status).toBe(200);
    const other = await card(f.shopA.id, f.bookingA1.id, f.a.barber.token);
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ code: "STAFF_PERMISSION", error: "Your role at this shop does not allow this." });
    // The front desk opens any card, the owner filters a column.
    expect((await card(f.shopA.id, f.bookingA1.id, f.a.frontDesk.token)).status).toBe(200);
    const column = await (await day(f.shopA.id, f.a.owner.token, `date=${DAY}&barber_id=${f.barberA2.id}`)).json();
    expect(column.items.map((b: { id: number }) => b.id)).toEqual([f.bookingA2.id]);
  });

  it("refuses a day that is not one, or one the database cannot hold (400), rather than failing (500)", async () => {
    for (const q of ["date=2026-02-30", "date=0000-01-01", "date=tomorrow", ""]) {
      const res = await day(f.shopA.id, f.a.owner.token, q);
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
      expect((await res.json()).code).toBe("VALIDATION_FAILED");
    }
  });

  it("takes the day in the shop's time zone: 23:30 belongs to it, 00:30 of the next to the next", async () => {
    const shop = await makeShop(db());
    const barber = await makeBarber(db(), shop.id);
    const owner = await makeMember(db(), shop.id, ["owner"]);
    const late = await makeBooking(db(), shop.id, barber.id, local("23:30"));
    const next = await makeBooking(db(), shop.id, barber.id, local("00:30", "2026-12-04"));
    const early = await makeBooking(db(), shop.id, barber.id, local("00:00"));
    const ids = (await (await day(shop.id, owner.token)).json()).items.map((b: { id: number }) => b.id);
    expect(ids).toEqual([early.id, late.id]);
    expect(ids).not.toContain(next.id);
  });
});

describe("the team", () => {
  it("shows phones and e-mails to the owner, a manager and the front desk", async () => {
    for (const member of [f.a.owner, f.a.manager, f.a.frontDesk]) {
      const items = (await (await team(f.shopA.id, member.token)).json()).items as { staff_id: number; phone: string; email: string | null }[];
      expect(items).toHaveLength(4);
      const barber = items.find((m) => m.staff_id === f.a.barber.member.id)!;
      expect(barber).toMatchObject({ phone: f.a.barber.user.phone, email: f.a.barber.user.email });
    }
  });

  it("masks colleagues' phones for a barber and leaves out their e-mails; his own stay whole", async () => {
    const items = (await (await team(f.shopA.id, f.a.barber.token)).json()).items as {
      staff_id: number;
      phone: string;
      email: string | null;
      roles: string[];
      barber: { id: number } | null;
    }[];
    const owner = items.find((m) => m.staff_id === f.a.owner.member.id)!;
    expect(owner).toMatchObject({ roles: ["owner", "barber"], barber: { id: f.barberA1.id }, email: null });
    expect(owner.phone).toMatch(/^\+55 11 9\*{4}-\*\*\d{2}$/);
    expect(owner.phone.slice(-2)).toBe(f.a.owner.user.phone!.slice(-2));
    expect(owner.phone).not.toContain(f.a.owner.user.phone!.slice(5, 9));
    const self = items.find((m) => m.staff_id === f.a.barber.member.id)!;
    expect(self).toMatchObject({ phone: f.a.barber.user.phone, email: f.a.barber.user.email });
  });
});

describe("PUT /v3/staff/shops/{shop_id}/team/{staff_id}/roles", () => {
  it("is the owner's only: a manager, the front desk and a barber are refused and nothing changes", async () => {
    for (const member of [f.a.manager, f.a.frontDesk, f.a.barber]) {
      const res = await setRoles(f.shopA.id, f.a.frontDesk.member.id, member.token, { roles: ["manager"] });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("STAFF_PERMISSION");
    }
    expect((await rolesOf(f.a.frontDesk.member.id)).roles).toEqual(["front_desk"]);
  });

  it("lets the owner add roles up, and link and unlink a barber row with the barber role", async () => {
    const spare = await makeBarber(db(), f.shopA.id);
    const res = await setRoles(f.shopA.id, f.a.frontDesk.member.id, f.a.owner.token, { roles: ["barber", "front_desk", "barber"], barber_id: spare.id });
    expect(res.status).toBe(200);
    expect((await res.json()).member).toMatchObject({ staff_id: f.a.frontDesk.member.id, roles: ["front_desk", "barber"], barber: { id: spare.id } });
    const dropped = await setRoles(f.shopA.id, f.a.frontDesk.member.id, f.a.owner.token, { roles: ["front_desk"] });
    expect((await dropped.json()).member).toMatchObject({ roles: ["front_desk"], barber: null });
    expect(await rolesOf(f.a.frontDesk.member.id)).toMatchObject({ roles: ["front_desk"], barberId: null });
  });

  it("refuses the barber role without a barber row, or with a row another member has, and changes nothing", async () => {
    const without = await setRoles(f.shopA.id, f.a.manager.member.id, f.a.owner.token, { roles: ["manager", "barber"] }, "pt-BR");
    expect(without.status).toBe(422);
    expect(await without.json()).toEqual({ code: "BARBER_LINK_REQUIRED", error: "A função de barbeiro precisa do barbeiro que esta pessoa é na barbearia." });
    const taken = await setRoles(f.shopA.id, f.a.manager.member.id, f.a.owner.token, { roles: ["manager", "barber"], barber_id: f.barberA2.id });
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe("BARBER_ALREADY_LINKED");
    expect(await rolesOf(f.a.manager.member.id)).toMatchObject({ roles: ["manager"], barberId: null });
  });

  it("never removes a shop's last owner; with a second owner the first may step down", async () => {
    const res = await setRoles(f.shopA.id, f.a.owner.member.id, f.a.owner.token, { roles: ["barber"] }, "es");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "LAST_OWNER", error: "La barbería necesita al menos un dueño: haz dueña a otra persona primero." });
    expect((await rolesOf(f.a.owner.member.id)).roles).toEqual(["owner", "barber"]);

    const promoted = await setRoles(f.shopA.id, f.a.manager.member.id, f.a.owner.token, { roles: ["owner", "manager"] });
    expect(promoted.status).toBe(200);
    const stepped = await setRoles(f.shopA.id, f.a.owner.member.id, f.a.owner.token, { roles: ["barber"] });
    expect(stepped.status).toBe(200);
    expect((await stepped.json()).member).toMatchObject({ roles: ["barber"], barber: { id: f.barberA1.id } });
    // No longer an owner, he may not change roles any more; the new owner cannot leave the shop ownerless either.
    expect((await setRoles(f.shopA.id, f.a.owner.member.id, f.a.owner.token, { roles: ["owner", "barber"] })).status).toBe(403);
    expect((await setRoles(f.shopA.id, f.a.manager.member.id, f.a.manager.token, { roles: ["manager"] })).status).toBe(409);
    // Back as it was, for the other tests.
    expect((await setRoles(f.shopA.id, f.a.owner.member.id, f.a.manager.token, { roles: ["owner", "barber"] })).status).toBe(200);
    expect((await setRoles(f.shopA.id, f.a.manager.member.id, f.a.owner.token, { roles: ["manager"] })).status).toBe(200);
  });

  it("refuses an unknown role or none (400) and changes nothing", async () => {
    for (const roles of [[], ["boss"], "owner"]) {
      const res = await setRoles(f.shopA.id, f.a.barber.member.id, f.a.owner.token, { roles });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("VALIDATION_FAILED");
    }
    expect((await rolesOf(f.a.barber.member.id)).roles).toEqual(["barber"]);
  });
});

describe("GET /v3/staff/shops/{shop_id}/history", () => {
  const history = (shopId: number, token: string, q = "") =>
    historyOf(call(`/v3/staff/shops/${shopId}/history${q}`, { token }), params({ shop_id: String(shopId) }));

  it("shows the owner who changed a member's roles, in which roles, what before and after; newest first, a page at a time", async () => {
    const spare = await makeBarber(db(), f.shopA.id);
    expect((await setRoles(f.shopA.id, f.a.frontDesk.member.id, f.a.owner.token, { roles: ["front_desk", "barber"], barber_id: spare.id })).status).toBe(200);
    expect((await setRoles(f.shopA.id, f.a.frontDesk.member.id, f.a.owner.token, { roles: ["front_desk"] })).status).toBe(200);
    const res = await history(f.shopA.id, f.a.owner.token, "?limit=1");
    expect(res.status).toBe(200);
    const first = await res.json();
    expect(first.items).toEqual([
      expect.objectContaining({
        actor: { user_id: f.a.owner.user.id, name: f.a.owner.user.name, roles: ["owner", "barber"] },
        action: "team.roles",
        subject: "staff",
        subject_id: f.a.frontDesk.member.id,
        before: { roles: ["front_desk", "barber"], barber_id: spare.id },
        after: { roles: ["front_desk"], barber_id: null },
      }),
    ]);
    expect(first.next_before).toEqual(first.items[0].id);
    const older = await (await history(f.shopA.id, f.a.owner.token, `?limit=1&before=${first.next_before}`)).json();
    expect(older.items[0]).toMatchObject({
      before: { roles: ["front_desk"], barber_id: null },
      after: { roles: ["front_desk", "barber"], barber_id: spare.id },
    });
    // Another shop's owner sees none of it.
    expect(
      (await (await history(f.shopB.id, f.b.owner.token)).json()).items.filter((i: { subject_id: number }) => i.subject_id === f.a.frontDesk.member.id),
    ).toEqual([]);
  });

  it("is the owner's only, and a refused change records nothing", async () => {
    const before = (await (await history(f.shopA.id, f.a.owner.token)).json()).items.length;
    for (const member of [f.a.manager, f.a.frontDesk, f.a.barber]) {
      const res = await history(f.shopA.id, member.token);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("STAFF_PERMISSION");
    }
    expect((await setRoles(f.shopA.id, f.a.frontDesk.member.id, f.a.manager.token, { roles: ["manager"] })).status).toBe(403);
    expect((await (await history(f.shopA.id, f.a.owner.token)).json()).items.length).toBe(before);
  });
});

describe("POST /v3/staff/shops/{shop_id}/reviews/{review_id}/answer", () => {
  const answer = (shopId: number, reviewId: number, token: string, body: unknown, lng = "en") =>
    postAnswer(
      call(`/v3/staff/shops/${shopId}/reviews/${reviewId}/answer`, { method: "POST", token, body, lng }),
      params({ shop_id: String(shopId), review_id: String(reviewId) }),
    );
  const publicReviews = async (shopId: number) =>
    (await (await shopReviews(call(`/v3/client/barbershop/${shopId}/reviews`), params({ barbershop_id: String(shopId) }))).json()) as {
      items: { id: number; answer: { text: string; at: string } | null }[];
    };
  const answerOf = async (id: number) => (await db().select().from(reviews).where(eq(reviews.id, id)))[0].answer;

  it("is the owner's and the managers': the front desk and a barber are refused and nothing changes", async () => {
    const review = await makeReview(db(), f.shopA.id, f.barberA1.id, 3, "Demorou um pouco");
    for (const token of [f.a.frontDesk.token, f.a.barber.token]) {
      const res = await answer(f.shopA.id, review.id, token, { text: "Desculpe!" });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("STAFF_PERMISSION");
    }
    expect(await answerOf(review.id)).toBeNull();
  });

  it("answers once, in public under the review, records who did it and raises the shop page's tags; a second answer is refused (409)", async () => {
    const review = await makeReview(db(), f.shopA.id, f.barberA1.id, 5, "Excelente");
    const tagsBefore = await db().select().from(pageTags);
    const res = await answer(f.shopA.id, review.id, f.a.manager.token, { text: "  Obrigado,\nvolte sempre!  " });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.review).toMatchObject({ id: review.id, answer: { text: "Obrigado,\nvolte sempre!" } });
    const shown = (await publicReviews(f.shopA.id)).items.find((r) => r.id === review.id);
    expect(shown?.answer).toEqual({ text: "Obrigado,\nvolte sempre!", at: body.review.answer.at });
    const [change] = await db()
      .select()
      .from(staffChanges)
      .where(and(eq(staffChanges.action, "review.answer"), eq(staffChanges.subjectId, review.id)));
    expect(change).toMatchObject({ actorUserId: f.a.manager.user.id, subject: "review", barbershopId: f.shopA.id });
    const tagsAfter = await db().select().from(pageTags);
    expect(tagsAfter.some((t) => !tagsBefore.some((b) => b.tag === t.tag && b.version === t.version))).toBe(true);

    const again = await answer(f.shopA.id, review.id, f.a.owner.token, { text: "Outra resposta" }, "pt-BR");
    expect(again.status).toBe(409);
    const refused = await again.json();
    expect(refused.code).toBe("REVIEW_ANSWERED");
    expect(refused.error).toBe("Esta avaliação já tem uma resposta da barbearia.");
    expect(await answerOf(review.id)).toBe("Obrigado,\nvolte sempre!");
  });

  it("refuses an empty or too long answer, or one with control characters (400), and changes nothing", async () => {
    const review = await makeReview(db(), f.shopA.id, f.barberA1.id, 4, null);
    for (const text of ["   ", "a".repeat(1001), "Obrigado\u0007", "Obrigado \u202Eetsiv"]) {
      const res = await answer(f.shopA.id, review.id, f.a.owner.token, { text });
      expect({ text, status: res.status }).toEqual({ text, status: 400 });
    }
    expect(await answerOf(review.id)).toBeNull();
    expect((await publicReviews(f.shopA.id)).items.find((r) => r.id === review.id)?.answer).toBeNull();
  });
});

describe("the guards", () => {
  it("take a client of the shop's bookings, a barber his own clients only, and refuse a client of another shop", async () => {
    const client = await makeAccount(db());
    await makeBooking(db(), f.shopA.id, f.barberA1.id, local("15:00"), { clientId: client.user.id });
    const stranger = await makeAccount(db());
    await makeBooking(db(), f.shopB.id, f.barberB.id, local("15:00"), { clientId: stranger.user.id });
    const desk = await requireStaff(db(), f.a.frontDesk.user.id, f.shopA.id);
    await expect(clientOfShop(db(), desk, client.user.id)).resolves.toEqual({ id: client.user.id });
    await expect(clientOfShop(db(), desk, stranger.user.id)).rejects.toMatchObject({ code: "NOT_OF_SHOP", status: 403 });
    const barber = await requireStaff(db(), f.a.barber.user.id, f.shopA.id);
    await expect(clientOfShop(db(), barber, client.user.id)).rejects.toMatchObject({ code: "STAFF_PERMISSION" });
    const owner = await requireStaff(db(), f.a.owner.user.id, f.shopA.id);
    await expect(clientOfShop(db(), owner, client.user.id)).resolves.toEqual({ id: client.user.id });
  });
});

describe("the database's own rules for shop_staff", () => {
  const violation = async (values: typeof shopStaff.$inferInsert) => {
    try {
      await db().insert(shopStaff).values(values);
      return "inserted";
    } catch (err) {
      return pgErrorCode(err);
    }
  };

  it("refuses a second row for one account at one shop, an unknown role, a barber link without the role and the role without a link", async () => {
    const user = (await makeAccount(db())).user.id;
    const barber = await makeBarber(db(), f.shopA.id);
    expect(await violation({ barbershopId: f.shopA.id, userId: f.a.manager.user.id, roles: ["front_desk"] })).toBe("23505");
    expect(await violation({ barbershopId: f.shopA.id, userId: user, roles: ["boss"] })).toBe("23514");
    expect(await violation({ barbershopId: f.shopA.id, userId: user, roles: [] })).toBe("23514");
    expect(await violation({ barbershopId: f.shopA.id, userId: user, roles: ["manager"], barberId: barber.id })).toBe("23514");
    expect(await violation({ barbershopId: f.shopA.id, userId: user, roles: ["barber"] })).toBe("23514");
  });

  it("links a barber only to a barber of the same shop, and to one member at most", async () => {
    const user = (await makeAccount(db())).user.id;
    const ofB = await makeBarber(db(), f.shopB.id);
    expect(await violation({ barbershopId: f.shopA.id, userId: user, roles: ["barber"], barberId: ofB.id })).toBe("23503");
    expect(await violation({ barbershopId: f.shopA.id, userId: user, roles: ["barber"], barberId: 2_000_000_000 })).toBe("23503");
    expect(await violation({ barbershopId: f.shopA.id, userId: user, roles: ["barber"], barberId: f.barberA2.id })).toBe("23505");
  });
});
