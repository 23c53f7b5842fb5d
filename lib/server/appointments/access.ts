import "server-only";
import type { NextRequest } from "next/server";
import { optionalUser } from "@/lib/server/auth/session";
import { verifyAnswerToken } from "./answer-link";
import type { Access } from "./read";

/**
 * Who is asking about an appointment: the signed-in client (bearer token), a guest's private link
 * (`manage_token`), or a reminder's one-tap link (`answer_token`, valid until the appointment starts,
 * for that appointment only). A token that does not verify proves nothing (the caller is then 401/404).
 */
export async function appointmentAccess(req: NextRequest, query: { manage_token?: string; answer_token?: string }, now = new Date()): Promise<Access> {
  const [user, answer] = await Promise.all([optionalUser(req), query.answer_token ? verifyAnswerToken(query.answer_token, now) : null]);
  return { user, manageToken: query.manage_token, provenId: answer?.ok ? answer.appointmentId : undefined };
}
