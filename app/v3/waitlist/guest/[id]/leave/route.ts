import { ZIdParams } from "@/lib/contract/account";
import { ZLeaveGuestWaitlistEntryBody } from "@/lib/contract/waitlist";
import { getDb } from "@/lib/server/db/client";
import { readFormOrJson, readParams, route, seeOther } from "@/lib/server/http/handler";
import { AppError } from "@/lib/server/http/errors";
import { otherMethods } from "@/lib/server/http/methods";
import { guestWaitlistEntryPath, leaveGuestWaitlist } from "@/lib/server/waitlist/guest";
import { matchLang } from "@/lib/i18n/settings";

/**
 * "Stop the alert" on a guest's entry page. JSON answers 204; the page's plain form (works without JavaScript) is
 * sent back to the page (303) with done=left, or, for a token that is not the entry's, to the page that says so.
 */
export const POST = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, ZIdParams);
  const { isForm, raw } = await readFormOrJson(ctx);
  const parsed = ZLeaveGuestWaitlistEntryBody.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION_FAILED");
  let left = true;
  try {
    await leaveGuestWaitlist(await getDb(), id, parsed.data.t);
  } catch (err) {
    if (!isForm || !(err instanceof AppError) || err.status !== 404) throw err;
    left = false;
  }
  if (!isForm) return new Response(null, { status: 204 });
  const back = new URL(guestWaitlistEntryPath(id, parsed.data.t, matchLang(parsed.data.lng ?? "") ?? "pt-BR"), ctx.req.url);
  if (left) back.searchParams.set("done", "left");
  return seeOther(back);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
