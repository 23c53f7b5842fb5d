import { SignJWT } from "jose";
import { POST as checkPhone } from "@/app/v3/check-phone/route";
import { POST as login } from "@/app/v3/login/route";
import { POST as register } from "@/app/v3/register/client/web_client/route";
import { POST as revalidate } from "@/app/v3/revalidate-token/route";
import { PUT as changePassword } from "@/app/v3/user/password/route";
import { GET as userData } from "@/app/v3/user-data/route";
import { ZAuthAnswer } from "@/lib/contract/users";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { env } from "@/lib/server/env";
import { call, freshPhone, makeAccount, PASSWORD, randomIp, tokenFor } from "@/tests/factories/account";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

describe("POST /v3/register/client/web_client", () => {
  it("creates a client and answers a token that works", async () => {
    const phone = freshPhone();
    const res = await register(
      call("/v3/register/client/web_client", {
        ip: randomIp(),
        body: { name: "Ana Souza", email: "Ana.Souza@Example.com", phone: phone.masked, password: "123456", password_confirmation: "123456", birth_date: "1990-05-20" },
      }),
    );
    expect(res.status).toBe(201);
    const body = ZAuthAnswer.parse(await res.json());
    expect(body.user).toEqual({ id: expect.any(Number), type: "client", name: "Ana Souza", email: "ana.souza@example.com", phone: phone.e164, birth_date: "1990-05-20", avatar_url: null });
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
    expect(details).toContainEqual({ path: "phone", message: "Must have at least 14 characters." });
    expect(details.some((d) => d.path === "email")).toBe(true);
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
    const email = await register(call("/v3/register/client/web_client", { ip: randomIp(), body: { ...base, email: user.email!.toUpperCase(), phone: freshPhone().masked } }));
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

  it("answers 429 with Retry-After on the 11th failure in 15 minutes for one identifier, even with the right password", async () => {
    const { user } = await makeAccount(db());
    for (let i = 1; i <= 10; i++) {
      const res = await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: `wrong-${i}-pass` } }));
      expect(res.status).toBe(401);
    }
    const blocked = await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }));
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).code).toBe("TOO_MANY_REQUESTS");
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it("answers 429 on the 11th failure from one IP across different identifiers", async () => {
    const ip = randomIp();
    for (let i = 1; i <= 10; i++) {
      const res = await login(call("/v3/login", { ip, body: { login: `someone${i}@example.com`, password: "wrong-pass" } }));
      expect(res.status).toBe(401);
    }
    const { user } = await makeAccount(db());
    const blocked = await login(call("/v3/login", { ip, body: { login: user.email, password: PASSWORD } }));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("without a known IP, failures of some identifiers never lock out the others", async () => {
    for (let i = 1; i <= 12; i++) await login(call("/v3/login", { body: { login: `stranger${i}@example.com`, password: "wrong-pass" } }));
    const { user } = await makeAccount(db());
    expect((await login(call("/v3/login", { body: { login: user.email, password: PASSWORD } }))).status).toBe(200);
  });

  it("a success clears the identifier's failures", async () => {
    const { user } = await makeAccount(db());
    for (let i = 0; i < 9; i++) await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: "wrong-pass" } }));
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }))).status).toBe(200);
    for (let i = 0; i < 9; i++) await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: "wrong-pass" } }));
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
    const secret = new TextEncoder().encode(env().JWT_SECRET);
    const claims = { tv: user.tokenVersion };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setIssuer("navalha")
      .setAudience("navalha-web")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: "HS512" }).setSubject(String(user.id)).setIssuer("navalha").setAudience("navalha-web").setExpirationTime("1h").sign(secret);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: String(user.id), tv: 0, iss: "navalha", aud: "navalha-web", exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    for (const token of [expired, hs512, unsigned]) {
      const res = await userData(call("/v3/user-data", { token }));
      expect(res.status).toBe(401);
    }
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
    const wrong = await changePassword(call("/v3/user/password", { method: "PUT", token, body: { current_password: "nope-nope", password: "nova-senha", password_confirmation: "nova-senha" } }));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("WRONG_PASSWORD");
    const mismatch = await changePassword(call("/v3/user/password", { method: "PUT", token, body: { current_password: PASSWORD, password: "nova-senha", password_confirmation: "outra-senha" } }));
    expect((await mismatch.json()).error).toBe("Password must be the same.");

    const ok = await changePassword(call("/v3/user/password", { method: "PUT", token, body: { current_password: PASSWORD, password: "nova-senha", password_confirmation: "nova-senha" } }));
    expect(ok.status).toBe(200);
    const fresh = ZAuthAnswer.parse(await ok.json());
    expect((await userData(call("/v3/user-data", { token: other }))).status).toBe(401);
    expect((await userData(call("/v3/user-data", { token }))).status).toBe(401);
    expect((await userData(call("/v3/user-data", { token: fresh.token }))).status).toBe(200);
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: "nova-senha" } }))).status).toBe(200);
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }))).status).toBe(401);
  });

  it("answers 401 without a token", async () => {
    const res = await changePassword(call("/v3/user/password", { method: "PUT", body: { current_password: PASSWORD, password: "nova-senha", password_confirmation: "nova-senha" } }));
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

  it("is rate-limited per IP", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await checkPhone(call("/v3/check-phone", { ip, body: { phone: freshPhone().masked } }))).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
