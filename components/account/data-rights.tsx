"use client";
import { useRouter } from "next/navigation";
import { useT } from "next-i18next/client";
import { useId, useState } from "react";
import { toast } from "@/lib/browser/toast";
import { deleteAccount, exportMyData } from "@/lib/api/account";
import { call } from "@/lib/api/client";
import { clearSession } from "@/lib/api/session";

/** LGPD: download everything as JSON, or delete the account after typing the password. */
export function DataRights() {
  const { t } = useT("account");
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const passwordId = useId();

  async function download() {
    const data = await call(() => exportMyData(), { t, errorKey: "EXPORT_DATA_ERROR" });
    if (!data) return;
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "navalha-meus-dados.json";
    a.click();
    URL.revokeObjectURL(url);
    toast.success(t("profile.exported"));
  }

  async function remove(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const done = await call(() => deleteAccount({ password }), { t, errorKey: "DELETE_ACCOUNT_ERROR", successKey: "profile.deleted" });
    setBusy(false);
    if (done === undefined) return;
    clearSession();
    router.push("/");
  }

  return (
    <div className="space-y-6">
      <div>
        <button type="button" className="btn-ghost" onClick={download}>
          {t("profile.export")}
        </button>
        <p className="mt-2 text-xs text-muted">{t("profile.exportHint")}</p>
      </div>
      <div>
        {!confirming ? (
          <button type="button" className="btn border border-danger text-danger hover:bg-danger hover:text-black" onClick={() => setConfirming(true)}>
            {t("profile.delete")}
          </button>
        ) : (
          <form onSubmit={remove} className="space-y-3 rounded-lg border border-danger/60 p-4" aria-labelledby={`${passwordId}-title`}>
            <h3 id={`${passwordId}-title`} className="font-semibold">
              {t("profile.deleteConfirmTitle")}
            </h3>
            <p className="text-sm text-muted">{t("profile.deleteConfirmBody")}</p>
            <label htmlFor={passwordId} className="block text-sm font-medium">
              {t("fields.password")}
            </label>
            <input
              id={passwordId}
              type="password"
              className="input"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              autoFocus
            />
            <div className="flex flex-col gap-2 sm:flex-row">
              <button type="button" className="btn-ghost" onClick={() => setConfirming(false)}>
                {t("common:actions.cancel")}
              </button>
              <button type="submit" className="btn bg-danger text-black hover:opacity-90" disabled={busy || !password}>
                {t("profile.deleteSubmit")}
              </button>
            </div>
          </form>
        )}
        <p className="mt-2 text-xs text-muted">{t("profile.deleteHint")}</p>
      </div>
    </div>
  );
}
