"use client";
import { useRouter } from "next/navigation";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { Link } from "@/components/ui/link";
import { LoadingBlock } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";
import { useSession } from "@/lib/api/session";
import { acceptInvitation, useInvitationPreview } from "@/lib/api/team";

/**
 * An invitation link opened: what it offers, then sign in or sign up (coming back here) and accept. A used, expired
 * or revoked link says so, and so does one that is not a link at all.
 */
export function InvitationAccept({ token }: { token: string }) {
  const { t } = useT("team");
  const session = useSession();
  const router = useRouter();
  const { data, error, isLoading } = useInvitationPreview(token);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const here = `/convite/${token}`;

  if (isLoading) return <LoadingBlock label={t("loading")} rows={2} />;
  if (error || !data) {
    return (
      <p role="alert" className="card p-6 text-danger">
        {error ? errorMessage(error) : t("invitation.notFound")}
      </p>
    );
  }
  const roles = data.roles.map((r) => t(`roles.${r}`)).join(", ");

  async function accept() {
    setBusy(true);
    setFailure(null);
    try {
      const { data: joined } = await acceptInvitation(token);
      router.push(joined.barber_id ? `/painel/${joined.shop_id}/equipe/${joined.barber_id}` : `/painel/${joined.shop_id}/equipe`);
    } catch (err) {
      setFailure(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <div className="card p-6">
      <h1 className="text-2xl font-bold">{t("invitation.title", { shop: data.shop.name })}</h1>
      <p className="mt-2 text-muted">{t("invitation.offer", { name: data.name, shop: data.shop.name, city: data.shop.city, roles })}</p>
      {data.status !== "pending" ? (
        <p role="alert" className="mt-4 text-danger">
          {t(`invitation.status.${data.status}`)}
        </p>
      ) : session.token ? (
        <>
          <p className="mt-4 text-sm">{t("invitation.signedInAs", { name: session.user?.name ?? "" })}</p>
          <button type="button" className="btn-primary mt-4 w-full sm:w-auto" onClick={accept} disabled={busy}>
            {t("invitation.accept")}
          </button>
        </>
      ) : (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <Link className="btn-primary" href={`/cadastro?next=${encodeURIComponent(here)}`}>
            {t("invitation.signUp")}
          </Link>
          <Link className="btn-ghost" href={`/entrar?next=${encodeURIComponent(here)}`}>
            {t("invitation.signIn")}
          </Link>
        </div>
      )}
      {failure && (
        <p role="alert" className="mt-4 text-danger">
          {failure}
        </p>
      )}
      <p className="mt-6 text-xs text-muted">{t("invitation.expires", { when: new Date(data.expires_at).toLocaleString() })}</p>
    </div>
  );
}
