import { desc, eq } from "drizzle-orm";
import { POST as login } from "@/app/v3/login/route";
import { POST as resetWithToken } from "@/app/v3/reset-password-with-token/route";
import { POST as sendWhatsapp } from "@/app/v3/send-whatsapp/route";
import { POST as forgot } from "@/app/v3/user/password/route";
import { GET as userData } from "@/app/v3/user-data/route";
import type { Db } from "@/lib/server/db/client";
import { outbox, passwordResetTokens, rateLimits } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { resetEnvCache } from "@/lib/server/env";
import { settleAfterResponse, waitingAfterResponse } from "@/lib/server/http/after-response";
import { LIMITS } from "@/lib/server/rate-limit/limiter";
import { call, makeAccount, randomIp } from "@/tests/factories/account";
import { startSmtpInbox } from "@/tests/fakes/smtp";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

let mail: Awaited<ReturnType<typeof startSmtpInbox>>;
const inbox = () => mail.messages;
const receivedCount = (n: number) => mail.receivedCount(n);

beforeAll(async () => {
  mail = await startSmtpInbox();
  process.env.SMTP_URL = mail.url;
  process.env.PUBLIC_SITE_URL = "https://navalha.test";
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.PUBLIC_SITE_URL;
  resetEnvCache();
  await mail.close();
});

beforeEach(() => {
  mail.clear();
});
afterEach(() => settleAfterResponse());

/** The token of the reset link in a received e-mail (quoted-printable soft breaks undone). */
function linkToken(raw: string): string {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /https:\/\/navalha\.test\/redefinir-senha\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[1];
}

describe("password recovery by e-mail", () => {
  it("e-mails a link through SMTP whose token sets a new password once", async () => {
    const { user, token: oldToken } = await makeAccount(db());
    const res = await forgot(call("/v3/user/password", { ip: randomIp(), lng: "pt-BR", body: { email: user.email } }));
    expect(res.status).toBe(202);
    await settleAfterResponse();
    await receivedCount(1);
    expect(inbox()[0].to).toBe(user.email);
    const token = linkToken(inbox()[0].raw);

    // Only a hash is stored.
    const rows = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const done = await resetWithToken(
      call("/v3/reset-password-with-token", { ip: randomIp(), body: { token, password: "nova-senha-1", password_confirmation: "nova-senha-1" } }),
    );
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ reset: true });
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: "nova-senha-1" } }))).status).toBe(200);
    // Sessions from before the reset are over.
    expect((await userData(call("/v3/user-data", { token: oldToken }))).status).toBe(401);

    const again = await resetWithToken(
      call("/v3/reset-password-with-token", { ip: randomIp(), body: { token, password: "outra-senha", password_confirmation: "outra-senha" } }),
    );
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: "This link is invalid, has expired or was already used.", code: "INVALID_TOKEN" });

    // Delivered messages do not keep the link.
    const [sent] = await db().select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(sent.status).toBe("sent");
    expect(sent.body).not.toContain(token);
  });

  it("answers 202 for an unknown e-mail and sends nothing", async () => {
    const before = await db().select().from(outbox);
    const res = await forgot(call("/v3/user/password", { ip: randomIp(), body: { email: "ninguem@example.com" } }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true });
    await settleAfterResponse();
    expect(await db().select().from(outbox)).toHaveLength(before.length);
  });

  it("answers before looking the account up, so a real account answers as an unknown one", async () => {
    const { user } = await makeAccount(db());
    const tokensOf = () => db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    for (const email of [user.email!, "nao-existe@example.com"]) {
      const res = await forgot(call("/v3/user/password", { ip: randomIp(), body: { email } }));
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ accepted: true });
      // The account's work had not started when the answer was ready…
      expect(waitingAfterResponse()).toBe(1);
      expect(await tokensOf()).toHaveLength(email === user.email ? 0 : 1);
      await settleAfterResponse();
      // …and happens afterwards, for the real account only.
      expect(await tokensOf()).toHaveLength(1);
    }
    await receivedCount(1);
    expect(inbox().map((m) => m.to)).toEqual([user.email]);
  });

  it("refuses an expired link and a mismatched confirmation", async () => {
    const { user } = await makeAccount(db());
    await forgot(call("/v3/user/password", { ip: randomIp(), body: { email: user.email } }));
    await receivedCount(1);
    const token = linkToken(inbox()[0].raw);
    const mismatch = await resetWithToken(
      call("/v3/reset-password-with-token", { ip: randomIp(), body: { token, password: "nova-senha", password_confirmation: "outra-senha" } }),
    );
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).error).toBe("Password must be the same.");
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await resetWithToken(
      call("/v3/reset-password-with-token", { ip: randomIp(), body: { token, password: "nova-senha", password_confirmation: "nova-senha" } }),
    );
    expect(expired.status).toBe(400);
    expect((await expired.json()).code).toBe("INVALID_TOKEN");
  });

  it("sends at most one per minute and five per day per address, with a ceiling per IP", async () => {
    const { user } = await makeAccount(db());
    const first = await forgot(call("/v3/user/password", { ip: randomIp(), body: { email: user.email } }));
    expect(first.status).toBe(202);
    const second = await forgot(call("/v3/user/password", { ip: randomIp(), body: { email: user.email } }));
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(second.headers.get("retry-after"))).toBeLessThanOrEqual(60);

    // A minute later (the minute counter expired) the next ones go, until five in the day.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      await db()
        .update(rateLimits)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(eq(rateLimits.key, `recovery_min:email:${user.email}`));
      statuses.push((await forgot(call("/v3/user/password", { ip: randomIp(), body: { email: user.email } }))).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    await settleAfterResponse();
    await receivedCount(5); // the five e-mails that went out (and nothing is left sending)

    // An address only has a ceiling: others behind it ask for their own.
    const ip = randomIp();
    expect((await forgot(call("/v3/user/password", { ip, body: { email: "a1@example.com" } }))).status).toBe(202);
    expect((await forgot(call("/v3/user/password", { ip, body: { email: "a2@example.com" } }))).status).toBe(202);
    await db()
      .update(rateLimits)
      .set({ points: LIMITS.recoveryPerIpHour.points })
      .where(eq(rateLimits.key, `recovery_ip_hour:${ip}`));
    expect((await forgot(call("/v3/user/password", { ip, body: { email: "a3@example.com" } }))).status).toBe(429);
  });
});

describe("password recovery by WhatsApp", () => {
  async function codeFor(phone: string): Promise<string> {
    await settleAfterResponse();
    const [msg] = await db().select().from(outbox).where(eq(outbox.recipient, phone)).orderBy(desc(outbox.id)).limit(1);
    expect(msg.channel).toBe("whatsapp");
    expect(msg.status).toBe("unsent"); // no WhatsApp credentials in tests: it stays in the outbox
    return /\b(\d{6})\b/.exec(msg.body)![1];
  }

  it("sends a 6-digit code that resets the password with the phone", async () => {
    const { user, phone } = await makeAccount(db());
    const res = await sendWhatsapp(call("/v3/send-whatsapp", { ip: randomIp(), body: { phone: phone.masked } }));
    expect(res.status).toBe(202);
    const code = await codeFor(phone.e164);
    const [row] = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row.tokenHash).not.toContain(code);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const ok = await resetWithToken(
      call("/v3/reset-password-with-token", {
        ip: randomIp(),
        body: { token: code, phone: phone.masked, password: "senha-zap", password_confirmation: "senha-zap" },
      }),
    );
    expect(ok.status).toBe(200);
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: phone.masked, password: "senha-zap" } }))).status).toBe(200);
  });

  it("burns the code after 5 wrong tries", async () => {
    const { phone } = await makeAccount(db());
    await sendWhatsapp(call("/v3/send-whatsapp", { ip: randomIp(), body: { phone: phone.e164 } }));
    const code = await codeFor(phone.e164);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await resetWithToken(
        call("/v3/reset-password-with-token", {
          ip: randomIp(),
          body: { token: wrong, phone: phone.e164, password: "senha-zap", password_confirmation: "senha-zap" },
        }),
      );
      expect(res.status).toBe(400);
      // Called a wrong code, not an "invalid token".
      if (i === 0)
        expect(await res.json()).toEqual({ error: "The code is not correct or has expired. Check it, or ask for a new one.", code: "INVALID_TOKEN" });
    }
    const right = await resetWithToken(
      call("/v3/reset-password-with-token", {
        ip: randomIp(),
        body: { token: code, phone: phone.e164, password: "senha-zap", password_confirmation: "senha-zap" },
      }),
    );
    expect(right.status).toBe(400);
    expect((await right.json()).code).toBe("INVALID_TOKEN");
  });

  it("answers 202 for an unknown phone and queues nothing", async () => {
    const res = await sendWhatsapp(call("/v3/send-whatsapp", { ip: randomIp(), body: { phone: "(21) 98888-7777" } }));
    expect(res.status).toBe(202);
    expect(waitingAfterResponse()).toBe(1);
    await settleAfterResponse();
    expect(await db().select().from(outbox).where(eq(outbox.recipient, "+5521988887777"))).toHaveLength(0);
  });

  it("compares at most 5 of 30 concurrent wrong guesses, burns the code and then refuses the right one", async () => {
    const { user, phone } = await makeAccount(db());
    await sendWhatsapp(call("/v3/send-whatsapp", { ip: randomIp(), body: { phone: phone.e164 } }));
    const code = await codeFor(phone.e164);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
    const guess = (token: string) =>
      resetWithToken(
        call("/v3/reset-password-with-token", {
          ip: randomIp(),
          body: { token, phone: phone.e164, password: "senha-zap", password_confirmation: "senha-zap" },
        }),
      );
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => guess(wrong(i))));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(400));
    const [row] = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row.attempts).toBe(5); // one claimed try per comparison
    expect(row.usedAt).not.toBeNull();
    const right = await guess(code);
    expect(right.status).toBe(400);
    expect((await right.json()).code).toBe("INVALID_TOKEN");
  });

  it("refuses an expired code", async () => {
    const { user, phone } = await makeAccount(db());
    await sendWhatsapp(call("/v3/send-whatsapp", { ip: randomIp(), body: { phone: phone.e164 } }));
    const code = await codeFor(phone.e164);
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await resetWithToken(
      call("/v3/reset-password-with-token", {
        ip: randomIp(),
        body: { token: code, phone: phone.e164, password: "senha-zap", password_confirmation: "senha-zap" },
      }),
    );
    expect(res.status).toBe(400);
  });
});
