"use client";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { ConsoleStates } from "@/components/team/console-states";
import { InTheWay } from "@/components/team/in-the-way";
import { useConsoleShop } from "@/components/team/use-console-shop";
import { createClosure, deleteClosure, setShopHours, useClosures, useShopHours } from "@/lib/api/team";
import { useCheckedSave } from "./save-with-check";
import { TimeAway } from "./time-away";
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
  const closures = useClosures(shopId);
  const day = (d: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${d}T12:00:00Z`));
  return (
    <TimeAway
      kind="date"
      endOptional
      words={{
        title: t("closures.title"),
        hint: t("closures.hint"),
        none: t("closures.none"),
        from: t("closures.from"),
        to: t("closures.to"),
        reason: t("closures.reason"),
        reasonExample: t("closures.reasonExample"),
        add: t("closures.add"),
        remove: t("closures.reopen"),
        saved: t("saved"),
      }}
      items={
        closures.data?.items.map((c) => ({
          id: c.id,
          removable: true,
          label: (
            <>
              {c.starts_on === c.ends_on ? day(c.starts_on) : `${day(c.starts_on)} – ${day(c.ends_on)}`}
              {c.reason && <span className="text-muted"> · {c.reason}</span>}
            </>
          ),
        })) ?? null
      }
      canEdit={canEdit}
      timezone={timezone}
      save={(p, confirm) => createClosure(shopId, { starts_on: p.from, ends_on: p.to, reason: p.reason || undefined }, confirm)}
      onSaved={() => void closures.mutate()}
      onRemove={(closureId) => deleteClosure(shopId, closureId).then(() => closures.mutate())}
    />
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
