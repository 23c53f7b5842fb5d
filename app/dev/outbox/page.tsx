import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getT } from "@/lib/i18n/server";
import { getDb } from "@/lib/server/db/client";
import { isOutboxPageEnabled, listOutbox } from "@/lib/server/notifications/outbox";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Outbox", robots: { index: false } };

/** Links in a message, made relative so that they open on whatever host and port runs the app. */
function localLinks(body: string): string[] {
  return [...body.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => {
    const url = new URL(m[0]);
    return `${url.pathname}${url.search}`;
  });
}

export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ key?: string | string[] }> }) {
  const { key } = await searchParams;
  if (!isOutboxPageEnabled(typeof key === "string" ? key : undefined)) notFound();
  const { t, lng } = await getT("account");
  const messages = await listOutbox(await getDb(), 50);
  return (
    <section className="container-page py-8 md:py-12">
      <h1 className="text-2xl font-bold">{t("outbox.title")}</h1>
      <p className="mt-1 mb-6 text-muted">{t("outbox.subtitle")}</p>
      {messages.length === 0 && <p className="card p-6 text-center text-muted">{t("outbox.empty")}</p>}
      <ol className="space-y-4">
        {messages.map((m) => (
          <li key={m.id} className="card p-4" data-testid="outbox-message">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-muted">{t("outbox.recipient")}</dt>
              <dd className="break-all">
                {m.recipient} <span className="text-muted">({m.channel})</span>
              </dd>
              <dt className="text-muted">{t("outbox.status")}</dt>
              <dd>{m.status}</dd>
              <dt className="text-muted">{t("outbox.createdAt")}</dt>
              <dd>{m.createdAt.toLocaleString(lng)}</dd>
            </dl>
            {m.subject && <h2 className="mt-3 font-semibold">{m.subject}</h2>}
            <pre className="mt-2 text-sm break-words whitespace-pre-wrap">{m.body}</pre>
            {localLinks(m.body).map((href) => (
              <Link key={href} href={href} className="btn-ghost mt-3" prefetch={false}>
                {href.split("?")[0]}
              </Link>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
