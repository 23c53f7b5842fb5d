import { ZAnswerBody } from "@/lib/contract/messages";
import { answerByToken } from "@/lib/server/appointments/answer";
import { getDb } from "@/lib/server/db/client";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { AppError } from "@/lib/server/http/errors";

/**
 * A reminder's one-tap answer. JSON answers `{ outcome, appointment }`; the page's plain form (works
 * without JavaScript) is sent back to the page with the outcome (303). Only a POST changes anything.
 */
export const POST = route(async (ctx) => {
  const isForm = (ctx.req.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded");
  const raw = isForm ? Object.fromEntries(new URLSearchParams(await ctx.req.text())) : await ctx.req.json().catch(() => null);
  const parsed = ZAnswerBody.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION_FAILED");
  const { outcome, appointment } = await answerByToken(await getDb(), parsed.data.t, parsed.data.answer);
  if (isForm) {
    const back = new URL("/agendamento/responder", ctx.req.url);
    back.searchParams.set("t", parsed.data.t);
    back.searchParams.set("done", outcome);
    if (parsed.data.lng && parsed.data.lng !== "pt-BR") back.searchParams.set("lng", parsed.data.lng);
    return new Response(null, { status: 303, headers: { location: `${back.pathname}${back.search}`, "cache-control": "no-store" } });
  }
  return json({ outcome, appointment: appointment ?? null });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
