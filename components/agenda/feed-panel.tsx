"use client";
import { useT } from "next-i18next/client";
import { useId, useState } from "react";
import { createAgendaFeed, revokeAgendaFeed } from "@/lib/api/agenda";
import { errorMessage } from "@/lib/api/errors";

/** A barber's own calendar feed: a secret URL for Google or Apple Calendar, made anew or ended here. */
export function FeedPanel({ shopId, barberId }: { shopId: number; barberId: number }) {
  const { t } = useT("agenda");
  const [url, setUrl] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="card mt-8 p-5">
      <h2 id={`${inputId}-title`} className="text-lg font-semibold">
        {t("feed.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("feed.intro")}</p>
      {url && (
        <label htmlFor={inputId} className="mt-3 grid gap-1 text-sm">
          {t("feed.url")}
          <input id={inputId} className="input font-mono text-sm" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
      {message && (
        <p role="status" className="mt-3 text-sm">
          {message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={() =>
            run(async () => {
              const { data } = await createAgendaFeed(shopId, barberId);
              setUrl(data.url);
            })
          }
        >
          {url ? t("feed.renew") : t("feed.make")}
        </button>
        <button
          type="button"
          className="btn-ghost"
          disabled={busy}
          onClick={() =>
            run(async () => {
              await revokeAgendaFeed(shopId, barberId);
              setUrl(null);
              setMessage(t("feed.ended"));
            })
          }
        >
          {t("feed.end")}
        </button>
      </div>
    </section>
  );
}
