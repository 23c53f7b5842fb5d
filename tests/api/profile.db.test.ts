import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { GET as serveUpload } from "@/app/uploads/[name]/route";
import { GET as confirmEmailGet, POST as confirmEmailPost } from "@/app/v3/confirm-email/route";
import { POST as confirmPhone } from "@/app/v3/confirm-phone/route";
import { POST as updateEmail } from "@/app/v3/update-email/route";
import { POST as uploadAvatar } from "@/app/v3/update-profile-image/client/route";
import { GET as getUserData, PUT as putUserData } from "@/app/v3/user-data/route";
import { ZConfirmationSent, ZUserAnswer, ZUserDataAnswer } from "@/lib/contract/account";
import type { Db } from "@/lib/server/db/client";
import { oneTimeSecrets, outbox, users } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { resetEnvCache } from "@/lib/server/env";
import { call, freshPhone, makeAccount } from "@/tests/factories/account";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "navalha-uploads-"));
  process.env.UPLOAD_DIR = dir;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.UPLOAD_DIR;
  resetEnvCache();
  await rm(dir, { recursive: true, force: true });
});

describe("GET and PUT /v3/user-data", () => {
  it("answers my data and 403 for another user's id", async () => {
    const a = await makeAccount(db(), { name: "Ana Lima", birthDate: "1991-02-03" });
    const b = await makeAccount(db());
    const mine = await getUserData(call(`/v3/user-data?user_id=${a.user.id}`, { token: a.token }));
    expect(mine.status).toBe(200);
    expect(ZUserAnswer.parse(await mine.json()).user).toMatchObject({ id: a.user.id, name: "Ana Lima", birth_date: "1991-02-03" });
    const theirs = await getUserData(call(`/v3/user-data?user_id=${b.user.id}`, { token: a.token }));
    expect(theirs.status).toBe(403);
    expect((await theirs.json()).error).toBe("Access denied!");
    expect((await getUserData(call("/v3/user-data?user_id=abc", { token: a.token }))).status).toBe(400);
    expect((await getUserData(call("/v3/user-data"))).status).toBe(401);
  });

  it("changes name and birth date; a phone in use is 409", async () => {
    const a = await makeAccount(db());
    const b = await makeAccount(db());
    const res = await putUserData(
      call("/v3/user-data", { method: "PUT", token: a.token, body: { name: "Ana Paula", phone: a.phone.masked, birth_date: "1988-12-31" } }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ name: "Ana Paula", phone: a.phone.e164, birth_date: "1988-12-31" });
    const taken = await putUserData(
      call("/v3/user-data", { method: "PUT", token: a.token, body: { name: "Ana Paula", phone: b.phone.masked, current_password: a.password } }),
    );
    expect(taken.status).toBe(409);
    const short = await putUserData(call("/v3/user-data", { method: "PUT", token: a.token, body: { name: "An", phone: "1199" } }));
    expect(short.status).toBe(400);
  });
});

describe("changing the e-mail", () => {
  const change = (token: string, body: Record<string, unknown>, lng = "en") => updateEmail(call("/v3/update-email", { token, lng, body }));
  const linkSentTo = async (email: string) => {
    const [message] = await db().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
    return /confirmar-email\?token=([\w-]+)/.exec(message.body)![1];
  };
  const emailOf = async (id: number) => (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;

  it("refuses a change without the password or with a wrong one, and changes nothing", async () => {
    const a = await makeAccount(db());
    const target = `novo-${a.user.id}@example.com`;
    expect((await change(a.token, { email: target })).status).toBe(400);
    const wrong = await change(a.token, { email: target, current_password: "nao-e-esta" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("WRONG_PASSWORD");
    expect(await emailOf(a.user.id)).toBe(a.user.email);
    expect(await db().$count(outbox, eq(outbox.recipient, target))).toBe(0);
  });

  it("with the password sends a link to the new address and changes nothing until it is confirmed, once", async () => {
    const a = await makeAccount(db());
    const old = a.user.email!;
    const target = `Novo-${a.user.id}@Example.com`;
    const sent = await change(a.token, { email: target, current_password: a.password });
    expect(sent.status).toBe(202);
    expect(ZConfirmationSent.parse(await sent.json())).toEqual({ sent_to: target.toLowerCase() });
    expect(await emailOf(a.user.id)).toBe(old);
    const token = await linkSentTo(target.toLowerCase());
    const [secret] = await db().select().from(oneTimeSecrets).where(eq(oneTimeSecrets.userId, a.user.id));
    expect(secret.secretHash).not.toContain(token);

    // Opening the link (GET) only shows what it would do: link scanners open links too.
    const preview = await confirmEmailGet(call(`/v3/confirm-email?token=${token}`));
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({ email: target.toLowerCase() });
    expect(await emailOf(a.user.id)).toBe(old);

    const confirmed = await confirmEmailPost(call("/v3/confirm-email", { lng: "pt-BR", body: { token } }));
    expect(confirmed.status).toBe(200);
    expect(ZUserAnswer.parse(await confirmed.json()).user.email).toBe(target.toLowerCase());
    expect(await emailOf(a.user.id)).toBe(target.toLowerCase());
    const again = await confirmEmailPost(call("/v3/confirm-email", { body: { token } }));
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe("This link is invalid, has expired or was already used.");
    expect((await confirmEmailGet(call(`/v3/confirm-email?token=${token}`))).status).toBe(400);

    // The previous address is told.
    const [notice] = await db().select().from(outbox).where(eq(outbox.recipient, old));
    expect(notice.subject).toBe("O e-mail da sua conta Navalha foi alterado");
    expect(notice.body).toContain(target.toLowerCase());
  });

  it("answers 409 for an address in use and 422 for the same one; a newer link retires the older", async () => {
    const a = await makeAccount(db());
    const b = await makeAccount(db());
    const taken = await change(a.token, { email: b.user.email!.toUpperCase(), current_password: a.password });
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe("EMAIL_IN_USE");
    expect((await change(a.token, { email: a.user.email!, current_password: a.password })).status).toBe(422);

    const first = `um-${a.user.id}@example.com`;
    const second = `dois-${a.user.id}@example.com`;
    await change(a.token, { email: first, current_password: a.password });
    const older = await linkSentTo(first);
    await change(a.token, { email: second, current_password: a.password });
    expect((await confirmEmailPost(call("/v3/confirm-email", { body: { token: older } }))).status).toBe(400);
    expect((await confirmEmailPost(call("/v3/confirm-email", { body: { token: await linkSentTo(second) } }))).status).toBe(200);
    expect(await emailOf(a.user.id)).toBe(second);
  });

  it("tells the phone by WhatsApp when an account without e-mail adds one", async () => {
    const a = await makeAccount(db(), { email: null });
    const target = `primeiro-${a.user.id}@example.com`;
    expect((await change(a.token, { email: target, current_password: a.password })).status).toBe(202);
    expect((await confirmEmailPost(call("/v3/confirm-email", { body: { token: await linkSentTo(target) } }))).status).toBe(200);
    const [notice] = await db().select().from(outbox).where(eq(outbox.recipient, a.phone.e164));
    expect(notice.channel).toBe("whatsapp");
    expect(notice.body).toContain(target);
  });
});

describe("changing the phone", () => {
  const put = (token: string, body: Record<string, unknown>) => putUserData(call("/v3/user-data", { method: "PUT", token, body }));
  const confirm = (token: string, code: string) => confirmPhone(call("/v3/confirm-phone", { token, body: { code } }));
  const phoneOf = async (id: number) => (await db().select({ phone: users.phone }).from(users).where(eq(users.id, id)))[0].phone;
  const codeSentTo = async (e164: string) => {
    const [message] = await db().select().from(outbox).where(eq(outbox.recipient, e164)).orderBy(desc(outbox.id)).limit(1);
    return /\b(\d{6})\b/.exec(message.body)![1];
  };

  it("refuses a new phone without the password, changing nothing at all", async () => {
    const a = await makeAccount(db(), { name: "Ana Lima" });
    const phone = freshPhone();
    const none = await put(a.token, { name: "Outro Nome", phone: phone.masked });
    expect(none.status).toBe(400);
    expect((await none.json()).code).toBe("PASSWORD_REQUIRED");
    expect((await (await put(a.token, { name: "Outro Nome", phone: phone.masked, current_password: "" })).json()).code).toBe("PASSWORD_REQUIRED");
    const wrong = await put(a.token, { name: "Outro Nome", phone: phone.masked, current_password: "errada-123" });
    expect((await wrong.json()).code).toBe("WRONG_PASSWORD");
    const [row] = await db().select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ name: "Ana Lima", phone: a.phone.e164 });
    expect(await db().$count(outbox, eq(outbox.recipient, phone.e164))).toBe(0);
  });

  it("with the password sends a code to the new phone; the code applies it once and the old phone is told", async () => {
    const a = await makeAccount(db());
    const phone = freshPhone();
    const res = await put(a.token, { name: "Ana Paula", phone: phone.masked, current_password: a.password });
    expect(res.status).toBe(200);
    const body = ZUserDataAnswer.parse(await res.json());
    expect(body).toMatchObject({ user: { name: "Ana Paula", phone: a.phone.e164 }, pending_phone: phone.e164 });
    expect(await phoneOf(a.user.id)).toBe(a.phone.e164);

    const code = await codeSentTo(phone.e164);
    const wrong = await confirm(a.token, code === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).code).toBe("INVALID_CODE");
    const other = await makeAccount(db());
    expect((await confirm(other.token, code)).status).toBe(422);
    expect(await phoneOf(a.user.id)).toBe(a.phone.e164);

    const ok = await confirm(a.token, code);
    expect(ok.status).toBe(200);
    expect((await ok.json()).user.phone).toBe(phone.e164);
    expect(await phoneOf(a.user.id)).toBe(phone.e164);
    expect((await confirm(a.token, code)).status).toBe(422);

    const [toOldPhone] = await db().select().from(outbox).where(eq(outbox.recipient, a.phone.e164));
    expect(toOldPhone.channel).toBe("whatsapp");
    expect(toOldPhone.body).toContain(phone.masked);
    const [toEmail] = await db().select().from(outbox).where(eq(outbox.recipient, a.user.email!));
    expect(toEmail.subject).toBe("The phone of your Navalha account was changed");
  });

  it("keeps the same phone without asking for the password", async () => {
    const a = await makeAccount(db());
    const res = await put(a.token, { name: "Ana Maria", phone: a.phone.masked });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: expect.objectContaining({ name: "Ana Maria", phone: a.phone.e164 }) });
  });
});

function form(bytes: Buffer, name = "photo.png", type = "image/png") {
  const fd = new FormData();
  fd.append("image", new Blob([new Uint8Array(bytes)], { type }), name);
  return fd;
}

describe("POST /v3/update-profile-image/client", () => {
  it("re-encodes a PNG to a square 512 px WebP under a generated name, served from /uploads", async () => {
    const { token } = await makeAccount(db());
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#e5b817" } })
      .png()
      .toBuffer();
    const res = await uploadAvatar(call("/v3/update-profile-image/client", { token, body: form(png, "../../etc/passwd.png") }));
    expect(res.status).toBe(200);
    const { avatar_url } = await res.json();
    expect(avatar_url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{16,}\.webp$/);
    const name = avatar_url.split("/").pop();
    const served = await serveUpload(new Request(`http://localhost${avatar_url}`), { params: Promise.resolve({ name }) });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });
    const me = await getUserData(call("/v3/user-data", { token }));
    expect((await me.json()).user.avatar_url).toBe(avatar_url);
  });

  it("drops the metadata (EXIF) of a JPEG and replaces the previous photo", async () => {
    const { token } = await makeAccount(db());
    const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#333" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner", Artist: "Fulano" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const first = await (await uploadAvatar(call("/v3/update-profile-image/client", { token, body: form(jpeg, "a.jpg", "image/jpeg") }))).json();
    const second = await uploadAvatar(call("/v3/update-profile-image/client", { token, body: form(jpeg, "a.jpg", "image/jpeg") }));
    const { avatar_url } = await second.json();
    expect(avatar_url).not.toBe(first.avatar_url);
    const files = await readdir(dir);
    expect(files).toContain(avatar_url.split("/").pop());
    expect(files).not.toContain(first.avatar_url.split("/").pop());
    const stored = await sharp(path.join(dir, avatar_url.split("/").pop())).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.format).toBe("webp");
  });

  it("trusts the bytes, not the declared type: a GIF or a text file is 415", async () => {
    const { token } = await makeAccount(db());
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    const res = await uploadAvatar(call("/v3/update-profile-image/client", { token, body: form(gif, "x.png", "image/png") }));
    expect(res.status).toBe(415);
    const text = await uploadAvatar(call("/v3/update-profile-image/client", { token, body: form(Buffer.from("<svg></svg>"), "x.jpg", "image/jpeg") }));
    expect(text.status).toBe(415);
    expect((await text.json()).error).toBe("Send a JPEG, PNG or WebP photo.");
  });

  it("refuses more than 5 MB with 413 and more than 25 megapixels with 422", async () => {
    const { token } = await makeAccount(db());
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await uploadAvatar(call("/v3/update-profile-image/client", { token, body: form(big, "big.jpg", "image/jpeg") }));
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error).toBe("The photo must be at most 5 MB.");
    const huge = await sharp({ create: { width: 5001, height: 5001, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const tooMany = await uploadAvatar(call("/v3/update-profile-image/client", { token, body: form(huge) }));
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).code).toBe("IMAGE_TOO_MANY_PIXELS");
  });

  it("answers 415 for a JSON body, 400 without the field, and 401 without a token", async () => {
    const { token } = await makeAccount(db());
    expect((await uploadAvatar(call("/v3/update-profile-image/client", { token, body: { image: "x" } }))).status).toBe(415);
    expect((await uploadAvatar(call("/v3/update-profile-image/client", { token, body: new FormData() }))).status).toBe(400);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await uploadAvatar(call("/v3/update-profile-image/client", { body: form(png) }))).status).toBe(401);
  });

  it("does not serve names it did not generate", async () => {
    const res = await serveUpload(new Request("http://localhost/uploads/x"), { params: Promise.resolve({ name: "..%2Fpackage.json" }) });
    expect(res.status).toBe(404);
  });
});
