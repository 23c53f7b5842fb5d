import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { phoneToE164 } from "@/lib/contract/common";
import { getT } from "@/lib/i18n/server";
import { getDb } from "@/lib/server/db/client";
import { renderMjml } from "@/lib/server/notifications/mjml";
import { type MessagePayload, isOutboxPageEnabled, listOutbox } from "@/lib/server/notifications/outbox";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Outbox", robots: { index: false } };

/** Links in a message, made relative so that they open on whatever host and port runs the app. */
function localLinks(body: string): string[] {
  return [...body.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => {
    const url = new URL(m[0]);
    return `${url.pathname}${url.search}`;
  });
}

export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ key?: string | string[]; to?: string | string[] }> }) {
  const { key, to } = await searchParams;
  // ?to=<recipient>: that recipient's messages alone (a busy outbox shows only its newest 50). A phone is stored as
  // +55...: typed any way the booking form takes it (its "+" lost as a space, or none at all), it is read as one.
  const asked = typeof to === "string" ? to.trim() : "";
  const recipient = asked ? (phoneToE164(asked) ?? asked) : undefined;
  if (!isOutboxPageEnabled(typeof key === "string" ? key : undefined)) notFound();
  const { t, lng } = await getT("account");
  const messages = await Promise.all(
    (await listOutbox(await getDb(), 50, { recipient })).map(async (m) => {
      const payload = m.payload as MessagePayload | null;
      return payload?.mjml && !payload.html ? { ...m, payload: { ...payload, html: await renderMjml(payload.mjml) } } : m;
    }),
  );
  return (
    <section className="container-page py-8 md:py-12">
      <h1 className="text-2xl font-bold">{t("outbox.title")}</h1>
      <p className="mt-1 mb-6 text-muted">{recipient ? t("outbox.to", { recipient }) : t("outbox.subtitle")}</p>
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
              {m.kind && (
                <>
                  <dt className="text-muted">{t("outbox.kind")}</dt>
                  <dd>{m.kind}</dd>
                  <dt className="text-muted">{t("outbox.sendAfter")}</dt>
                  <dd>{m.sendAfter.toLocaleString(lng)}</dd>
                </>
              )}
              <dt className="text-muted">{t("outbox.attempts")}</dt>
              <dd>{m.attempts}</dd>
              {m.deliveryStatus && (
                <>
                  <dt className="text-muted">{t("outbox.delivery")}</dt>
                  <dd>{m.deliveryStatus}</dd>
                </>
              )}
              {m.error && (
                <>
                  <dt className="text-muted">{t("outbox.error")}</dt>
                  <dd className="break-all text-red-300">{m.error}</dd>
                </>
              )}
            </dl>
            {m.subject && <h2 className="mt-3 font-semibold">{m.subject}</h2>}
            <MessagePreview
              channel={m.channel}
              body={m.body}
              payload={m.payload as MessagePayload | null}
              labels={{ email: t("outbox.emailPreview"), whatsapp: t("outbox.whatsappPreview") }}
            />
            {(m.payload as MessagePayload | null)?.ics && (
              <p className="mt-2 text-xs text-muted">{t("outbox.calendar", { method: (m.payload as MessagePayload).ics!.method })}</p>
            )}
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

/** The message as it reaches the client: the e-mail's own HTML (sandboxed, no scripts), or a WhatsApp bubble with its buttons. */
function MessagePreview({
  channel,
  body,
  payload,
  labels,
}: {
  channel: string;
  body: string;
  payload: MessagePayload | null;
  labels: { email: string; whatsapp: string };
}) {
  if (channel === "email" && payload?.html) {
    return <iframe title={labels.email} srcDoc={payload.html} sandbox="" className="mt-3 h-[32rem] w-full rounded-lg border border-white/10 bg-black" />;
  }
  if (channel === "whatsapp") {
    return (
      <figure className="mt-3 max-w-md" aria-label={labels.whatsapp}>
        <div className="rounded-lg rounded-tl-none bg-[#1f2c34] p-3 text-sm wrap-anywhere whitespace-pre-wrap text-[#e9edef]">{body}</div>
        {payload?.buttons && (
          <div className="mt-1 grid gap-1">
            {payload.buttons.map((b) => (
              <span key={b.label} className="block rounded-lg bg-[#1f2c34] p-2 text-center text-sm font-medium text-[#53bdeb]">
                {b.label}
              </span>
            ))}
          </div>
        )}
      </figure>
    );
  }
  return <pre className="mt-2 text-sm wrap-anywhere whitespace-pre-wrap">{body}</pre>;
}
