import { exportUserData } from "@/lib/server/accounts/data-rights";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const data = await exportUserData(await getDb(), user);
  return json(data, { headers: { "content-disposition": 'attachment; filename="navalha-my-data.json"' } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
