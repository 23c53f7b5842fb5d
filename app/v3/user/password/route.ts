import { ZChangePassword, ZForgotByEmail } from "@/lib/contract/account";
import { changePassword } from "@/lib/server/accounts/profile";
import { requestEmailReset } from "@/lib/server/auth/recovery";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { requestIp } from "@/lib/server/http/request-ip";
import { otherMethods } from "@/lib/server/http/methods";

/** Forgot password: 202 whether or not the e-mail has an account. */
export const POST = route(async (ctx) => {
  const { email } = await readJson(ctx, ZForgotByEmail);
  await requestEmailReset(await getDb(), email, requestIp(ctx.req), ctx.lng);
  return json({ accepted: true }, 202);
});

export const PUT = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const body = await readJson(ctx, ZChangePassword);
  return json(await changePassword(await getDb(), user, body));
});

export const { GET, PATCH, DELETE, OPTIONS } = otherMethods({ POST, PUT });
