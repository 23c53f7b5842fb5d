"use client";
import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { savedSession, useSession } from "@/lib/api/session";

/** Pages of the signed-in client: a visitor is sent to /entrar and comes back here afterwards. */
export function useRequireSession() {
  const session = useSession();
  const router = useRouter();
  const pathname = usePathname();
  useEffect(() => {
    if (!savedSession().token) router.replace(`/entrar?next=${encodeURIComponent(pathname)}`);
  }, [router, pathname, session.token]);
  return session;
}
