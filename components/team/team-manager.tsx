"use client";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { Link } from "@/components/ui/link";
import { formatPhoneBr } from "@/lib/contract/common";
import { errorMessage } from "@/lib/api/errors";
import { revokeInvitation, useBarbers, useInvitations, useTeam } from "@/lib/api/team";
import { ConsoleStates } from "./console-states";
import { InviteForm } from "./invite-form";
import { RemoveMember } from "./remove-member";
import { useConsoleShop } from "./use-console-shop";

/** The shop's team: who works there and as what, invitations, and taking someone off the team. */
export function TeamManager({ shopId }: { shopId: string }) {
  const { t } = useT("team");
  const shop = useConsoleShop(shopId);
  const ready = shop.data ? shopId : null;
  const team = useTeam(ready);
  const barbers = useBarbers(ready);
  const canManage = shop.permissions?.["team.manage"] === "all";
  const invitations = useInvitations(ready, canManage);
  const [removing, setRemoving] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (!shop.data || !team.data)
    return (
      <ConsoleStates
        isLoading={shop.isLoading || team.isLoading || !shop.data}
        error={shop.error ?? team.error}
        retry={() => (shop.error ? shop.mutate() : team.mutate())}
      />
    );
  const me = shop.data.me;
  const pending = (invitations.data?.items ?? []).filter((i) => i.status === "pending");

  async function revoke(id: number) {
    setFailure(null);
    try {
      await revokeInvitation(shopId, id);
      await invitations.mutate();
    } catch (err) {
      setFailure(errorMessage(err));
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby="team-members">
        <h2 id="team-members" className="mb-3 text-lg font-semibold">
          {t("members.title", { count: team.data.items.length })}
        </h2>
        <ul className="grid gap-3">
          {team.data.items.map((m) => (
            <li key={m.staff_id} className="card p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words">
                    {m.name}
                    {m.staff_id === me.staff_id && <span className="ml-2 text-xs text-primary">{t("members.you")}</span>}
                  </p>
                  <p className="text-sm text-muted">{m.roles.map((r) => t(`roles.${r}`)).join(", ")}</p>
                  {m.phone && <p className="text-sm text-muted">{m.phone.includes("*") ? m.phone : formatPhoneBr(m.phone)}</p>}
                </div>
                <div className="flex flex-wrap gap-2">
                  {m.barber && (
                    <Link className="btn-ghost" href={`/painel/${shopId}/equipe/${m.barber.id}`}>
                      {m.staff_id === me.staff_id ? t("members.myProfile") : t("members.profile")}
                    </Link>
                  )}
                  {canManage && m.staff_id !== me.staff_id && (
                    <button
                      type="button"
                      className="btn-ghost"
                      onClick={() => setRemoving(removing === m.staff_id ? null : m.staff_id)}
                      aria-expanded={removing === m.staff_id}
                    >
                      {t("members.remove")}
                    </button>
                  )}
                </div>
              </div>
              {removing === m.staff_id && (
                <RemoveMember
                  shopId={shopId}
                  member={m}
                  barbers={barbers.data?.items ?? []}
                  onClose={() => setRemoving(null)}
                  onDone={() => {
                    setRemoving(null);
                    void team.mutate();
                    void barbers.mutate();
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
      {canManage && (
        <div className="grid content-start gap-6">
          <InviteForm shopId={shopId} canInviteOwner={shop.permissions?.["roles.manage"] === "all"} onInvited={() => void invitations.mutate()} />
          <section aria-labelledby="team-invitations" className="card p-4">
            <h2 id="team-invitations" className="text-lg font-semibold">
              {t("invitations.title")}
            </h2>
            {pending.length === 0 ? (
              <p className="mt-2 text-sm text-muted">{t("invitations.none")}</p>
            ) : (
              <ul className="mt-2 grid gap-2">
                {pending.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 break-words">
                      {i.name} · {i.recipient} · {i.roles.map((r) => t(`roles.${r}`)).join(", ")}
                    </span>
                    <button type="button" className="btn-ghost" onClick={() => revoke(i.id)} aria-label={t("invitations.revokeFor", { name: i.name })}>
                      {t("invitations.revoke")}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {failure && (
              <p role="alert" className="mt-2 text-danger">
                {failure}
              </p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
