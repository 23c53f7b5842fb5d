"use client";
import { useT } from "next-i18next/client";
import { useId, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { useCheckedSave } from "@/components/hours/save-with-check";
import { TimeAway } from "@/components/hours/time-away";
import { type Range, WeeklyEditor } from "@/components/hours/weekly-editor";
import { errorMessage } from "@/lib/api/errors";
import {
  addTimeOff,
  removeTimeOff,
  setBarberServices,
  setBarberTime,
  type TBarberProfile,
  updateBarber,
  uploadBarberPhoto,
  useBarber,
  useServices,
} from "@/lib/api/team";
import { ConsoleStates } from "./console-states";
import { InTheWay } from "./in-the-way";
import { useConsoleShop } from "./use-console-shop";

function Saved({ message }: { message: { ok: boolean; text: string } | null }) {
  const { t } = useT("team");
  if (!message) return null;
  return (
    <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-success" : "text-danger"}>
      {message.ok ? t("saved") : message.text}
    </p>
  );
}

function ProfileForm({ shopId, barber, onSaved }: { shopId: string; barber: TBarberProfile; onSaved: () => void }) {
  const { t } = useT("team");
  const id = useId();
  const [name, setName] = useState(barber.name);
  const [bio, setBio] = useState(barber.bio);
  const save = useCheckedSave(() => updateBarber(shopId, barber.id, { name, bio }), onSaved);
  const [photoMessage, setPhotoMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function photo(file: File | undefined) {
    if (!file) return;
    setPhotoMessage(null);
    try {
      await uploadBarberPhoto(shopId, barber.id, file);
      setPhotoMessage({ ok: true, text: "" });
      onSaved();
    } catch (err) {
      setPhotoMessage({ ok: false, text: errorMessage(err) });
    }
  }
  return (
    <form
      className="card grid gap-4 p-4"
      aria-labelledby={`${id}-t`}
      onSubmit={(e) => {
        e.preventDefault();
        void save.run();
      }}
    >
      <h2 id={`${id}-t`} className="text-lg font-semibold">
        {t("barber.profile")}
      </h2>
      <div className="flex min-w-0 items-center gap-4">
        <Avatar name={barber.name} url={barber.avatar_url} size={64} />
        <div className="min-w-0">
          <label htmlFor={`${id}-photo`} className="mb-1 block text-sm font-medium">
            {t("barber.photo")}
          </label>
          <input
            id={`${id}-photo`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="max-w-full text-sm"
            onChange={(e) => void photo(e.target.files?.[0])}
          />
          <Saved message={photoMessage} />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
          {t("barber.name")}
        </label>
        <input id={`${id}-name`} className="input" value={name} onChange={(e) => setName(e.target.value)} required minLength={2} maxLength={80} />
      </div>
      <div>
        <label htmlFor={`${id}-bio`} className="mb-1 block text-sm font-medium">
          {t("barber.bio")}
        </label>
        <textarea id={`${id}-bio`} className="input min-h-24 py-2" value={bio} onChange={(e) => setBio(e.target.value)} maxLength={500} />
      </div>
      <button type="submit" className="btn-primary justify-self-start" disabled={save.busy}>
        {t("save")}
      </button>
      <Saved message={save.message} />
    </form>
  );
}

function TimeForm({ shopId, barber, onSaved }: { shopId: string; barber: TBarberProfile; onSaved: () => void }) {
  const { t } = useT("team");
  const { t: th } = useT("hours");
  const [hours, setHours] = useState<Range[]>(barber.hours);
  const [breaks, setBreaks] = useState<Range[]>(barber.breaks);
  const save = useCheckedSave((confirm) => setBarberTime(shopId, barber.id, { hours, breaks }, confirm), onSaved);
  return (
    <form
      className="card grid gap-4 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run();
      }}
    >
      <h2 className="text-lg font-semibold">{t("barber.time")}</h2>
      <p className="text-sm text-muted">{t("barber.timeHint")}</p>
      <WeeklyEditor value={hours} onChange={setHours} legend={t("barber.hours")} idPrefix="own-hours" emptyLabel={th("shopHours")} />
      <WeeklyEditor value={breaks} onChange={setBreaks} legend={t("barber.breaks")} idPrefix="own-breaks" emptyLabel={th("noBreak")} />
      <button type="submit" className="btn-primary justify-self-start" disabled={save.busy}>
        {t("save")}
      </button>
      {save.inTheWay && <InTheWay bookings={save.inTheWay} onKeep={() => void save.run(true)} onCancel={save.dismiss} busy={save.busy} />}
      <Saved message={save.message} />
    </form>
  );
}

function TimeOffForm({ shopId, barber, onSaved }: { shopId: string; barber: TBarberProfile; onSaved: () => void }) {
  const { t, i18n } = useT("team");
  const iso = (local: string) => (local ? new Date(`${local}:00-03:00`).toISOString() : "");
  const when = (s: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(new Date(s));
  return (
    <TimeAway
      kind="datetime-local"
      words={{
        title: t("barber.timeOff"),
        none: t("barber.noTimeOff"),
        from: t("barber.from"),
        to: t("barber.to"),
        reason: t("barber.reason"),
        add: t("barber.addTimeOff"),
        remove: t("barber.removeTimeOff"),
        saved: t("saved"),
      }}
      items={barber.time_off.map((o) => ({
        id: o.id,
        // A closure's day is the shop's: it goes with the closure.
        removable: o.closure_id === null,
        label: (
          <>
            {when(o.starts_at)} – {when(o.ends_at)}
            {o.reason && <span className="text-muted"> · {o.reason}</span>}
            {o.closure_id !== null && <span className="text-muted"> · {t("barber.closure")}</span>}
          </>
        ),
      }))}
      canEdit
      save={(p, confirm) => addTimeOff(shopId, barber.id, { starts_at: iso(p.from), ends_at: iso(p.to), reason: p.reason || undefined }, confirm)}
      onSaved={onSaved}
      onRemove={(timeOffId) => removeTimeOff(shopId, barber.id, timeOffId).then(onSaved)}
    />
  );
}

type Own = { on: boolean; duration: string; price: string };

function ServicesForm({ shopId, barber, onSaved }: { shopId: string; barber: TBarberProfile; onSaved: () => void }) {
  const { t } = useT("team");
  const services = useServices(shopId);
  const [own, setOwn] = useState<Record<number, Own>>(() =>
    Object.fromEntries(
      barber.services.map((s) => [s.service_id, { on: true, duration: s.own_duration ? String(s.duration_minutes) : "", price: s.own_price ? s.price : "" }]),
    ),
  );
  const save = useCheckedSave(
    (confirm) =>
      setBarberServices(
        shopId,
        barber.id,
        {
          services: Object.entries(own)
            .filter(([, v]) => v.on)
            .map(([id, v]) => ({
              service_id: Number(id),
              duration_minutes: v.duration ? Number(v.duration) : null,
              price: v.price ? Number(v.price.replace(",", ".")).toFixed(2) : null,
            })),
        },
        confirm,
      ),
    onSaved,
  );
  const set = (id: number, patch: Partial<Own>) => setOwn((o) => ({ ...o, [id]: { ...(o[id] ?? { on: false, duration: "", price: "" }), ...patch } }));
  return (
    <form
      className="card grid gap-3 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run();
      }}
    >
      <h2 className="text-lg font-semibold">{t("barber.services")}</h2>
      <p className="text-sm text-muted">{t("barber.servicesHint")}</p>
      {(services.data?.items ?? []).map((s) => (
        <fieldset key={s.id} className="rounded-lg bg-surface-2 p-3">
          <legend className="sr-only">{s.name}</legend>
          <label className="flex min-h-11 items-center gap-2 font-medium">
            <input type="checkbox" checked={own[s.id]?.on ?? false} onChange={(e) => set(s.id, { on: e.target.checked })} />
            {s.name} <span className="text-sm text-muted">({t("barber.shopTerms", { minutes: s.duration_minutes, price: s.price })})</span>
          </label>
          {own[s.id]?.on && (
            <div className="mt-2 flex flex-wrap gap-3">
              <div>
                <label htmlFor={`own-d-${s.id}`} className="block text-xs text-muted">
                  {t("barber.ownDuration")}
                </label>
                <input
                  id={`own-d-${s.id}`}
                  type="number"
                  min={5}
                  max={600}
                  step={5}
                  className="input w-32"
                  value={own[s.id]?.duration ?? ""}
                  onChange={(e) => set(s.id, { duration: e.target.value })}
                />
              </div>
              <div>
                <label htmlFor={`own-p-${s.id}`} className="block text-xs text-muted">
                  {t("barber.ownPrice")}
                </label>
                <input
                  id={`own-p-${s.id}`}
                  inputMode="decimal"
                  className="input w-32"
                  value={own[s.id]?.price ?? ""}
                  onChange={(e) => set(s.id, { price: e.target.value })}
                />
              </div>
            </div>
          )}
        </fieldset>
      ))}
      <button type="submit" className="btn-primary justify-self-start" disabled={save.busy}>
        {t("save")}
      </button>
      {save.inTheWay && <InTheWay bookings={save.inTheWay} onKeep={() => void save.run(true)} onCancel={save.dismiss} busy={save.busy} />}
      <Saved message={save.message} />
    </form>
  );
}

/** One barber's page: his profile, week and time off (his own, or any for the owner and managers), and services. */
export function BarberProfile({ shopId, barberId }: { shopId: string; barberId: string }) {
  const { t } = useT("team");
  const shop = useConsoleShop(shopId);
  const { data, error, isLoading, mutate } = useBarber(shop.data ? shopId : null, barberId);
  if (!shop.data || !data)
    return (
      <ConsoleStates isLoading={shop.isLoading || isLoading || !shop.data} error={shop.error ?? error} retry={() => (shop.error ? shop.mutate() : mutate())} />
    );
  const barber = data.barber;
  const own = shop.data.me.barber_id === barber.id;
  const time = shop.permissions?.["time.manage"];
  const canEdit = time === "all" || (time === "own" && own);
  const canServices = shop.permissions?.["team.manage"] === "all";
  const refresh = () => void mutate();
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold break-words md:text-3xl">{own ? t("barber.myTitle") : barber.name}</h1>
      {!canEdit && <p className="text-muted">{barber.bio || t("barber.noBio")}</p>}
      {canEdit && <ProfileForm shopId={shopId} barber={barber} onSaved={refresh} />}
      {canEdit && <TimeForm shopId={shopId} barber={barber} onSaved={refresh} />}
      {canEdit && <TimeOffForm shopId={shopId} barber={barber} onSaved={refresh} />}
      {canServices ? (
        <ServicesForm shopId={shopId} barber={barber} onSaved={refresh} />
      ) : (
        <section className="card p-4">
          <h2 className="text-lg font-semibold">{t("barber.services")}</h2>
          <ul className="mt-2 text-sm">
            {barber.services.map((s) => (
              <li key={s.service_id}>{t("barber.serviceLine", { name: s.name, minutes: s.duration_minutes, price: s.price })}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
