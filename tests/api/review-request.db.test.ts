import { and, eq } from "drizzle-orm";
import { PUT as updateStatus } from "@/app/v3/appointment/update-status/[id]/[status]/route";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { POST as rebookByLink } from "@/app/v3/appointments/rebook-by-link/route";
import { POST as rateByLink } from "@/app/v3/appointments/review-by-link/route";
import { POST as addReview } from "@/app/v3/client/add-review/route";
import { signAnswerToken } from "@/lib/server/appointments/answer-link";
import { checkRatingLink } from "@/lib/server/appointments/rating-link";
import { reviewLink, reviewRequestAt } from "@/lib/server/appointments/review-request";
import { fromWallClock } from "@/lib/server/availability/zoned-time";
import type { Db } from "@/lib/server/db/client";
import { appointments, outbox, reviews } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { createBookableShop, createClient, expectError, insertAppointment, localDate, params, req } from "@/tests/factories/booking";

// "How was it?" (docs/decisions/0021-booking-messages.md): a client's booking writes an e-mail that
// goes two hours after the visit, with a link that rates it without signing in.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const SP = "America/Sao_Paulo";
const wall = (day: string, hour: string) => fromWallClock(day, Number(hour.slice(0, 2)) * 60 + Number(hour.slice(3)), SP)!;
const requests = (appointmentId: number) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.appointmentId, appointmentId), eq(outbox.kind, "review-request")));
const form = (fields: Record<string, string>) =>
  rateByLink(
    req("/v3/appointments/review-by-link", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  );
const tokenOf = (link: string) => new URL(link).searchParams.get("t")!;

it("goes two hours after the visit, but not at night: then at 10:00 where the shop is", () => {
  expect(reviewRequestAt(wall("2026-12-03", "16:30"), SP)).toEqual(wall("2026-12-03", "18:30"));
  expect(reviewRequestAt(wall("2026-12-03", "18:59"), SP)).toEqual(wall("2026-12-03", "20:59"));
  expect(reviewRequestAt(wall("2026-12-03", "19:00"), SP)).toEqual(wall("2026-12-04", "10:00"));
  expect(reviewRequestAt(wall("2026-12-03", "23:30"), SP)).toEqual(wall("2026-12-04", "10:00")); // 01:30 the next day
  expect(reviewRequestAt(wall("2026-12-03", "04:00"), SP)).toEqual(wall("2026-12-03", "10:00"));
});

it("a client's booking writes it by e-mail with the rating link; a guest's writes none; a cancellation drops it", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const me = await createClient(db());
  const booked = await newAppointment(
    req("/v3/appointments/new-appointment", {
      method: "POST",
      token: me.token,
      body: { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: localDate(4), start_hour: "10:00" },
    }),
  );
  expect(booked.status).toBe(201);
  const { appointment } = await booked.json();
  const [ask] = await requests(appointment.id);
  expect(ask).toMatchObject({ channel: "email", recipient: me.user.email, status: expect.stringMatching(/^(pending|unsent)$/) });
  expect(ask.sendAfter).toEqual(new Date(Date.parse(appointment.ends_at) + 2 * 3_600_000));
  expect(ask.subject).toBe(`How was it at ${shop.name}?`);
  expect(ask.body).toMatch(new RegExp(`Rate the appointment: https?://\\S+/avaliar\\?t=${appointment.id}\\.\\d+\\.\\S+&lng=en`));
  expect(ask.body).toContain("On the same page, you can ask us to remind you to book again in a few weeks.");

  const guest = await guestBooking(
    req("/v3/appointments/appointment-without-login", {
      method: "POST",
      body: {
        barbershop_id: shop.id,
        barber_id: barber.id,
        services: [cut.id],
        date: localDate(4),
        start_hour: "11:00",
        name: "Ivo Lima",
        phone: "(11) 98123-4567",
      },
    }),
  );
  expect(guest.status).toBe(201);
  expect(await requests((await guest.json()).appointment.id)).toHaveLength(0);

  const cancelled = await updateStatus(
    req(`/v3/appointment/update-status/${appointment.id}/cancelled`, { method: "PUT", token: me.token }),
    params({ id: String(appointment.id), status: "cancelled" }),
  );
  expect(cancelled.status).toBe(200);
  expect(await requests(appointment.id)).toHaveLength(0);
});

it("the link rates the visit once it is over, once; nothing else does", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const me = await createClient(db());
  const past = await insertAppointment(db(), {
    shopId: shop.id,
    barberId: barber.id,
    serviceId: cut.id,
    clientId: me.user.id,
    startsAt: new Date(Date.now() - 3 * 3_600_000),
    clientName: me.user.name,
  });
  const future = await insertAppointment(db(), {
    shopId: shop.id,
    barberId: barber.id,
    serviceId: cut.id,
    clientId: me.user.id,
    startsAt: new Date(Date.now() + 26 * 3_600_000),
  });
  const token = tokenOf(await reviewLink({ id: past.id, ends_at: past.endsAt.toISOString() }, "pt-BR"));

  // A token of the one-tap answer (another purpose), a tampered one: not a rating link.
  const answerToken = await signAnswerToken(past.id, new Date(Date.now() + 86_400_000));
  for (const t of [answerToken, `${token.slice(0, -2)}xx`]) {
    expect((await form({ t, rating: "5" })).headers.get("location")).toBe(`/avaliar?t=${encodeURIComponent(t)}&done=invalid`);
  }
  await expectError(await rateByLink(req("/v3/appointments/review-by-link", { method: "POST", body: { t: answerToken, rating: 5 } })), 404, "NOT_FOUND");
  // No rating chosen: back to the page, which asks for one.
  expect((await form({ t: token, comment: "Bom" })).headers.get("location")).toBe(`/avaliar?t=${encodeURIComponent(token)}&done=choose`);
  // Before the visit: not yet.
  const early = tokenOf(await reviewLink({ id: future.id, ends_at: future.endsAt.toISOString() }, "pt-BR"));
  expect((await form({ t: early, rating: "4" })).headers.get("location")).toBe(`/avaliar?t=${encodeURIComponent(early)}&done=notYet`);
  expect(await db().$count(reviews)).toBe(0);

  const rated = await form({ t: token, rating: "4", comment: "Corte impecável.", lng: "es" });
  expect(rated.status).toBe(303);
  expect(rated.headers.get("location")).toBe(`/avaliar?t=${encodeURIComponent(token)}&done=rated&lng=es`);
  const [review] = await db().select().from(reviews).where(eq(reviews.appointmentId, past.id));
  expect(review).toMatchObject({ rating: 4, comment: "Corte impecável.", clientId: me.user.id, barberId: barber.id });
  const [row] = await db().select({ status: appointments.status }).from(appointments).where(eq(appointments.id, past.id));
  expect(row.status).toBe("completed");
  expect((await form({ t: token, rating: "1" })).headers.get("location")).toBe(`/avaliar?t=${encodeURIComponent(token)}&done=alreadyRated`);
  await expectError(await rateByLink(req("/v3/appointments/review-by-link", { method: "POST", body: { t: token, rating: 1 } })), 409, "ALREADY_RATED");
  expect(await db().$count(reviews, eq(reviews.appointmentId, past.id))).toBe(1);
});

it("rated in the app first, the e-mail that would ask is not sent", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const me = await createClient(db());
  const booked = await newAppointment(
    req("/v3/appointments/new-appointment", {
      method: "POST",
      token: me.token,
      body: { barbershop_id: shop.id, barber_id: barber.id, services: [cut.id], date: localDate(4), start_hour: "10:00" },
    }),
  );
  const { appointment } = await booked.json();
  expect(await requests(appointment.id)).toHaveLength(1);
  // The visit took place (moved into the past), and the client rates it on the appointments page.
  await db()
    .update(appointments)
    .set({ startsAt: new Date(Date.now() - 2 * 3_600_000), endsAt: new Date(Date.now() - 3_600_000) })
    .where(eq(appointments.id, appointment.id));
  const review = await addReview(req("/v3/client/add-review", { method: "POST", token: me.token, body: { appointment_id: appointment.id, rating: 5 } }));
  expect(review.status).toBe(201);
  expect(await requests(appointment.id)).toHaveLength(0);
});

it("a rated visit's link, opened again after its time, says it is rated; an unrated visit's says the link has expired", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const me = await createClient(db());
  const visit = (hoursAgo: number) =>
    insertAppointment(db(), {
      shopId: shop.id,
      barberId: barber.id,
      serviceId: cut.id,
      clientId: me.user.id,
      startsAt: new Date(Date.now() - hoursAgo * 3_600_000),
      clientName: me.user.name,
    });
  const [rated, unrated] = [await visit(3), await visit(6)];
  const token = tokenOf(await reviewLink({ id: rated.id, ends_at: rated.endsAt.toISOString() }, "pt-BR"));
  expect((await form({ t: token, rating: "5" })).headers.get("location")).toBe(`/avaliar?t=${encodeURIComponent(token)}&done=rated`);
  expect(await checkRatingLink(token, new Date(), db())).toEqual({ ok: true, appointmentId: rated.id });

  // The same kind of link, past its 30 days (signed as it was, with the time it had).
  const old = await signAnswerToken(rated.id, new Date(Date.now() - 60_000), "review");
  const oldUnrated = await signAnswerToken(unrated.id, new Date(Date.now() - 60_000), "review");
  expect(await checkRatingLink(old, new Date(), db())).toEqual({ ok: false, rated: true });
  expect(await checkRatingLink(oldUnrated, new Date(), db())).toEqual({ ok: false, rated: false });
  // A tampered link of the rated visit, or the one-tap answer's link (another purpose), is no rating link at all.
  expect(await checkRatingLink(`${old.slice(0, -2)}xx`, new Date(), db())).toEqual({ ok: false, rated: false });
  expect(await checkRatingLink(await signAnswerToken(rated.id, new Date(Date.now() - 60_000)), new Date(), db())).toEqual({ ok: false, rated: false });

  expect((await form({ t: old, rating: "1", lng: "es" })).headers.get("location")).toBe(`/avaliar?t=${encodeURIComponent(old)}&done=alreadyRated&lng=es`);
  await expectError(await rateByLink(req("/v3/appointments/review-by-link", { method: "POST", body: { t: old, rating: 1 } })), 409, "ALREADY_RATED");
  expect((await form({ t: oldUnrated, rating: "4" })).headers.get("location")).toBe(`/avaliar?t=${encodeURIComponent(oldUnrated)}&done=invalid`);
  await expectError(await rateByLink(req("/v3/appointments/review-by-link", { method: "POST", body: { t: oldUnrated, rating: 4 } })), 404, "NOT_FOUND");
  // Its reminder to book again still needs a link in its time.
  await expectError(await rebookByLink(req("/v3/appointments/rebook-by-link", { method: "POST", body: { t: old, weeks: 4 } })), 404, "NOT_FOUND");
  const [review] = await db().select().from(reviews).where(eq(reviews.appointmentId, rated.id));
  expect(review.rating).toBe(5);
  expect(await db().$count(reviews, eq(reviews.appointmentId, rated.id))).toBe(1);
  expect(await db().$count(reviews, eq(reviews.appointmentId, unrated.id))).toBe(0);
});
