"use client";
import { useT } from "next-i18next/client";
import { useId, useState } from "react";
import type { TStaffRole } from "@/lib/contract/staff";
import { errorMessage } from "@/lib/api/errors";
import { createInvitation } from "@/lib/api/team";

const ROLES: TStaffRole[] = ["barber", "front_desk", "manager", "owner"];

/** Invite someone by e-mail or WhatsApp; the owner alone sees the owner role. */
export function InviteForm({ shopId, canInviteOwner, onInvited }: { shopId: string; canInviteOwner: boolean; onInvited: () => void }) {
  const { t } = useT("team");
  const id = useId();
  const [name, setName] = useState("");
  const [channel, setChannel] = useState<"email" | "whatsapp">("whatsapp");
  const [recipient, setRecipient] = useState("");
  const [roles, setRoles] = useState<TStaffRole[]>(["barber"]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await createInvitation(shopId, { name, channel, recipient, roles });
      setMessage({ ok: true, text: t("invite.sent", { name }) });
      setName("");
      setRecipient("");
      onInvited();
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  const toggle = (role: TStaffRole) => setRoles((r) => (r.includes(role) ? r.filter((x) => x !== role) : [...r, role]));
  return (
    <form onSubmit={submit} className="card grid gap-4 p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("invite.title")}
      </h2>
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
          {t("invite.name")}
        </label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          minLength={2}
          maxLength={80}
          autoComplete="off"
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t("invite.channel")}</legend>
        <div className="flex gap-4">
          {(["whatsapp", "email"] as const).map((c) => (
            <label key={c} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-channel`} value={c} checked={channel === c} onChange={() => setChannel(c)} />
              {t(`invite.channels.${c}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium">
          {channel === "email" ? t("invite.email") : t("invite.phone")}
        </label>
        <input
          id={`${id}-to`}
          className="input"
          type={channel === "email" ? "email" : "tel"}
          inputMode={channel === "email" ? "email" : "tel"}
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          required
          placeholder={channel === "email" ? "nome@exemplo.com" : "(11) 91234-5678"}
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t("invite.roles")}</legend>
        <div className="flex flex-wrap gap-x-4">
          {ROLES.filter((r) => r !== "owner" || canInviteOwner).map((r) => (
            <label key={r} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" checked={roles.includes(r)} onChange={() => toggle(r)} />
              {t(`roles.${r}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn-primary justify-self-start" disabled={busy || roles.length === 0}>
        {t("invite.send")}
      </button>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-success" : "text-danger"}>
          {message.text}
        </p>
      )}
    </form>
  );
}
