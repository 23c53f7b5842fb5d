"use client";
import { useEffect } from "react";
import { errorStatus } from "@/lib/api/errors";
import { clearSession, restoreSession, saveSession } from "@/lib/api/session";
import { revalidateToken } from "@/lib/api/account";

let revalidated = false;

/** Restores the session on load and trades the token for a fresh one; a refused token signs out. */
export function SessionRestorer() {
  useEffect(() => {
    const session = restoreSession();
    if (!session.token || revalidated) return;
    revalidated = true;
    revalidateToken()
      .then(({ data }) => saveSession(data.token, data.user))
      .catch((err) => {
        if (errorStatus(err) === 401 || errorStatus(err) === 403) clearSession();
      });
  }, []);
  return null;
}
