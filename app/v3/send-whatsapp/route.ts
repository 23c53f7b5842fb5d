import { ZForgotByPhone } from "@/lib/contract/account";
import { requestWhatsappCode } from "@/lib/server/auth/recovery";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { requestIp } from "@/lib/server/http/request-ip";
import { otherMethods } from "@/lib/server/http/methods";

/** 202 whether or not the phone has an account, with the reference the page follows the code's delivery by. */
export const POST = route(async (ctx) => {
  const { phone } = await readJson(ctx, ZForgotByPhone);
  const deliveryId = await requestWhatsappCode(await getDb(), phone, requestIp(ctx.req), ctx.lng);
  return json({ accepted: true, delivery_id: deliveryId }, 202);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
