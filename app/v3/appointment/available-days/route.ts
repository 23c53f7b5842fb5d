import { ZAvailableDaysQuery } from "@/lib/contract/booking";
import { getAvailableDays } from "@/lib/server/availability/range";
import { getDb } from "@/lib/server/db/client";
import { json, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route(async (ctx) => {
  const query = readQuery(ctx, ZAvailableDaysQuery);
  return json(await getAvailableDays(await getDb(), query));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
