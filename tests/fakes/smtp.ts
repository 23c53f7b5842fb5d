import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on a free local port that keeps what it receives, for tests that send e-mail.
export type Received = { to: string; raw: string };

export async function startSmtpInbox() {
  const messages: Received[] = [];
  let waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        const pending = waiters;
        waiters = [];
        pending.forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    /** Every message received since the last clear(), in order. */
    messages,
    clear: () => void (messages.length = 0),
    /** Resolves when `n` messages have been received. */
    receivedCount: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (messages.length >= n ? resolve() : waiters.push(check));
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
