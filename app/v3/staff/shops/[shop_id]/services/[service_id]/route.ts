import { ZServiceInput, ZServiceParams } from "@/lib/contract/catalogue";
import { ZConfirmQuery } from "@/lib/contract/team";
import { deleteService, updateService } from "@/lib/server/catalogue/catalogue";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, service_id } = readParams(ctx, ZServiceParams);
  const query = readQuery(ctx, ZConfirmQuery);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "services.manage");
  const body = await readJson(ctx, ZServiceInput);
  return json(await updateService(db, access, service_id, body, query));
});

export const DELETE = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, service_id } = readParams(ctx, ZServiceParams);
  const query = readQuery(ctx, ZConfirmQuery);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "services.manage");
  return json(await deleteService(db, access, service_id, query));
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
