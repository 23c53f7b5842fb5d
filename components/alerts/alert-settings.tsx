"use client";
import { useT } from "next-i18next/client";
import { useId, useState, type FormEvent } from "react";
import { ConsoleStates } from "@/components/team/console-states";
import { ALERT_EVENTS, type TAlertEvent } from "@/lib/contract/alerts";
import { saveAlertPrefs, useAlertPrefs, type TAlertPrefs } from "@/lib/api/alerts";
import { errorMessage } from "@/lib/api/errors";
import { PushToggle } from "./push-toggle";

/** The member's own alerts at the shop: channels, events and quiet hours, saved together. */
export function AlertSettings({ shopId }: { shopId: string }) {
  const { data, error, isLoading, mutate } = useAlertPrefs(shopId);
  if (!data) return <ConsoleStates isLoading={isLoading || !error} error={error} retry={() => void mutate()} />;
  return <AlertForm shopId={shopId} prefs={data} onSaved={(p) => void mutate(p, { revalidate: false })} />;
}

function AlertForm({ shopId, prefs, onSaved }: { shopId: string; prefs: TAlertPrefs; onSaved: (p: TAlertPrefs) => void }) {
  const { t } = useT("alerts");
  const id = useId();
  const [email, setEmail] = useState(prefs.email);
  const [whatsapp, setWhatsapp] = useState(prefs.whatsapp);
  const [events, setEvents] = useState<TAlertEvent[]>(prefs.events);
  const [quiet, setQuiet] = useState(prefs.quiet_from !== null);
  const [from, setFrom] = useState(prefs.quiet_from ?? "22:00");
  const [until, setUntil] = useState(prefs.quiet_until ?? "07:00");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const toggle = (e: TAlertEvent, on: boolean) => setEvents((all) => (on ? [...all, e] : all.filter((x) => x !== e)));
  async function submit(ev: FormEvent) {
    ev.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const { data } = await saveAlertPrefs(shopId, {
        email,
        whatsapp,
        events: ALERT_EVENTS.filter((e) => events.includes(e)),
        quiet_from: quiet ? from : null,
        quiet_until: quiet ? until : null,
      });
      setMessage({ ok: true, text: t("saved") });
      onSaved(data);
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-6" aria-describedby={`${id}-scope`}>
      <p id={`${id}-scope`} className="text-sm text-muted">
        {t(`scope.${prefs.scope}`)}
      </p>
      <fieldset className="card grid gap-3 p-4 md:p-6">
        <legend className="px-1 text-lg font-semibold">{t("channels")}</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" className="size-5 accent-[#E5B817]" checked={email} onChange={(e) => setEmail(e.target.checked)} disabled={!prefs.has_email} />
          <span>{t("email")}</span>
        </label>
        {!prefs.has_email && <p className="text-sm text-muted">{t("emailMissing")}</p>}
        <label className="flex min-h-11 items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5 accent-[#E5B817]"
            checked={whatsapp}
            onChange={(e) => setWhatsapp(e.target.checked)}
            disabled={!prefs.has_phone}
          />
          <span>
            <span className="block">{t("whatsapp")}</span>
            <span className="block text-sm text-muted">{t("whatsappConsent")}</span>
          </span>
        </label>
        {!prefs.has_phone && <p className="text-sm text-muted">{t("whatsappMissing")}</p>}
        <PushToggle shopId={shopId} />
      </fieldset>
      <fieldset className="card grid gap-3 p-4 md:p-6">
        <legend className="px-1 text-lg font-semibold">{t("events")}</legend>
        {ALERT_EVENTS.map((e) => (
          <label key={e} className="flex min-h-11 items-center gap-3">
            <input type="checkbox" className="size-5 accent-[#E5B817]" checked={events.includes(e)} onChange={(x) => toggle(e, x.target.checked)} />
            <span>{t(`event.${e}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="card grid gap-3 p-4 md:p-6">
        <legend className="px-1 text-lg font-semibold">{t("quiet")}</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" className="size-5 accent-[#E5B817]" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />
          <span>{t("quietOn")}</span>
        </label>
        {quiet && (
          <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
            <div>
              <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium">
                {t("quietFrom")}
              </label>
              <input id={`${id}-from`} type="time" className="input" value={from} onChange={(e) => setFrom(e.target.value)} required />
            </div>
            <div>
              <label htmlFor={`${id}-until`} className="mb-1 block text-sm font-medium">
                {t("quietUntil")}
              </label>
              <input id={`${id}-until`} type="time" className="input" value={until} onChange={(e) => setUntil(e.target.value)} required />
            </div>
          </div>
        )}
        <p className="text-sm text-muted">{t("quietZone", { zone: prefs.timezone })}</p>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t("saving") : t("save")}
        </button>
        <p role="status" aria-live="polite" className={message?.ok === false ? "text-danger" : "text-muted"}>
          {message?.text}
        </p>
      </div>
    </form>
  );
}
