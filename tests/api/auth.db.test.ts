import { sql } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { POST as checkPhone } from "@/app/v3/check-phone/route";
import { POST as login } from "@/app/v3/login/route";
import { POST as logout } from "@/app/v3/logout/route";
import { POST as register } from "@/app/v3/register/client/web_client/route";
import { POST as revalidate } from "@/app/v3/revalidate-token/route";
import { PUT as changePassword } from "@/app/v3/user/password/route";
import { GET as userData } from "@/app/v3/user-data/route";
import { ZAuthAnswer } from "@/lib/contract/users";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { revokeSession, startSession } from "@/lib/server/auth/session";
import { currentKey, forgetSigningKeys } from "@/lib/server/auth/signing-keys";
import { signToken } from "@/lib/server/auth/tokens";
import { signingKeys } from "@/lib/server/db/schema";
import { resetEnvCache } from "@/lib/server/env";
import { LIMITS } from "@/lib/server/rate-limit/limiter";
import { call, freshPhone, makeAccount, PASSWORD, randomIp, tokenFor } from "@/tests/factories/account";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

// The quick start: no JWT_SECRET, so the keys are made once and kept in the database.
const savedSecret = process.env.JWT_SECRET;
beforeAll(() => {
  delete process.env.JWT_SECRET;
  resetEnvCache();
  forgetSigningKeys();
});
afterAll(() => {
  process.env.JWT_SECRET = savedSecret;
  resetEnvCache();
  forgetSigningKeys();
});

/** Time passes: the account's wait before its next sign-in attempt is over. */
async function waitIsOver(userId: number) {
  await db().execute(sql`update rate_limits set expire = now() - interval '1 second' where key = ${`login_gate:user:${userId}`}`);
}

const DAY = 86_400_000;

describe("POST /v3/register/client/web_client", () => {
  it("creates a client and answers a token that works", async () => {
    const phone = freshPhone();
    const res = await register(
      call("/v3/register/client/web_client", {
        ip: randomIp(),
        body: {
          name: "Ana Souza",
          email: "Ana.Souza@Example.com",
          phone: phone.masked,
          password: "123456",
          password_confirmation: "123456",
          birth_date: "1990-05-20",
        },
      }),
    );
    expect(res.status).toBe(201);
    const body = ZAuthAnswer.parse(await res.json());
    expect(body.user).toEqual({
      id: expect.any(Number),
      type: "client",
      name: "Ana Souza",
      email: "ana.souza@example.com",
      phone: phone.e164,
      birth_date: "1990-05-20",
      avatar_url: null,
    });
    const me = await userData(call("/v3/user-data", { token: body.token }));
    expect(me.status).toBe(200);
  });

  it("applies the spec's validation with its messages", async () => {
    const res = await register(
      call("/v3/register/client/web_client", { ip: randomIp(), body: { name: "Al", email: "", phone: "1199", password: "123", password_confirmation: "321" } }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("VALIDATION_FAILED");
    const details = body.details as { path: string; message: string }[];
    expect(details).toContainEqual({ path: "name", message: "Must have at least 3 characters." });
    expect(details).toContainEqual({ path: "password", message: "Must have at least 6 characters." });
    // Shorter than the masked format's 14 characters and not a phone: said once, with the format to type.
    expect(details.filter((d) => d.path === "phone")).toEqual([
      { path: "phone", message: "Invalid phone number: give the mobile number with its area code, as (11) 91234-5678." },
    ]);
    expect(details.some((d) => d.path === "email")).toBe(true);
    // A real mobile typed without the mask is refused by the spec's rule, with the format rather than a length.
    const unmasked = await register(
      call("/v3/register/client/web_client", {
        ip: randomIp(),
        body: { name: "Ana Souza", email: "unmasked@example.com", phone: "11912345678", password: "123456", password_confirmation: "123456" },
      }),
    );
    expect(unmasked.status).toBe(400);
    expect((await unmasked.json()).details).toEqual([
      { path: "phone", message: "Invalid phone number: give the mobile number with its area code, as (11) 91234-5678." },
    ]);
  });

  it("says 'Password must be the same.' when the confirmation differs", async () => {
    const res = await register(
      call("/v3/register/client/web_client", {
        ip: randomIp(),
        body: { name: "Ana Souza", email: "mismatch@example.com", phone: freshPhone().masked, password: "123456", password_confirmation: "654321" },
      }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("Password must be the same.");
    expect(body.details).toContainEqual({ path: "password_confirmation", message: "Password must be the same." });
  });

  it("answers 409 when the e-mail or the phone is taken", async () => {
    const { user, phone } = await makeAccount(db());
    const base = { name: "Outro", password: "123456", password_confirmation: "123456" };
    const email = await register(
      call("/v3/register/client/web_client", { ip: randomIp(), body: { ...base, email: user.email!.toUpperCase(), phone: freshPhone().masked } }),
    );
    expect(email.status).toBe(409);
    expect((await email.json()).code).toBe("EMAIL_IN_USE");
    const tel = await register(call("/v3/register/client/web_client", { ip: randomIp(), body: { ...base, email: "novo@example.com", phone: phone.masked } }));
    expect(tel.status).toBe(409);
    expect((await tel.json()).code).toBe("PHONE_IN_USE");
  });
});

describe("POST /v3/login", () => {
  it("signs in with the e-mail, the masked phone or the E.164 phone", async () => {
    const { user, phone } = await makeAccount(db());
    for (const id of [user.email!, user.email!.toUpperCase(), phone.masked, phone.e164]) {
      const res = await login(call("/v3/login", { ip: randomIp(), body: { login: id, password: PASSWORD } }));
      expect(res.status).toBe(200);
      const body = ZAuthAnswer.parse(await res.json());
      expect(body.user.id).toBe(user.id);
    }
  });

  it("answers 401 'Login failed' for a wrong password and an unknown user alike", async () => {
    const { user } = await makeAccount(db());
    const wrong = await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: "wrong-password" } }));
    const unknown = await login(call("/v3/login", { ip: randomIp(), body: { login: "nobody@example.com", password: "wrong-password" } }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    expect(a).toEqual({ error: "Login failed", code: "LOGIN_FAILED" });
    expect(await unknown.json()).toEqual(a);
  });

  it("refuses other user types with 'This user is not registered as client'", async () => {
    const { user } = await makeAccount(db(), { type: "barber" });
    const res = await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }));
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("This user is not registered as client");
  });

  it("checks the identifier (≥ 8) and password (≥ 6) lengths", async () => {
    const res = await login(call("/v3/login", { ip: randomIp(), body: { login: "a@b.co", password: "123" } }));
    expect(res.status).toBe(400);
    const paths = (await res.json()).details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["login", "password"]));
  });

  it("adds up failures via the e-mail and via the phone on one account, then makes the next attempt wait", async () => {
    const { user, phone } = await makeAccount(db());
    for (const id of [user.email!, phone.masked, user.email!, phone.e164, user.email!.toUpperCase()]) {
      expect((await login(call("/v3/login", { ip: randomIp(), body: { login: id, password: "wrong-pass" } }))).status).toBe(401);
    }
    const waiting = await login(call("/v3/login", { ip: randomIp(), body: { login: phone.masked, password: PASSWORD } }));
    expect(waiting.status).toBe(429);
    expect((await waiting.json()).code).toBe("TOO_MANY_REQUESTS");
    expect(Number(waiting.headers.get("retry-after"))).toBe(2);
    await waitIsOver(user.id);
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: phone.masked, password: PASSWORD } }))).status).toBe(200);
  });

  it("slows a guesser down (waits doubling up to 15 minutes) but never locks the owner out", async () => {
    const { user } = await makeAccount(db());
    const waits: number[] = [];
    for (let i = 0; i < 16; i++) {
      await waitIsOver(user.id);
      expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: `wrong-${i}-pass` } }))).status).toBe(401);
      if (i < 4) continue; // the first four failures cost no wait
      const early = await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }));
      expect(early.status).toBe(429);
      waits.push(Number(early.headers.get("retry-after")));
    }
    expect(waits.slice(0, 4)).toEqual([2, 4, 8, 16]);
    expect(Math.max(...waits)).toBe(900);
    expect(waits.every((w, i) => i === 0 || w >= waits[i - 1])).toBe(true);
    await waitIsOver(user.id);
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }))).status).toBe(200);
  });

  it("lets one of a burst of parallel guesses through once the free attempts are used", async () => {
    const { user } = await makeAccount(db());
    for (let i = 0; i < 5; i++) await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: "wrong-pass" } }));
    await waitIsOver(user.id);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: `guess-${i}-pass` } }))),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it("lets many people behind one IP fail, and stops one IP guessing one account after 10 failures", async () => {
    const ip = randomIp();
    for (let i = 1; i <= 12; i++) {
      const res = await login(call("/v3/login", { ip, body: { login: `someone${i}@example.com`, password: "wrong-pass" } }));
      expect(res.status).toBe(401);
    }
    const { user } = await makeAccount(db());
    expect((await login(call("/v3/login", { ip, body: { login: user.email, password: PASSWORD } }))).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      await waitIsOver(user.id);
      expect((await login(call("/v3/login", { ip, body: { login: user.email, password: `wrong-${i}-pass` } }))).status).toBe(401);
    }
    await waitIsOver(user.id);
    const blocked = await login(call("/v3/login", { ip, body: { login: user.email, password: PASSWORD } }));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("without a known IP, failures of some identifiers never lock out the others", async () => {
    for (let i = 1; i <= 12; i++) await login(call("/v3/login", { body: { login: `stranger${i}@example.com`, password: "wrong-pass" } }));
    const { user } = await makeAccount(db());
    expect((await login(call("/v3/login", { body: { login: user.email, password: PASSWORD } }))).status).toBe(200);
  });

  it("a success clears the account's failures", async () => {
    const { user } = await makeAccount(db());
    for (let i = 0; i < 4; i++) await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: "wrong-pass" } }));
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }))).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: "wrong-pass" } }));
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }))).status).toBe(200);
  });
});

describe("tokens", () => {
  it("revalidate-token trades a valid token for a fresh one and refuses a bad one", async () => {
    const { user, token } = await makeAccount(db());
    const res = await revalidate(call("/v3/revalidate-token", { method: "POST", token }));
    expect(res.status).toBe(200);
    const body = ZAuthAnswer.parse(await res.json());
    expect(body.user.id).toBe(user.id);
    const bad = await revalidate(call("/v3/revalidate-token", { method: "POST", token: `${token}x` }));
    expect(bad.status).toBe(401);
    expect((await bad.json()).error).toBe("Invalid token");
    const none = await revalidate(call("/v3/revalidate-token", { method: "POST" }));
    expect(none.status).toBe(401);
  });

  it("refuses an expired token, an unsigned one and one signed with another algorithm", async () => {
    const { user } = await makeAccount(db());
    const { kid, secret } = await currentKey("session");
    const { sid } = await startSession(user.id);
    const claims = { tv: user.tokenVersion, sid, auth_time: Math.floor(Date.now() / 1000) - 7200 };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", kid })
      .setSubject(String(user.id))
      .setIssuer("navalha")
      .setAudience("navalha-web")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS512", kid })
      .setSubject(String(user.id))
      .setIssuer("navalha")
      .setAudience("navalha-web")
      .setExpirationTime("1h")
      .sign(secret);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: String(user.id), tv: 0, iss: "navalha", aud: "navalha-web", exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    for (const token of [expired, hs512, unsigned]) {
      const res = await userData(call("/v3/user-data", { token }));
      expect(res.status).toBe(401);
    }
  });

  it("refuses a token that was accepted once it has expired, and one of an account whose password changed", async () => {
    const { user } = await makeAccount(db());
    const session = await startSession(user.id);
    const short = await signToken({ userId: user.id, tokenVersion: user.tokenVersion, ...session }, 1);
    expect((await userData(call("/v3/user-data", { token: short }))).status).toBe(200);
    const { exp } = decodeJwt(short);
    await new Promise((r) => setTimeout(r, exp! * 1000 - Date.now() + 50));
    expect((await userData(call("/v3/user-data", { token: short }))).status).toBe(401);
    const token = await signToken({ userId: user.id, tokenVersion: user.tokenVersion, ...session });
    expect((await userData(call("/v3/user-data", { token }))).status).toBe(200);
    await db().execute(sql`update users set token_version = token_version + 1 where id = ${user.id}`);
    expect((await userData(call("/v3/user-data", { token }))).status).toBe(401);
  });

  it("refuses a non-client's token with 403", async () => {
    const { token } = await makeAccount(db(), { type: "owner" });
    const res = await revalidate(call("/v3/revalidate-token", { method: "POST", token }));
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("This user is not registered as client");
  });
});

describe("PUT /v3/user/password", () => {
  it("needs the current password, ends other sessions and hands this one a fresh token", async () => {
    const { user, token } = await makeAccount(db());
    const other = await tokenFor({ id: user.id, tokenVersion: user.tokenVersion });
    const wrong = await changePassword(
      call("/v3/user/password", { method: "PUT", token, body: { current_password: "nope-nope", password: "nova-senha", password_confirmation: "nova-senha" } }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("WRONG_PASSWORD");
    const mismatch = await changePassword(
      call("/v3/user/password", { method: "PUT", token, body: { current_password: PASSWORD, password: "nova-senha", password_confirmation: "outra-senha" } }),
    );
    expect((await mismatch.json()).error).toBe("Password must be the same.");

    const ok = await changePassword(
      call("/v3/user/password", { method: "PUT", token, body: { current_password: PASSWORD, password: "nova-senha", password_confirmation: "nova-senha" } }),
    );
    expect(ok.status).toBe(200);
    const fresh = ZAuthAnswer.parse(await ok.json());
    expect((await userData(call("/v3/user-data", { token: other }))).status).toBe(401);
    expect((await userData(call("/v3/user-data", { token }))).status).toBe(401);
    expect((await userData(call("/v3/user-data", { token: fresh.token }))).status).toBe(200);
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: "nova-senha" } }))).status).toBe(200);
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }))).status).toBe(401);
  });

  it("answers 401 without a token", async () => {
    const res = await changePassword(
      call("/v3/user/password", { method: "PUT", body: { current_password: PASSWORD, password: "nova-senha", password_confirmation: "nova-senha" } }),
    );
    expect(res.status).toBe(401);
  });
});

describe("POST /v3/check-phone", () => {
  it("tells whether a phone is registered, in any mask", async () => {
    const { phone } = await makeAccount(db());
    const ip = randomIp();
    const yes = await checkPhone(call("/v3/check-phone", { ip, body: { phone: phone.masked } }));
    expect(await yes.json()).toEqual({ registered: true });
    const no = await checkPhone(call("/v3/check-phone", { ip, body: { phone: freshPhone().masked } }));
    expect(await no.json()).toEqual({ registered: false });
  });

  it("has a ceiling per IP far above what the people behind one address ask", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await checkPhone(call("/v3/check-phone", { ip, body: { phone: freshPhone().masked } }))).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    await db().execute(sql`update rate_limits set points = ${LIMITS.checkPhonePerIp.points} where key = ${`check_phone_ip:${ip}`}`);
    const over = await checkPhone(call("/v3/check-phone", { ip, body: { phone: freshPhone().masked } }));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("is rate-limited per phone asked about, whatever the address asking", async () => {
    const { phone } = await makeAccount(db());
    const n = LIMITS.checkPhonePerPhone.points;
    const ask = (masked: string) => checkPhone(call("/v3/check-phone", { ip: randomIp(), body: { phone: masked } }));
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await ask(i % 2 ? phone.masked : phone.e164)).status);
    expect(statuses).toEqual(Array(n).fill(200));
    const over = await ask(phone.masked);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await over.json()).code).toBe("TOO_MANY_REQUESTS");
    // Another phone is not affected.
    expect((await ask(freshPhone().masked)).status).toBe(200);
  });
});

describe("signing keys", () => {
  it("refuses a token signed with the secret once written in the repository", async () => {
    const { user } = await makeAccount(db());
    const { sid } = await startSession(user.id);
    const old = new TextEncoder().encode("dev-only-secret-change-me-in-production-0123456789");
    const claims = { tv: user.tokenVersion, sid, auth_time: Math.floor(Date.now() / 1000) };
    for (const header of [{ alg: "HS256" }, { alg: "HS256", kid: "main" }, { alg: "HS256", kid: "session-1" }]) {
      const forged = await new SignJWT(claims)
        .setProtectedHeader(header)
        .setSubject(String(user.id))
        .setIssuer("navalha")
        .setAudience("navalha-web")
        .setExpirationTime("1h")
        .sign(old);
      expect((await userData(call("/v3/user-data", { token: forged }))).status).toBe(401);
    }
  });

  it("makes one random key per purpose, kept in the database: a second load (another server) reads the same", async () => {
    const { user, token } = await makeAccount(db());
    const session = await currentKey("session");
    const manage = await currentKey("manage");
    expect(Buffer.from(session.secret).equals(Buffer.from(manage.secret))).toBe(false);
    expect(decodeProtectedHeader(token).kid).toBe(session.kid);
    const rows = await db().select().from(signingKeys);
    expect(rows.map((r) => r.purpose).sort()).toEqual(["manage", "session"]);

    forgetSigningKeys();
    const again = await currentKey("session");
    expect(again.kid).toBe(session.kid);
    expect(Buffer.from(again.secret).equals(Buffer.from(session.secret))).toBe(true);
    expect((await userData(call("/v3/user-data", { token }))).status).toBe(200);
    expect(user.id).toBeGreaterThan(0);
  });

  it("rotates: a new row signs, the old key verifies until it is retired", async () => {
    const { token: before } = await makeAccount(db());
    const oldKid = decodeProtectedHeader(before).kid as string;
    await db()
      .insert(signingKeys)
      .values({ kid: "session-rotated", purpose: "session", secret: Buffer.alloc(32, 7).toString("base64url"), createdAt: new Date(Date.now() + 1000) });
    forgetSigningKeys();
    const { token: after } = await makeAccount(db());
    expect(decodeProtectedHeader(after).kid).toBe("session-rotated");
    expect((await userData(call("/v3/user-data", { token: before }))).status).toBe(200);
    await db().execute(sql`update signing_keys set retired_at = now() where kid = ${oldKid}`);
    forgetSigningKeys();
    expect((await userData(call("/v3/user-data", { token: before }))).status).toBe(401);
    expect((await userData(call("/v3/user-data", { token: after }))).status).toBe(200);
  });

  it("with JWT_SECRET as kid:secret pairs, signs with the first and verifies with any", async () => {
    const { user } = await makeAccount(db());
    try {
      process.env.JWT_SECRET = `old:${"o".repeat(40)}`;
      resetEnvCache();
      forgetSigningKeys();
      const oldToken = await tokenFor(user);
      expect(decodeProtectedHeader(oldToken).kid).toBe("old");
      process.env.JWT_SECRET = `new:${"n".repeat(40)},old:${"o".repeat(40)}`;
      resetEnvCache();
      forgetSigningKeys();
      const newToken = await tokenFor(user);
      expect(decodeProtectedHeader(newToken).kid).toBe("new");
      for (const token of [oldToken, newToken]) expect((await userData(call("/v3/user-data", { token }))).status).toBe(200);
    } finally {
      delete process.env.JWT_SECRET;
      resetEnvCache();
      forgetSigningKeys();
    }
  });
});

describe("sessions", () => {
  it("logout revokes this device's token on the server, and only this one", async () => {
    const { user } = await makeAccount(db());
    const signIn = async () =>
      ZAuthAnswer.parse(await (await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }))).json()).token;
    const phone = await signIn();
    const laptop = await signIn();
    const out = await logout(call("/v3/logout", { method: "POST", token: phone }));
    expect(out.status).toBe(204);
    expect((await userData(call("/v3/user-data", { token: phone }))).status).toBe(401);
    expect((await revalidate(call("/v3/revalidate-token", { method: "POST", token: phone }))).status).toBe(401);
    expect((await logout(call("/v3/logout", { method: "POST", token: phone }))).status).toBe(401);
    expect((await userData(call("/v3/user-data", { token: laptop }))).status).toBe(200);
  });

  it("renews a token with the original sign-in time, never past the session's absolute end", async () => {
    const { user } = await makeAccount(db());
    const signedIn = new Date(Date.now() - 29.99 * DAY);
    const session = await startSession(user.id, signedIn);
    const token = await signToken({ userId: user.id, tokenVersion: user.tokenVersion, ...session });
    const res = await revalidate(call("/v3/revalidate-token", { method: "POST", token }));
    expect(res.status).toBe(200);
    const renewed = decodeJwt(ZAuthAnswer.parse(await res.json()).token);
    expect(renewed.auth_time).toBe(Math.floor(signedIn.getTime() / 1000));
    expect(renewed.sid).toBe(session.sid);
    expect(renewed.exp! * 1000).toBeLessThanOrEqual(signedIn.getTime() + 30 * DAY);
  });

  it("refuses to renew a session signed in more than 30 days ago", async () => {
    const { user } = await makeAccount(db());
    const session = await startSession(user.id, new Date(Date.now() - 31 * DAY));
    const token = await signToken({ userId: user.id, tokenVersion: user.tokenVersion, ...session });
    expect((await revalidate(call("/v3/revalidate-token", { method: "POST", token }))).status).toBe(401);
    expect((await userData(call("/v3/user-data", { token }))).status).toBe(401);
  });

  it("refuses a token whose session was revoked, even with a valid signature", async () => {
    const { user } = await makeAccount(db());
    const session = await startSession(user.id);
    const token = await signToken({ userId: user.id, tokenVersion: user.tokenVersion, ...session });
    expect((await userData(call("/v3/user-data", { token }))).status).toBe(200);
    await revokeSession(session.sid);
    expect((await userData(call("/v3/user-data", { token }))).status).toBe(401);
  });
});
