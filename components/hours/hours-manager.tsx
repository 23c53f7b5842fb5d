"use client";
import { useT } from "next-i18next/client";
import { useId, useState } from "react";
import { ConsoleStates } from "@/components/team/console-states";
import { InTheWay } from "@/components/team/in-the-way";
import { useConsoleShop } from "@/components/team/use-console-shop";
import { errorMessage } from "@/lib/api/errors";
import { createClosure, deleteClosure, setShopHours, useClosures, useShopHours } from "@/lib/api/team";
import { useCheckedSave } from "./save-with-check";
import { type Range, WeeklyEditor } from "./weekly-editor";

function Message({ message }: { message: { ok: boolean; text: string } | null }) {
  const { t } = useT("hours");
  if (!message) return null;
  return (
    <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-success" : "text-danger"}>
      {message.ok ? t("saved") : message.text}
    </p>
  );
}

function Closures({ shopId, canEdit, timezone }: { shopId: string; canEdit: boolean; timezone: string }) {
  const { t, i18n } = useT("hours");
  const id = useId();
  const closures = useClosures(shopId);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const save = useCheckedSave(
    (confirm) => createClosure(shopId, { starts_on: from, ends_on: to || from, reason: reason || undefined }, confirm),
    () => {
      setFrom("");
      setTo("");
      setReason("");
      void closures.mutate();
    },
  );
  const day = (d: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${d}T12:00:00Z`));
  return (
    <section className="card grid gap-4 p-4" aria-labelledby={`${id}-t`}>
      <h2 id={`${id}-t`} className="text-lg font-semibold">
        {t("closures.title")}
      </h2>
      <p className="text-sm text-muted">{t("closures.hint")}</p>
      {closures.isLoading && <p className="text-sm text-muted">{t("team:loading")}</p>}
      {closures.data && closures.data.items.length === 0 && <p className="text-sm text-muted">{t("closures.none")}</p>}
      {closures.data && closures.data.items.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {closures.data.items.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-2 p-3">
              <span>
                {c.starts_on === c.ends_on ? day(c.starts_on) : `${day(c.starts_on)} – ${day(c.ends_on)}`}
                {c.reason && <span className="text-muted"> · {c.reason}</span>}
              </span>
              {canEdit && (
                <button
                  type="button"
                  className="btn-ghost"
                  onClick={() =>
                    void deleteClosure(shopId, c.id).then(
                      () => closures.mutate(),
                      (err) => setFailure(errorMessage(err)),
                    )
                  }
                >
                  {t("closures.reopen")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form
          className="grid gap-3 sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save.run();
          }}
        >
          <div>
            <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium">
              {t("closures.from")}
            </label>
            <input id={`${id}-from`} type="date" className="input" value={from} onChange={(e) => setFrom(e.target.value)} required />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium">
              {t("closures.to")}
            </label>
            <input id={`${id}-to`} type="date" className="input" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${id}-why`} className="mb-1 block text-sm font-medium">
              {t("closures.reason")}
            </label>
            <input
              id={`${id}-why`}
              className="input"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={120}
              placeholder={t("closures.reasonExample")}
            />
          </div>
          <button type="submit" className="btn-primary justify-self-start" disabled={save.busy}>
            {t("closures.add")}
          </button>
        </form>
      )}
      {save.inTheWay && <InTheWay bookings={save.inTheWay} timezone={timezone} onKeep={() => void save.run(true)} onCancel={save.dismiss} busy={save.busy} />}
      <Message message={save.message} />
      {failure && (
        <p role="alert" className="text-danger">
          {failure}
        </p>
      )}
    </section>
  );
}

function WeekForm({
  shopId,
  initial,
  canEdit,
  timezone,
  onSaved,
}: {
  shopId: string;
  initial: Range[];
  canEdit: boolean;
  timezone: string;
  onSaved: () => void;
}) {
  const { t } = useT("hours");
  const [days, setDays] = useState<Range[]>(initial);
  const save = useCheckedSave(
    (confirm) => setShopHours(shopId, { days: days.map((d) => ({ weekday: d.weekday, opens: d.starts, closes: d.ends })) }, confirm),
    onSaved,
  );
  return (
    <form
      className="card grid gap-4 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run();
      }}
    >
      <WeeklyEditor value={days} onChange={canEdit ? setDays : () => undefined} legend={t("week")} idPrefix="shop-hours" emptyLabel={t("closed")} />
      {canEdit && (
        <button type="submit" className="btn-primary justify-self-start" disabled={save.busy}>
          {t("save")}
        </button>
      )}
      {save.inTheWay && <InTheWay bookings={save.inTheWay} timezone={timezone} onKeep={() => void save.run(true)} onCancel={save.dismiss} busy={save.busy} />}
      <Message message={save.message} />
    </form>
  );
}

/** The shop's week (several ranges a day) and its closures; the owner and managers change them. */
export function HoursManager({ shopId }: { shopId: string }) {
  const shop = useConsoleShop(shopId);
  const hours = useShopHours(shop.data ? shopId : null);
  if (!shop.data || !hours.data)
    return (
      <ConsoleStates
        isLoading={shop.isLoading || hours.isLoading || !shop.error}
        error={shop.error ?? hours.error}
        retry={() => (shop.error ? shop.mutate() : hours.mutate())}
      />
    );
  const canEdit = shop.permissions?.["hours.manage"] === "all";
  const initial = hours.data.days.map((d) => ({ weekday: d.weekday, starts: d.opens, ends: d.closes }));
  return (
    <div className="grid grid-cols-1 gap-6">
      <WeekForm shopId={shopId} initial={initial} canEdit={canEdit} timezone={hours.data.timezone} onSaved={() => void hours.mutate()} />
      <Closures shopId={shopId} canEdit={canEdit} timezone={hours.data.timezone} />
    </div>
  );
}
