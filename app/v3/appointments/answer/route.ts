import { ZAnswerBody } from "@/lib/contract/messages";
import { answerByToken } from "@/lib/server/appointments/answer";
import { getDb } from "@/lib/server/db/client";
import { json, readFormOrJson, route, seeOther } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { AppError } from "@/lib/server/http/errors";

/**
 * A reminder's one-tap answer. JSON answers `{ outcome, appointment }`; the page's plain form (works
 * without JavaScript) is sent back to the page with the outcome (303). Only a POST changes anything.
 */
export const POST = route(async (ctx) => {
  const { isForm, raw } = await readFormOrJson(ctx);
  const parsed = ZAnswerBody.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION_FAILED");
  const { outcome, appointment } = await answerByToken(await getDb(), parsed.data.t, parsed.data.answer);
  if (isForm) {
    const back = new URL("/agendamento/responder", ctx.req.url);
    back.searchParams.set("t", parsed.data.t);
    back.searchParams.set("done", outcome);
    if (parsed.data.lng && parsed.data.lng !== "pt-BR") back.searchParams.set("lng", parsed.data.lng);
    return seeOther(back);
  }
  return json({ outcome, appointment: appointment ?? null });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
