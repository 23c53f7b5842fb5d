"use client";
import { useEffect } from "react";
import { errorStatus } from "@/lib/api/errors";
import { clearSession, restoreSession, saveSession } from "@/lib/api/session";

let revalidated = false;

/**
 * Restores the session on load and trades the token for a fresh one; a refused token signs out. The account
 * calls load only when there is a token to trade: a visitor who is not signed in is spared them (decision 0033).
 */
export function SessionRestorer() {
  useEffect(() => {
    const session = restoreSession();
    if (!session.token || revalidated) return;
    revalidated = true;
    import("@/lib/api/account")
      .then(({ revalidateToken }) => revalidateToken())
      .then(({ data }) => saveSession(data.token, data.user))
      .catch((err) => {
        if (errorStatus(err) === 401 || errorStatus(err) === 403) clearSession();
      });
  }, []);
  return null;
}
