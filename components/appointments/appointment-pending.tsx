"use client";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { LoadingBlock } from "@/components/ui/skeleton";
import { errorStatus } from "@/lib/api/errors";

/**
 * What a page about one appointment shows until it has it: a skeleton while the session is read and the
 * appointment loads, "sign in" with no session and no link, or why it could not be loaded (someone else's,
 * or a link that no longer opens it, reads as not found). Null once the appointment is there.
 */
export function appointmentPending(
  t: (key: string) => string,
  s: { ready: boolean; isLoading: boolean; signedOut: boolean; error: unknown; loaded: boolean; next: string },
): ReactNode | null {
  if (!s.ready || s.isLoading) return <LoadingBlock label={t("detail.loading")} rows={3} />;
  if (s.signedOut) {
    return (
      <div className="card p-6">
        <p>{t("detail.signIn")}</p>
        <Link className="btn-primary mt-4" href={`/entrar?next=${encodeURIComponent(s.next)}`}>
          {t("detail.signInAction")}
        </Link>
      </div>
    );
  }
  if (s.error || !s.loaded) {
    const status = errorStatus(s.error);
    return (
      <div role="alert" className="card p-6">
        <p>{status === 404 || status === 401 ? t("detail.notFound") : t("detail.loadError")}</p>
      </div>
    );
  }
  return null;
}
