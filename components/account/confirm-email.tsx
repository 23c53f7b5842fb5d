"use client";
import { Link } from "@/components/ui/link";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { confirmEmailChange } from "@/lib/api/account";
import { useEmailChangePreview } from "@/lib/api/data";
import { errorMessage } from "@/lib/api/errors";
import { updateSessionUser, useSession } from "@/lib/api/session";

/** Shows the address a link would set and applies it only on the button (mail scanners open links too). */
export function ConfirmEmail({ token }: { token: string }) {
  const { t } = useT("account");
  const session = useSession();
  const preview = useEmailChangePreview(token);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const { data } = await confirmEmailChange({ token });
      if (session.user?.id === data.user.id) updateSessionUser(data.user);
      setDone(data.user.email);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const toProfile = (
    <Link href="/perfil" className="btn-ghost w-full">
      {t("confirmEmail.toProfile")}
    </Link>
  );
  if (done) {
    return (
      <div className="space-y-4">
        <p role="status">{t("confirmEmail.done", { email: done })}</p>
        {toProfile}
      </div>
    );
  }
  if (!token || preview.error || failure) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-danger">
          {failure ?? t("confirmEmail.invalid")}
        </p>
        {toProfile}
      </div>
    );
  }
  if (!preview.data) {
    return (
      <p role="status" className="text-muted">
        {t("confirmEmail.loading")}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p>{t("confirmEmail.question", { email: preview.data.email })}</p>
      <button type="button" className="btn-primary w-full" disabled={busy} aria-busy={busy} onClick={confirm}>
        {t("confirmEmail.submit")}
      </button>
    </div>
  );
}
