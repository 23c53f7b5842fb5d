import { eq } from "drizzle-orm";
import { GET as getReviews } from "@/app/v3/staff/shops/[shop_id]/reviews/route";
import { POST as postAnswer } from "@/app/v3/staff/shops/[shop_id]/reviews/[review_id]/answer/route";
import { ZStaffReviews } from "@/lib/contract/reviews";
import type { Db } from "@/lib/server/db/client";
import { reviews } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { call, params } from "@/tests/factories/account";
import { expectError } from "@/tests/factories/booking";
import { makeBarber, makeReview, makeShop } from "@/tests/factories/shops";
import { makeMember } from "@/tests/factories/staff";

// The console's list of a shop's reviews: newest first, a page at a time, the unanswered ones alone, with the counts;
// every member reads it, and an answer given through the answer route shows in it at once.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

let f: Awaited<ReturnType<typeof seed>>;
async function seed() {
  const shop = await makeShop(db());
  const other = await makeShop(db());
  const barber = await makeBarber(db(), shop.id, { name: "Zeca Tesoura" });
  const day = (d: number) => new Date(Date.UTC(2026, 10, d, 15));
  const oldest = await makeReview(db(), shop.id, barber.id, 5, "Ótimo", day(1));
  const answered = await makeReview(db(), shop.id, barber.id, 4, "Bom", day(2));
  await db()
    .update(reviews)
    .set({ answer: "Obrigado!", answeredAt: day(3) })
    .where(eq(reviews.id, answered.id));
  const newest = await makeReview(db(), shop.id, barber.id, 2, null, day(4));
  await makeReview(db(), other.id, await makeBarber(db(), other.id).then((b) => b.id), 1, "De outra", day(5));
  const owner = await makeMember(db(), shop.id, ["owner"]);
  const barberMember = await makeMember(db(), shop.id, ["barber"], barber.id);
  return { shop, barber, oldest, answered, newest, owner, barberMember };
}
beforeAll(async () => {
  f = await seed();
}, 60_000);

const list = async (token: string, q = "") => {
  const res = await getReviews(call(`/v3/staff/shops/${f.shop.id}/reviews${q}`, { token }), params({ shop_id: String(f.shop.id) }));
  return { res, body: res.status === 200 ? ZStaffReviews.parse(await res.json()) : null };
};

it("lists the shop's reviews newest first with the barber's name and the counts, none of another shop", async () => {
  const { res, body } = await list(f.owner.token);
  expect(res.status).toBe(200);
  expect(body!.items.map((r) => r.id)).toEqual([f.newest.id, f.answered.id, f.oldest.id]);
  expect(body!.items[0]).toMatchObject({ rating: 2, comment: null, barber_name: "Zeca Tesoura", answer: null });
  expect(body!.items[1].answer).toEqual({ text: "Obrigado!", at: "2026-11-03T15:00:00.000Z" });
  expect(body).toMatchObject({ total: 3, unanswered: 2, next_before: null });
});

it("pages with before and limit, and shows the unanswered alone", async () => {
  const first = (await list(f.owner.token, "?limit=2")).body!;
  expect(first.items.map((r) => r.id)).toEqual([f.newest.id, f.answered.id]);
  expect(first.next_before).toBe(f.answered.id);
  const second = (await list(f.owner.token, `?limit=2&before=${first.next_before}`)).body!;
  expect(second.items.map((r) => r.id)).toEqual([f.oldest.id]);
  expect(second.next_before).toBeNull();
  const open = (await list(f.barberMember.token, "?filter=unanswered")).body!;
  expect(open.items.map((r) => r.id)).toEqual([f.newest.id, f.oldest.id]);
  await expectError((await list(f.owner.token, "?filter=some")).res, 400, "VALIDATION_FAILED");
});

it("shows an answer given by the owner at once, and the barber may read but not answer", async () => {
  const answer = (token: string) =>
    postAnswer(
      call(`/v3/staff/shops/${f.shop.id}/reviews/${f.newest.id}/answer`, { method: "POST", token, body: { text: "Sentimos muito, volte!" } }),
      params({ shop_id: String(f.shop.id), review_id: String(f.newest.id) }),
    );
  await expectError(await answer(f.barberMember.token), 403, "STAFF_PERMISSION");
  expect((await answer(f.owner.token)).status).toBe(201);
  const body = (await list(f.barberMember.token)).body!;
  expect(body.items[0].answer?.text).toBe("Sentimos muito, volte!");
  expect(body.unanswered).toBe(1);
});
