import { ZAddressInput, ZIdParams } from "@/lib/contract/account";
import { deleteAddress, getAddress, updateAddress } from "@/lib/server/accounts/addresses";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

type P = { id: string };

export const GET = route<P>(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { id } = readParams(ctx, ZIdParams);
  return json(await getAddress(await getDb(), user.id, id));
});

export const PUT = route<P>(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { id } = readParams(ctx, ZIdParams);
  const body = await readJson(ctx, ZAddressInput);
  return json(await updateAddress(await getDb(), user.id, id, body));
});

export const DELETE = route<P>(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { id } = readParams(ctx, ZIdParams);
  await deleteAddress(await getDb(), user.id, id);
  return new Response(null, { status: 204 });
});

export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
