"use client";
import { useT } from "next-i18next/client";
import { useId, useState } from "react";
import { LoadingBlock } from "@/components/ui/skeleton";
import { STAFF_CHANGE_SUBJECTS } from "@/lib/contract/staff";
import { errorMessage } from "@/lib/api/errors";
import { useApiPages } from "@/lib/api/swr";
import { type TStaffHistory, useTeam } from "@/lib/api/team";
import { ConsoleStates } from "./console-states";
import { useConsoleShop } from "./use-console-shop";

type Item = TStaffHistory["items"][number];

/** A change's before and after, as short readable text (the thing's own fields). */
function Snapshot({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 overflow-x-auto rounded bg-surface-2 p-2 font-mono text-xs break-words whitespace-pre-wrap">{JSON.stringify(value, null, 1)}</dd>
    </div>
  );
}

/** Who changed what at the shop, newest first, filtered by the kind of thing and by who; the owner's page. */
export function HistoryList({ shopId }: { shopId: string }) {
  const { t, i18n } = useT("team");
  const id = useId();
  const shop = useConsoleShop(shopId);
  const allowed = shop.permissions?.["history.view"] === "all";
  const team = useTeam(allowed ? shopId : null);
  const [subject, setSubject] = useState("");
  const [actor, setActor] = useState("");
  const pages = useApiPages<TStaffHistory>((index, previous: TStaffHistory | null) => {
    if (!allowed || (previous && previous.next_before === null)) return null;
    const q = new URLSearchParams({ limit: "30" });
    if (subject) q.set("subject", subject);
    if (actor) q.set("actor", actor);
    if (index > 0 && previous?.next_before) q.set("before", String(previous.next_before));
    return `/staff/shops/${shopId}/history?${q}`;
  });
  const items = pages.data?.flatMap((p) => p.items) ?? null;
  const next = pages.data?.at(-1)?.next_before ?? null;
  const failure = pages.error ? errorMessage(pages.error) : null;

  if (!shop.data) return <ConsoleStates isLoading={shop.isLoading || !shop.error} error={shop.error} retry={() => shop.mutate()} />;
  if (!allowed) {
    return (
      <p role="alert" className="card p-6 text-danger">
        {t("errors:STAFF_PERMISSION")}
      </p>
    );
  }
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(new Date(iso));
  const actionLabel = (a: string) => (i18n.exists(`team:history.actions.${a}`) ? t(`history.actions.${a}`) : a);
  return (
    <div className="grid gap-4">
      <form className="card flex flex-wrap gap-4 p-4" onSubmit={(e) => e.preventDefault()} aria-label={t("history.filters")}>
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-subject`} className="mb-1 block text-sm font-medium">
            {t("history.subject")}
          </label>
          <select id={`${id}-subject`} className="input" value={subject} onChange={(e) => setSubject(e.target.value)}>
            <option value="">{t("history.all")}</option>
            {STAFF_CHANGE_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {t(`history.subjects.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-actor`} className="mb-1 block text-sm font-medium">
            {t("history.actor")}
          </label>
          <select id={`${id}-actor`} className="input" value={actor} onChange={(e) => setActor(e.target.value)}>
            <option value="">{t("history.everyone")}</option>
            {(team.data?.items ?? []).map((m) => (
              <option key={m.staff_id} value={String(m.user_id)}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      </form>
      {failure && (
        <p role="alert" className="text-danger">
          {failure}
        </p>
      )}
      {items === null && !failure && <LoadingBlock label={t("loading")} rows={4} />}
      {items && items.length === 0 && <p className="card p-6 text-center text-muted">{t("history.empty")}</p>}
      {items && items.length > 0 && (
        <ol className="grid gap-3" aria-label={t("history.title")}>
          {items.map((c) => (
            <li key={c.id} className="card p-4">
              <p className="font-semibold">{actionLabel(c.action)}</p>
              <p className="text-sm text-muted">
                <time dateTime={c.at}>{when(c.at)}</time> · {c.actor.name || t("history.deleted")} ({c.actor.roles.map((r) => t(`roles.${r}`)).join(", ")})
              </p>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-primary">{t("history.details")}</summary>
                <dl className="mt-2 grid gap-2 md:grid-cols-2">
                  <Snapshot label={t("history.before")} value={c.before} />
                  <Snapshot label={t("history.after")} value={c.after} />
                </dl>
              </details>
            </li>
          ))}
        </ol>
      )}
      {next !== null && (
        <button type="button" className="btn-ghost justify-self-center" disabled={pages.isValidating} onClick={() => void pages.setSize(pages.size + 1)}>
          {t("history.more")}
        </button>
      )}
    </div>
  );
}
