import { ZConfirmEmail } from "@/lib/contract/account";
import { confirmEmailChange, previewEmailChange } from "@/lib/server/accounts/profile";
import { getDb } from "@/lib/server/db/client";
import { otherMethods } from "@/lib/server/http/methods";
import { json, readJson, readQuery, route } from "@/lib/server/http/handler";

export const dynamic = "force-dynamic";

/** Only shows what the link would do: mail scanners open links, so the change waits for the POST. */
export const GET = route(async (ctx) => {
  const { token } = readQuery(ctx, ZConfirmEmail);
  return json(await previewEmailChange(await getDb(), token));
});

export const POST = route(async (ctx) => {
  const { token } = await readJson(ctx, ZConfirmEmail);
  return json(await confirmEmailChange(await getDb(), token, ctx.lng));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
