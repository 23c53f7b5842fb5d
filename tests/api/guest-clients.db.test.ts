import { eq } from "drizzle-orm";
import { GET as listClients } from "@/app/v3/staff/shops/[shop_id]/clients/route";
import { GET as getCard } from "@/app/v3/staff/shops/[shop_id]/guests/[booking_id]/route";
import { POST as postNote } from "@/app/v3/staff/shops/[shop_id]/guests/[booking_id]/notes/route";
import { DELETE as deleteNote, PUT as putNote } from "@/app/v3/staff/shops/[shop_id]/guests/[booking_id]/notes/[note_id]/route";
import { ZClientCard, ZClientNoteAnswer, ZClients, type TClientCard } from "@/lib/contract/clients";
import type { Db } from "@/lib/server/db/client";
import { agendaBookings, clientNotes } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { purgeExpiredData } from "@/lib/server/retention/purge";
import { call, makeAccount, params } from "@/tests/factories/account";
import { expectError } from "@/tests/factories/booking";
import { makeBarber, makeShop } from "@/tests/factories/shops";
import { local, makeBooking, makeMember } from "@/tests/factories/staff";

// The shop's guests (no account, a name and a phone) among its clients, through the routes (decision 0068): found
// as you type beside the account clients, a card by any of their bookings' ids with the visits by that phone, a
// barber reaching the guests of his own bookings only, staff notes kept with the phone, and their retention.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const MARCOS = "+5511955551234";
const RITA = "+5511966664321";

async function makeGuestsShop() {
  const shop = await makeShop(db());
  const barber1 = await makeBarber(db(), shop.id);
  const barber2 = await makeBarber(db(), shop.id);
  const team = {
    owner: await makeMember(db(), shop.id, ["owner"]),
    desk: await makeMember(db(), shop.id, ["front_desk"]),
    barber1: await makeMember(db(), shop.id, ["barber"], barber1.id),
    barber2: await makeMember(db(), shop.id, ["barber"], barber2.id),
  };
  // Marcos, a guest, missed a visit with barber 1, came to barber 2, and comes back to barber 1 (under a fuller name).
  const marcos = (name = "Marcos") => ({ clientId: null, clientName: name, clientPhone: MARCOS });
  const missed = await makeBooking(db(), shop.id, barber1.id, local("10:00", "2026-01-10"), marcos());
  await db()
    .insert(agendaBookings)
    .values({ appointmentId: missed.id, barbershopId: shop.id, noShowAt: new Date("2026-01-10T14:00:00Z") });
  const withColleague = await makeBooking(db(), shop.id, barber2.id, local("11:00", "2026-02-10"), { ...marcos(), status: "completed" });
  const future = await makeBooking(db(), shop.id, barber1.id, local("10:00", "2030-06-01"), marcos("Marcos Lima"));
  // Rita, a guest of barber 2 only; Joaquim, a client with an account, of barber 1.
  const rita = await makeBooking(db(), shop.id, barber2.id, local("12:00", "2026-03-01"), { clientId: null, clientName: "Rita Souza", clientPhone: RITA });
  const joaquim = await makeAccount(db(), { name: "Joaquim Barbosa" });
  const joaquimVisit = await makeBooking(db(), shop.id, barber1.id, local("09:00", "2026-01-05"), {
    clientId: joaquim.user.id,
    clientName: joaquim.user.name,
    clientPhone: joaquim.user.phone,
  });
  return { shop, barber1, barber2, team, missed, withColleague, future, rita, joaquim, joaquimVisit };
}

const shopParams = (shopId: number) => params({ shop_id: String(shopId) });
const guestParams = (shopId: number, bookingId: number) => params({ shop_id: String(shopId), booking_id: String(bookingId) });
const noteParams = (shopId: number, bookingId: number, noteId: number) =>
  params({ shop_id: String(shopId), booking_id: String(bookingId), note_id: String(noteId) });
const list = async (shopId: number, token: string, q = "") => {
  const res = await listClients(call(`/v3/staff/shops/${shopId}/clients${q ? `?q=${encodeURIComponent(q)}` : ""}`, { token }), shopParams(shopId));
  expect(res.status).toBe(200);
  return ZClients.parse(await res.json()).items;
};
const card = (shopId: number, bookingId: number, token: string) =>
  getCard(call(`/v3/staff/shops/${shopId}/guests/${bookingId}`, { token }), guestParams(shopId, bookingId));
const cardOf = async (res: Response): Promise<TClientCard> => {
  expect(res.status).toBe(200);
  return ZClientCard.parse(await res.json());
};
const addNote = (shopId: number, bookingId: number, token: string, text: unknown) =>
  postNote(call(`/v3/staff/shops/${shopId}/guests/${bookingId}/notes`, { method: "POST", token, body: { text } }), guestParams(shopId, bookingId));
const editNote = (shopId: number, bookingId: number, noteId: number, token: string, text: unknown) =>
  putNote(
    call(`/v3/staff/shops/${shopId}/guests/${bookingId}/notes/${noteId}`, { method: "PUT", token, body: { text } }),
    noteParams(shopId, bookingId, noteId),
  );
const removeNote = (shopId: number, bookingId: number, noteId: number, token: string) =>
  deleteNote(call(`/v3/staff/shops/${shopId}/guests/${bookingId}/notes/${noteId}`, { method: "DELETE", token }), noteParams(shopId, bookingId, noteId));
const noteCount = async () => (await db().select({ id: clientNotes.id }).from(clientNotes)).length;

let f: Awaited<ReturnType<typeof makeGuestsShop>>;
beforeAll(async () => {
  f = await makeGuestsShop();
}, 60_000);

describe("the list", () => {
  it("gives the front desk the guests beside the account clients, marked, latest visit first, found by name or phone", async () => {
    for (const member of [f.team.owner, f.team.desk]) {
      const all = await list(f.shop.id, member.token);
      expect(all.map((c) => [c.name, c.guest])).toEqual([
        ["Marcos Lima", true],
        ["Rita Souza", true],
        ["Joaquim Barbosa", false],
      ]);
      expect(all[0]).toMatchObject({ id: f.future.id, phone: MARCOS, visits: 3, no_shows: 1 });
      expect((await list(f.shop.id, member.token, "marc")).map((c) => c.id)).toEqual([f.future.id]);
      expect((await list(f.shop.id, member.token, "4321")).map((c) => c.id)).toEqual([f.rita.id]);
      expect((await list(f.shop.id, member.token, "(11) 95555-1234")).map((c) => c.name)).toEqual(["Marcos Lima"]);
    }
  });

  it("gives a barber the guests of his own bookings only, counted with him", async () => {
    const mine = await list(f.shop.id, f.team.barber1.token);
    expect(mine.map((c) => c.name)).toEqual(["Marcos Lima", "Joaquim Barbosa"]);
    expect(mine[0]).toMatchObject({ guest: true, visits: 2, phone: MARCOS });
    expect(JSON.stringify(mine)).not.toContain(RITA);
    // Barber 2's latest booking of Marcos names him for barber 2.
    const theirs = await list(f.shop.id, f.team.barber2.token);
    expect(theirs.map((c) => [c.name, c.id])).toEqual([
      ["Rita Souza", f.rita.id],
      ["Marcos", f.withColleague.id],
    ]);
  });
});

describe("the card", () => {
  it("is found by any of the guest's bookings and shows every visit at the shop by his phone, no-shows and the phone", async () => {
    for (const id of [f.future.id, f.missed.id]) {
      const c = await cardOf(await card(f.shop.id, id, f.team.desk.token));
      expect(c.client).toMatchObject({ id: f.future.id, guest: true, name: "Marcos Lima", phone: MARCOS, visits: 3, no_shows: 1 });
      expect(c.upcoming.map((v) => v.id)).toEqual([f.future.id]);
      expect(c.past.map((v) => [v.id, v.no_show])).toEqual([
        [f.withColleague.id, false],
        [f.missed.id, true],
      ]);
    }
  });

  it("shows a barber his own visits with the guest, and refuses a colleague's guest (403) so his phone never leaves", async () => {
    const c = await cardOf(await card(f.shop.id, f.withColleague.id, f.team.barber1.token));
    expect(c.client).toMatchObject({ id: f.future.id, phone: MARCOS });
    expect([...c.upcoming, ...c.past].map((v) => v.id).sort()).toEqual([f.missed.id, f.future.id].sort());
    const refused = await expectError(await card(f.shop.id, f.rita.id, f.team.barber1.token), 403, "STAFF_PERMISSION");
    expect(JSON.stringify(refused)).not.toContain(RITA);
    expect((await cardOf(await card(f.shop.id, f.rita.id, f.team.barber2.token))).client.phone).toBe(RITA);
  });

  it("refuses a booking of another shop, or of an account, as no guest of the shop (403 NOT_OF_SHOP)", async () => {
    const other = await makeShop(db());
    const otherBarber = await makeBarber(db(), other.id);
    const elsewhere = await makeBooking(db(), other.id, otherBarber.id, local("10:00"), { clientPhone: MARCOS });
    const body = await expectError(await card(f.shop.id, elsewhere.id, f.team.owner.token), 403, "NOT_OF_SHOP");
    expect(JSON.stringify(body)).not.toContain(MARCOS);
    await expectError(await card(f.shop.id, f.joaquimVisit.id, f.team.owner.token), 403, "NOT_OF_SHOP");
    const before = await noteCount();
    await expectError(await addNote(f.shop.id, elsewhere.id, f.team.owner.token, "Não devia"), 403, "NOT_OF_SHOP");
    expect(await noteCount()).toBe(before);
  });
});

describe("notes", () => {
  it("are kept with the guest's phone, read by his staff, and changed or deleted by their writer only", async () => {
    const added = await addNote(f.shop.id, f.missed.id, f.team.desk.token, "Prefere tesoura.");
    expect(added.status).toBe(201);
    const { note } = ZClientNoteAnswer.parse(await added.json());
    expect(note).toMatchObject({ text: "Prefere tesoura.", author: "Equipe front_desk", own: true, updated_at: null });
    const [row] = await db().select().from(clientNotes).where(eq(clientNotes.id, note.id));
    expect(row).toMatchObject({ clientId: null, guestPhone: MARCOS, barbershopId: f.shop.id });
    // Through another of his bookings, and by his barber.
    const seen = await cardOf(await card(f.shop.id, f.future.id, f.team.barber1.token));
    expect(seen.notes).toEqual([expect.objectContaining({ id: note.id, own: false })]);
    expect((await cardOf(await card(f.shop.id, f.rita.id, f.team.desk.token))).notes).toEqual([]);
    // A barber without Marcos among his bookings' guests cannot write about him.
    await expectError(await addNote(f.shop.id, f.rita.id, f.team.barber1.token, "Não devia"), 403, "STAFF_PERMISSION");

    await expectError(await editNote(f.shop.id, f.future.id, note.id, f.team.barber1.token, "Mudado"), 403, "NOTE_NOT_OWN");
    await expectError(await removeNote(f.shop.id, f.future.id, note.id, f.team.owner.token), 403, "NOTE_NOT_OWN");
    // Through Rita's path the note is not found.
    await expectError(await editNote(f.shop.id, f.rita.id, note.id, f.team.desk.token, "Mudado"), 403, "NOT_OF_SHOP");
    expect((await db().select().from(clientNotes).where(eq(clientNotes.id, note.id)))[0].text).toBe("Prefere tesoura.");

    const edited = await editNote(f.shop.id, f.future.id, note.id, f.team.desk.token, "Prefere tesoura, sem máquina.");
    expect(edited.status).toBe(200);
    expect(ZClientNoteAnswer.parse(await edited.json()).note).toMatchObject({ text: "Prefere tesoura, sem máquina.", updated_at: expect.any(String) });
    expect((await removeNote(f.shop.id, f.future.id, note.id, f.team.desk.token)).status).toBe(204);
    expect((await cardOf(await card(f.shop.id, f.future.id, f.team.desk.token))).notes).toEqual([]);
  });

  it("refuses an empty or too long note, and a row naming both an account and a guest phone, or neither", async () => {
    const before = await noteCount();
    await expectError(await addNote(f.shop.id, f.rita.id, f.team.desk.token, "  "), 400, "VALIDATION_FAILED");
    await expectError(await addNote(f.shop.id, f.rita.id, f.team.desk.token, "x".repeat(1001)), 400, "VALIDATION_FAILED");
    const base = { barbershopId: f.shop.id, authorName: "Equipe", text: "x" };
    await expect(
      db()
        .insert(clientNotes)
        .values({ ...base, clientId: f.joaquim.user.id, guestPhone: RITA }),
    ).rejects.toThrow();
    await expect(db().insert(clientNotes).values(base)).rejects.toThrow();
    expect(await noteCount()).toBe(before);
  });
});

describe("retention", () => {
  it("purges the notes about a guest whose bookings at the shop all ended 24 months ago, with his name and phone", async () => {
    expect((await addNote(f.shop.id, f.future.id, f.team.desk.token, "Volta sempre")).status).toBe(201);
    const gone = "+5511977770000";
    const old = await makeBooking(db(), f.shop.id, f.barber1.id, local("10:00", "2023-01-10"), { clientId: null, clientName: "Sumido", clientPhone: gone });
    expect((await addNote(f.shop.id, old.id, f.team.desk.token, "Sumiu")).status).toBe(201);
    // The same phone at another shop, lately: that shop's booking keeps nothing of this shop's note.
    const other = await makeShop(db());
    await makeBooking(db(), other.id, (await makeBarber(db(), other.id)).id, local("10:00", "2026-11-01"), { clientId: null, clientPhone: gone });

    const counts = await purgeExpiredData(db(), new Date("2026-12-03T12:00:00Z"));
    expect(counts.clientNotes).toBe(1);
    const left = await db().select({ text: clientNotes.text, phone: clientNotes.guestPhone }).from(clientNotes);
    expect(left.map((n) => n.text)).toContain("Volta sempre");
    expect(left.map((n) => n.phone)).not.toContain(gone);
    // The old booking went nameless: it names no guest any more.
    await expectError(await card(f.shop.id, old.id, f.team.desk.token), 403, "NOT_OF_SHOP");
  });
});
