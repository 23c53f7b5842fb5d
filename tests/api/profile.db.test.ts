import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { GET as serveUpload } from "@/app/uploads/[name]/route";
import { POST as updateEmail } from "@/app/v3/update-email/route";
import { POST as uploadAvatar } from "@/app/v3/update-profile-image/client/route";
import { GET as getUserData, PUT as putUserData } from "@/app/v3/user-data/route";
import { ZUserAnswer } from "@/lib/contract/account";
import type { Db } from "@/lib/server/db/client";
import { outbox } from "@/lib/server/db/schema";
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

  it("changes name, phone and birth date; a phone in use is 409", async () => {
    const a = await makeAccount(db());
    const b = await makeAccount(db());
    const phone = freshPhone();
    const res = await putUserData(call("/v3/user-data", { method: "PUT", token: a.token, body: { name: "Ana Paula", phone: phone.masked, birth_date: "1988-12-31" } }));
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ name: "Ana Paula", phone: phone.e164, birth_date: "1988-12-31" });
    const taken = await putUserData(call("/v3/user-data", { method: "PUT", token: a.token, body: { name: "Ana Paula", phone: b.phone.masked } }));
    expect(taken.status).toBe(409);
    const short = await putUserData(call("/v3/user-data", { method: "PUT", token: a.token, body: { name: "An", phone: "1199" } }));
    expect(short.status).toBe(400);
  });
});

describe("POST /v3/update-email", () => {
  it("adds or changes the e-mail; one in use is 409", async () => {
    const a = await makeAccount(db(), { email: null });
    const b = await makeAccount(db());
    const ok = await updateEmail(call("/v3/update-email", { token: a.token, body: { email: "Nova@Example.com" } }));
    expect(ok.status).toBe(200);
    expect((await ok.json()).user.email).toBe("nova@example.com");
    const taken = await updateEmail(call("/v3/update-email", { token: a.token, body: { email: b.user.email!.toUpperCase() } }));
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe("EMAIL_IN_USE");
  });

  it("tells the previous address that the e-mail changed", async () => {
    const a = await makeAccount(db());
    const old = a.user.email!;
    await updateEmail(call("/v3/update-email", { token: a.token, lng: "pt-BR", body: { email: `novo-${a.user.id}@example.com` } }));
    const [notice] = await db().select().from(outbox).where(eq(outbox.recipient, old));
    expect(notice.subject).toBe("O e-mail da sua conta Navalha foi alterado");
    expect(notice.body).toContain(`novo-${a.user.id}@example.com`);
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
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#e5b817" } }).png().toBuffer();
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
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).gif().toBuffer();
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
    const huge = await sharp({ create: { width: 5001, height: 5001, channels: 3, background: "#000" } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const tooMany = await uploadAvatar(call("/v3/update-profile-image/client", { token, body: form(huge) }));
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).code).toBe("IMAGE_TOO_MANY_PIXELS");
  });

  it("answers 415 for a JSON body, 400 without the field, and 401 without a token", async () => {
    const { token } = await makeAccount(db());
    expect((await uploadAvatar(call("/v3/update-profile-image/client", { token, body: { image: "x" } }))).status).toBe(415);
    expect((await uploadAvatar(call("/v3/update-profile-image/client", { token, body: new FormData() }))).status).toBe(400);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).png().toBuffer();
    expect((await uploadAvatar(call("/v3/update-profile-image/client", { body: form(png) }))).status).toBe(401);
  });

  it("does not serve names it did not generate", async () => {
    const res = await serveUpload(new Request("http://localhost/uploads/x"), { params: Promise.resolve({ name: "..%2Fpackage.json" }) });
    expect(res.status).toBe(404);
  });
});
