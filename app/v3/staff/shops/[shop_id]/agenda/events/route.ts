import { ZStaffShopParams } from "@/lib/contract/staff";
import { agendaStream } from "@/lib/server/agenda/live";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

// A stream of its own: never cached, never compressed (a proxy would hold the events back).
export const dynamic = "force-dynamic";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "bookings.view");
  const raw = ctx.req.headers.get("last-event-id") ?? ctx.req.nextUrl.searchParams.get("last_event_id");
  const lastEventId = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  const stream = await agendaStream(db, access, { lastEventId, signal: ctx.req.signal });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "private, no-cache, no-transform",
      "x-accel-buffering": "no",
      connection: "keep-alive",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
