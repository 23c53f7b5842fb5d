"use client";
import { useT } from "next-i18next/client";
import { useId, useState } from "react";
import { formatMoney } from "@/components/shop/format";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingBlock } from "@/components/ui/skeleton";
import { addClientNote, deleteClientNote, editClientNote, useClientCard, type TCardRef, type TClientCard, type TClientNote } from "@/lib/api/clients";
import { errorMessage } from "@/lib/api/errors";
import { dateFormat } from "@/lib/i18n/format";
import { localDay, shownPhone } from "./format";

type Visit = TClientCard["upcoming"][number];

/**
 * One client's or guest's card at the shop: contact (masked where the reader may not see it), visits, no-shows, team
 * notes. A guest (no account) is marked so; his visits are the shop's bookings by his phone.
 */
export function ClientCard({ shopId, who, lng }: { shopId: number; who: TCardRef; lng: string }) {
  const { t } = useT("clients");
  const { data, error, mutate } = useClientCard(shopId, who);
  const headingId = useId();
  if (error)
    return (
      <p role="alert" className="card p-6 text-danger">
        {errorMessage(error)}
      </p>
    );
  if (!data) return <LoadingBlock label={t("card.loading")} rows={3} />;
  const { client } = data;
  return (
    <article aria-labelledby={headingId} className="grid gap-6">
      <header className="card p-4 md:p-6">
        <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-xl font-bold">
          {client.name}
          {client.guest && <GuestBadge />}
        </h2>
        {client.guest && <p className="mt-1 text-xs text-muted">{t("card.guestHint")}</p>}
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {client.phone && (
            <>
              <dt className="text-muted">{t("card.phone")}</dt>
              <dd>{shownPhone(client.phone)}</dd>
            </>
          )}
          <dt className="text-muted">{t("card.visits")}</dt>
          <dd>{client.visits}</dd>
          <dt className="text-muted">{t("card.noShows")}</dt>
          <dd className={client.no_shows > 0 ? "text-danger" : undefined}>{client.no_shows}</dd>
        </dl>
      </header>
      <Notes shopId={shopId} who={who} guest={client.guest} notes={data.notes} lng={lng} onChanged={() => void mutate()} />
      <Visits title={t("card.upcoming")} empty={t("card.noUpcoming")} visits={data.upcoming} lng={lng} />
      <Visits title={t("card.past")} empty={t("card.noPast")} visits={data.past} lng={lng} />
    </article>
  );
}

function Visits({ title, empty, visits, lng }: { title: string; empty: string; visits: Visit[]; lng: string }) {
  const { t } = useT("clients");
  return (
    <section>
      <h3 className="mb-2 font-semibold">{title}</h3>
      {visits.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="grid gap-2">
          {visits.map((v) => (
            <li key={v.id} className="card flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3 text-sm">
              <span>
                <span className="font-semibold">{localDay(lng, v.local, true)}</span> <span className="text-muted">{t("card.with", { barber: v.barber })}</span>
                <span className="block text-muted">{v.services.join(", ")}</span>
              </span>
              <span className="text-right">
                {formatMoney(lng, v.total)}
                <span className={`block text-xs ${v.no_show ? "text-danger" : "text-muted"}`}>
                  {v.no_show ? t("card.noShow") : t(`card.statuses.${v.status}`)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The mark of a guest, a client with no account. */
export function GuestBadge() {
  const { t } = useT("clients");
  return <span className="rounded-full border border-primary/60 px-2 py-0.5 text-xs font-semibold text-primary">{t("guest")}</span>;
}

function Notes({
  shopId,
  who,
  guest,
  notes,
  lng,
  onChanged,
}: {
  shopId: number;
  who: TCardRef;
  guest: boolean;
  notes: TClientNote[];
  lng: string;
  onChanged: () => void;
}) {
  const { t } = useT("clients");
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const when = (iso: string) => dateFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  async function run(action: () => Promise<unknown>, after: () => void) {
    setBusy(true);
    setError(null);
    try {
      await action();
      after();
      onChanged();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${fieldId}-title`}>
      <h3 id={`${fieldId}-title`} className="font-semibold">
        {t("notes.title")}
      </h3>
      <p className="mb-3 text-xs text-muted">{t(guest ? "notes.guestHint" : "notes.hint")}</p>
      <form
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void run(
            () => addClientNote(shopId, who, text),
            () => setText(""),
          );
        }}
      >
        <label htmlFor={fieldId} className="text-sm">
          {t("notes.new")}
        </label>
        <textarea id={fieldId} className="input min-h-20 py-2" maxLength={1000} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn-primary justify-self-start" disabled={busy || text.trim() === ""} aria-busy={busy}>
          {t("notes.add")}
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-danger/60 p-3 text-sm text-danger">
          {error}
        </p>
      )}
      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{t("notes.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-2">
          {notes.map((n) => (
            <li key={n.id} className="card p-3 text-sm">
              {editing?.id === n.id ? (
                <form
                  className="grid gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(
                      () => editClientNote(shopId, who, n.id, editing.text),
                      () => setEditing(null),
                    );
                  }}
                >
                  <label className="grid gap-1">
                    <span className="sr-only">{t("notes.edit")}</span>
                    <textarea
                      className="input min-h-20 py-2"
                      maxLength={1000}
                      value={editing.text}
                      onChange={(e) => setEditing({ id: n.id, text: e.target.value })}
                    />
                  </label>
                  <div className="flex gap-2">
                    <button type="button" className="btn-ghost" onClick={() => setEditing(null)}>
                      {t("notes.cancel")}
                    </button>
                    <button type="submit" className="btn-primary" disabled={busy || editing.text.trim() === ""} aria-busy={busy}>
                      {t("notes.save")}
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <p className="whitespace-pre-line">{n.text}</p>
                  <p className="mt-2 text-xs text-muted">
                    {t("notes.by", { author: n.author, date: when(n.created_at) })}
                    {n.updated_at && ` · ${t("notes.edited")}`}
                  </p>
                  {n.own && (
                    <div className="mt-2 flex gap-2">
                      <button type="button" className="btn-ghost min-h-11 px-3 text-xs" onClick={() => setEditing({ id: n.id, text: n.text })}>
                        {t("notes.edit")}
                      </button>
                      <button type="button" className="btn-ghost min-h-11 px-3 text-xs text-danger" onClick={() => setDeleting(n.id)}>
                        {t("notes.delete")}
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("notes.deleteTitle")}
        description={t("notes.deleteText")}
        confirmLabel={t("notes.delete")}
        cancelLabel={t("notes.cancel")}
        destructive
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting !== null &&
          void run(
            () => deleteClientNote(shopId, who, deleting),
            () => setDeleting(null),
          )
        }
      />
    </section>
  );
}
