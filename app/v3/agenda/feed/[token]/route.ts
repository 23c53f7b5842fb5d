import { ZAgendaFeedTokenParams } from "@/lib/contract/agenda";
import { agendaFeedIcs } from "@/lib/server/agenda/feed";
import { getDb } from "@/lib/server/db/client";
import { notFound } from "@/lib/server/http/errors";
import { readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = route(async (ctx) => {
  const { token } = readParams(ctx, ZAgendaFeedTokenParams);
  const ics = await agendaFeedIcs(await getDb(), token.replace(/\.ics$/, ""));
  if (ics === null) throw notFound();
  return new Response(ics, {
    headers: { "content-type": "text/calendar; charset=utf-8", "cache-control": "private, no-store", "x-robots-tag": "noindex" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
