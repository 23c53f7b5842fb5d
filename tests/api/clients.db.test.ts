import { eq } from "drizzle-orm";
import { DELETE as deleteAccountRoute } from "@/app/v3/client/account/route";
import { GET as exportRoute } from "@/app/v3/client/export/route";
import { GET as listClients } from "@/app/v3/staff/shops/[shop_id]/clients/route";
import { GET as getCard } from "@/app/v3/staff/shops/[shop_id]/clients/[client_id]/route";
import { POST as postNote } from "@/app/v3/staff/shops/[shop_id]/clients/[client_id]/notes/route";
import { DELETE as deleteNote, PUT as putNote } from "@/app/v3/staff/shops/[shop_id]/clients/[client_id]/notes/[note_id]/route";
import { ZClientCard, ZClientNoteAnswer, ZClients, type TClientCard } from "@/lib/contract/clients";
import { ZExport } from "@/lib/contract/account";
import type { Db } from "@/lib/server/db/client";
import { agendaBookings, clientNotes } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { purgeExpiredData } from "@/lib/server/retention/purge";
import { call, makeAccount, params, PASSWORD } from "@/tests/factories/account";
import { expectError } from "@/tests/factories/booking";
import { makeBarber, makeShop } from "@/tests/factories/shops";
import { local, makeBooking, makeMember } from "@/tests/factories/staff";

// The shop's clients and their cards through the routes, for each role (decision 0058): who sees which clients,
// visits and phones; staff notes (add, change and delete one's own); another shop's client refused; and the notes in
// the client's data export, gone with his erasure and with the retention purge.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

async function makeClientsShop() {
  const shop = await makeShop(db());
  const barber1 = await makeBarber(db(), shop.id);
  const barber2 = await makeBarber(db(), shop.id);
  const team = {
    owner: await makeMember(db(), shop.id, ["owner"]),
    desk: await makeMember(db(), shop.id, ["front_desk"]),
    barber1: await makeMember(db(), shop.id, ["barber"], barber1.id),
    barber2: await makeMember(db(), shop.id, ["barber"], barber2.id),
  };
  // Joaquim comes to barber 1 (a past visit he missed, and one to come); Helena to barber 2 only.
  const joaquim = await makeAccount(db(), { name: "Joaquim Barbosa" });
  const helena = await makeAccount(db(), { name: "Helena Prado" });
  const as = (who: typeof joaquim) => ({ clientId: who.user.id, clientName: who.user.name, clientPhone: who.user.phone });
  const missed = await makeBooking(db(), shop.id, barber1.id, local("10:00", "2026-01-10"), as(joaquim));
  await db()
    .insert(agendaBookings)
    .values({ appointmentId: missed.id, barbershopId: shop.id, noShowAt: new Date("2026-01-10T14:00:00Z") });
  const future = await makeBooking(db(), shop.id, barber1.id, local("10:00", "2030-06-01"), as(joaquim));
  const withColleague = await makeBooking(db(), shop.id, barber2.id, local("11:00", "2026-02-10"), { ...as(joaquim), status: "completed" });
  await makeBooking(db(), shop.id, barber2.id, local("12:00", "2026-02-10"), as(helena));
  return { shop, barber1, barber2, team, joaquim, helena, missed, future, withColleague };
}

const shopParams = (shopId: number) => params({ shop_id: String(shopId) });
const clientParams = (shopId: number, clientId: number) => params({ shop_id: String(shopId), client_id: String(clientId) });
const list = (shopId: number, token: string, q = "") =>
  listClients(call(`/v3/staff/shops/${shopId}/clients${q ? `?q=${encodeURIComponent(q)}` : ""}`, { token }), shopParams(shopId));
const card = (shopId: number, clientId: number, token: string) =>
  getCard(call(`/v3/staff/shops/${shopId}/clients/${clientId}`, { token }), clientParams(shopId, clientId));
const addNote = (shopId: number, clientId: number, token: string, text: unknown, lng = "en") =>
  postNote(call(`/v3/staff/shops/${shopId}/clients/${clientId}/notes`, { method: "POST", token, body: { text }, lng }), clientParams(shopId, clientId));
const noteParams = (shopId: number, clientId: number, noteId: number) =>
  params({ shop_id: String(shopId), client_id: String(clientId), note_id: String(noteId) });
const editNote = (shopId: number, clientId: number, noteId: number, token: string, text: unknown) =>
  putNote(
    call(`/v3/staff/shops/${shopId}/clients/${clientId}/notes/${noteId}`, { method: "PUT", token, body: { text } }),
    noteParams(shopId, clientId, noteId),
  );
const removeNote = (shopId: number, clientId: number, noteId: number, token: string) =>
  deleteNote(call(`/v3/staff/shops/${shopId}/clients/${clientId}/notes/${noteId}`, { method: "DELETE", token }), noteParams(shopId, clientId, noteId));
const cardOf = async (res: Response): Promise<TClientCard> => {
  expect(res.status).toBe(200);
  return ZClientCard.parse(await res.json());
};
const noteCount = async () => (await db().select({ id: clientNotes.id }).from(clientNotes)).length;

let f: Awaited<ReturnType<typeof makeClientsShop>>;
beforeAll(async () => {
  f = await makeClientsShop();
}, 60_000);

describe("the list", () => {
  it("gives the owner and the front desk every client, found by name or phone as you type, with visits and no-shows", async () => {
    for (const member of [f.team.owner, f.team.desk]) {
      const all = ZClients.parse(await (await list(f.shop.id, member.token)).json());
      expect(all.items.map((c) => c.name).sort()).toEqual(["Helena Prado", "Joaquim Barbosa"]);
      const found = ZClients.parse(await (await list(f.shop.id, member.token, "joaq")).json());
      expect(found.items).toEqual([expect.objectContaining({ id: f.joaquim.user.id, phone: f.joaquim.user.phone, visits: 3, no_shows: 1 })]);
      const byPhone = ZClients.parse(await (await list(f.shop.id, member.token, f.helena.user.phone!.slice(-6))).json());
      expect(byPhone.items.map((c) => c.id)).toEqual([f.helena.user.id]);
    }
  });

  it("gives a barber the clients of his own bookings only", async () => {
    const mine = ZClients.parse(await (await list(f.shop.id, f.team.barber1.token)).json());
    expect(mine.items.map((c) => c.name)).toEqual(["Joaquim Barbosa"]);
    expect(JSON.stringify(mine)).not.toContain(f.helena.user.phone!);
    expect(mine.items[0].visits).toBe(2);
  });
});

describe("the card", () => {
  it("shows the front desk every visit at the shop, upcoming and past, no-shows and the whole phone", async () => {
    const c = await cardOf(await card(f.shop.id, f.joaquim.user.id, f.team.desk.token));
    expect(c.client).toMatchObject({ name: "Joaquim Barbosa", phone: f.joaquim.user.phone, no_shows: 1 });
    expect(c.upcoming.map((v) => v.id)).toEqual([f.future.id]);
    expect(c.upcoming[0].local).toBe("2030-06-01 10:00");
    expect(c.past.map((v) => [v.id, v.no_show])).toEqual([
      [f.withColleague.id, false],
      [f.missed.id, true],
    ]);
  });

  it("shows a barber his own visits with the client, and refuses a colleague's client (403) so his phone never leaves", async () => {
    const c = await cardOf(await card(f.shop.id, f.joaquim.user.id, f.team.barber1.token));
    expect(c.client.phone).toBe(f.joaquim.user.phone);
    expect([...c.upcoming, ...c.past].map((v) => v.id).sort()).toEqual([f.missed.id, f.future.id].sort());
    const refused = await card(f.shop.id, f.helena.user.id, f.team.barber1.token);
    const body = await expectError(refused, 403, "STAFF_PERMISSION");
    expect(JSON.stringify(body)).not.toContain(f.helena.user.phone!);
    // Helena's own barber sees her.
    expect((await cardOf(await card(f.shop.id, f.helena.user.id, f.team.barber2.token))).client.phone).toBe(f.helena.user.phone);
  });

  it("refuses a client of another shop (403 with the error body, in the reader's language)", async () => {
    const other = await makeShop(db());
    const otherBarber = await makeBarber(db(), other.id);
    const stranger = await makeAccount(db(), { name: "Outro Cliente" });
    await makeBooking(db(), other.id, otherBarber.id, local("10:00"), { clientId: stranger.user.id, clientName: "Outro Cliente" });
    const res = await card(f.shop.id, stranger.user.id, f.team.owner.token);
    const body = await expectError(res, 403, "NOT_OF_SHOP");
    expect(body.error).toBe("This client has no booking at this shop.");
    const before = await noteCount();
    await expectError(await addNote(f.shop.id, stranger.user.id, f.team.owner.token, "Não devia"), 403, "NOT_OF_SHOP");
    expect(await noteCount()).toBe(before);
  });
});

describe("notes", () => {
  it("are added by any of the client's staff, signed and dated, and changed or deleted by their writer only", async () => {
    const added = await addNote(f.shop.id, f.joaquim.user.id, f.team.desk.token, "Prefere tesoura.\nAlérgico a pomada.");
    expect(added.status).toBe(201);
    const { note } = ZClientNoteAnswer.parse(await added.json());
    expect(note).toMatchObject({ text: "Prefere tesoura.\nAlérgico a pomada.", author: "Equipe front_desk", own: true, updated_at: null });
    const seen = await cardOf(await card(f.shop.id, f.joaquim.user.id, f.team.barber1.token));
    expect(seen.notes).toEqual([expect.objectContaining({ id: note.id, own: false })]);

    await expectError(await editNote(f.shop.id, f.joaquim.user.id, note.id, f.team.barber1.token, "Mudado"), 403, "NOTE_NOT_OWN");
    await expectError(await removeNote(f.shop.id, f.joaquim.user.id, note.id, f.team.owner.token), 403, "NOTE_NOT_OWN");
    // The note is Joaquim's: through Helena's path it is not found.
    await expectError(await editNote(f.shop.id, f.helena.user.id, note.id, f.team.desk.token, "Mudado"), 403, "NOT_OF_SHOP");
    const [unchanged] = await db().select().from(clientNotes).where(eq(clientNotes.id, note.id));
    expect(unchanged.text).toBe("Prefere tesoura.\nAlérgico a pomada.");

    const edited = await editNote(f.shop.id, f.joaquim.user.id, note.id, f.team.desk.token, "Prefere tesoura.");
    expect(edited.status).toBe(200);
    expect(ZClientNoteAnswer.parse(await edited.json()).note).toMatchObject({ text: "Prefere tesoura.", updated_at: expect.any(String) });
    expect((await removeNote(f.shop.id, f.joaquim.user.id, note.id, f.team.desk.token)).status).toBe(204);
    expect((await cardOf(await card(f.shop.id, f.joaquim.user.id, f.team.desk.token))).notes).toEqual([]);
  });

  it("refuses an empty or too long note with a message in the reader's language, and writes nothing", async () => {
    const before = await noteCount();
    const empty = await expectError(await addNote(f.shop.id, f.joaquim.user.id, f.team.desk.token, "   ", "pt-BR"), 400, "VALIDATION_FAILED");
    expect(empty.error).not.toMatch(/invalid|required/i);
    await expectError(await addNote(f.shop.id, f.joaquim.user.id, f.team.desk.token, "x".repeat(1001), "es"), 400, "VALIDATION_FAILED");
    expect(await noteCount()).toBe(before);
  });
});

describe("LGPD", () => {
  it("lists the notes about the client in his data export, and deletes them with his account", async () => {
    const res = await addNote(f.shop.id, f.helena.user.id, f.team.barber2.token, "Gosta de café");
    expect(res.status).toBe(201);
    const data = ZExport.parse(await (await exportRoute(call("/v3/client/export", { token: f.helena.token }))).json());
    expect(data.client_notes).toEqual([expect.objectContaining({ barbershop: f.shop.name, text: "Gosta de café", author: "Equipe barber" })]);
    const mine = ZExport.parse(await (await exportRoute(call("/v3/client/export", { token: f.joaquim.token }))).json());
    expect(JSON.stringify(mine)).not.toContain("Gosta de café");

    const erased = await deleteAccountRoute(call("/v3/client/account", { method: "DELETE", token: f.helena.token, body: { password: PASSWORD } }));
    expect(erased.status).toBe(204);
    expect(await db().select().from(clientNotes).where(eq(clientNotes.clientId, f.helena.user.id))).toEqual([]);
  });

  it("purges the notes about a client who has not come to the shop for 24 months, and keeps the others", async () => {
    const res = await addNote(f.shop.id, f.joaquim.user.id, f.team.desk.token, "Cliente antigo");
    expect(res.status).toBe(201);
    const gone = await makeAccount(db(), { name: "Cliente Sumido" });
    await makeBooking(db(), f.shop.id, f.barber1.id, local("10:00", "2023-01-10"), { clientId: gone.user.id, clientName: "Cliente Sumido" });
    await db().insert(clientNotes).values({ barbershopId: f.shop.id, clientId: gone.user.id, authorName: "Equipe", text: "Sumiu" });
    const counts = await purgeExpiredData(db(), new Date("2026-12-03T12:00:00Z"));
    expect(counts.clientNotes).toBe(1);
    const left = await db().select({ text: clientNotes.text }).from(clientNotes);
    expect(left.map((n) => n.text)).toContain("Cliente antigo");
    expect(left.map((n) => n.text)).not.toContain("Sumiu");
  });
});
