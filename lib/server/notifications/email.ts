import "server-only";
import { env } from "@/lib/server/env";

type Transport = import("nodemailer").Transporter;
const g = globalThis as unknown as { __navalhaSmtp?: { url: string; transport: Transport } };

async function transport(url: string): Promise<Transport> {
  if (g.__navalhaSmtp?.url === url) return g.__navalhaSmtp.transport;
  const nodemailer = await import("nodemailer");
  const created = nodemailer.createTransport(url);
  g.__navalhaSmtp = { url, transport: created };
  return created;
}

export type EmailExtras = {
  html?: string;
  /** A calendar invitation (text/calendar; method=REQUEST or CANCEL), attached and offered inline. */
  ics?: { content: string; method: "REQUEST" | "CANCEL" };
  /** A stable Message-ID: a second try of the same message carries the same one, which mail systems use to drop duplicates. */
  messageId?: string;
};

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export async function sendEmail(to: string, subject: string, text: string, extras: EmailExtras = {}): Promise<void> {
  const { SMTP_URL, SMTP_FROM } = env();
  if (!SMTP_URL) throw new Error("SMTP_URL is not set");
  await (
    await transport(SMTP_URL)
  ).sendMail({
    from: SMTP_FROM,
    to,
    subject,
    text,
    html: extras.html,
    messageId: extras.messageId,
    icalEvent: extras.ics ? { method: extras.ics.method, filename: "navalha.ics", content: extras.ics.content } : undefined,
  });
}
