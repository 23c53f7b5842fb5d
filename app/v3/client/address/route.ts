import { ZAddressInput, ZListQuery } from "@/lib/contract/account";
import { createAddress, listAddresses } from "@/lib/server/accounts/addresses";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { skip, limit } = readQuery(ctx, ZListQuery);
  return json(await listAddresses(await getDb(), user.id, skip, limit));
});

export const POST = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const body = await readJson(ctx, ZAddressInput);
  return json(await createAddress(await getDb(), user.id, body), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
