import { ZCodeDeliveryParams } from "@/lib/contract/code-delivery";
import { codeDelivery } from "@/lib/server/code-delivery/status";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

/** Where a code that an answer said was sent is (the page that asked for it polls this for a short while). */
export const GET = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, ZCodeDeliveryParams);
  return json(await codeDelivery(await getDb(), id));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
