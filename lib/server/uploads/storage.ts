import "server-only";
import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/server/env";

// Uploaded files: the local disk (UPLOAD_DIR, served by app/uploads/[name]/route.ts) by default,
// any S3-compatible bucket when S3_BUCKET is set.

export const LOCAL_PREFIX = "/uploads/";
/** Generated names only: a random id and an extension. */
export const UPLOAD_NAME = /^[A-Za-z0-9_-]{16,64}\.(webp)$/;

type S3 = import("@aws-sdk/client-s3").S3Client;
const g = globalThis as unknown as { __navalhaS3?: S3 };

async function s3(): Promise<S3> {
  if (g.__navalhaS3) return g.__navalhaS3;
  const { S3Client } = await import("@aws-sdk/client-s3");
  const e = env();
  g.__navalhaS3 = new S3Client({
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: Boolean(e.S3_ENDPOINT),
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
  });
  return g.__navalhaS3;
}

function publicS3Url(key: string): string {
  const e = env();
  const base =
    e.S3_PUBLIC_URL ?? (e.S3_ENDPOINT ? `${e.S3_ENDPOINT.replace(/\/$/, "")}/${e.S3_BUCKET}` : `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`);
  return `${base.replace(/\/$/, "")}/${key}`;
}

export function uploadDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env().UPLOAD_DIR);
}

/** Stores a file under a generated name and answers the URL the pages use. */
export async function storeFile(name: string, data: Buffer, contentType: string): Promise<string> {
  if (!UPLOAD_NAME.test(name)) throw new Error("storeFile: unexpected name");
  const bucket = env().S3_BUCKET;
  if (bucket) {
    const { PutObjectCommand } = await import("@aws-sdk/client-s3");
    const key = `avatars/${name}`;
    await (
      await s3()
    ).send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentType: contentType, CacheControl: "public, max-age=31536000, immutable" }));
    return publicS3Url(key);
  }
  await mkdir(uploadDir(), { recursive: true });
  await writeFile(path.join(/*turbopackIgnore: true*/ uploadDir(), name), data);
  return `${LOCAL_PREFIX}${name}`;
}

/** Removes a file this app stored (an old avatar); anything else is left alone. */
export async function removeStoredFile(url: string): Promise<void> {
  try {
    if (url.startsWith(LOCAL_PREFIX)) {
      const name = url.slice(LOCAL_PREFIX.length);
      if (UPLOAD_NAME.test(name)) await unlink(path.join(/*turbopackIgnore: true*/ uploadDir(), name));
      return;
    }
    const bucket = env().S3_BUCKET;
    const prefix = publicS3Url("avatars/");
    if (bucket && url.startsWith(prefix) && UPLOAD_NAME.test(url.slice(prefix.length))) {
      const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
      await (await s3()).send(new DeleteObjectCommand({ Bucket: bucket, Key: `avatars/${url.slice(prefix.length)}` }));
    }
  } catch {
    // A file that is already gone is fine.
  }
}

/** A locally stored upload, or null. */
export async function readLocalUpload(name: string): Promise<Buffer | null> {
  if (!UPLOAD_NAME.test(name)) return null;
  try {
    return await readFile(path.join(/*turbopackIgnore: true*/ uploadDir(), name));
  } catch {
    return null;
  }
}
