import { ZClientNoteBody, ZClientNoteParams } from "@/lib/contract/clients";
import { requireUser } from "@/lib/server/auth/session";
import { deleteClientNote, editClientNote } from "@/lib/server/clients/cards";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, client_id, note_id } = readParams(ctx, ZClientNoteParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "bookings.view");
  const { text } = await readJson(ctx, ZClientNoteBody);
  return json({ note: await editClientNote(db, access, { kind: "client", id: client_id }, note_id, text) });
});

export const DELETE = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, client_id, note_id } = readParams(ctx, ZClientNoteParams);
  const db = await getDb();
  await deleteClientNote(db, await requireStaff(db, user.id, shop_id, "bookings.view"), { kind: "client", id: client_id }, note_id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
