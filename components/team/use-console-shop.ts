"use client";
import { useRequireSession } from "@/components/account/use-require-session";
import { useStaffShop } from "@/lib/api/team";

/** The signed-in member's shop and permissions, for a console page (a visitor is sent to sign in first). */
export function useConsoleShop(shopId: string) {
  const session = useRequireSession();
  const answer = useStaffShop(session.token ? shopId : null);
  return { ...answer, session, permissions: answer.data?.me.permissions ?? null };
}
