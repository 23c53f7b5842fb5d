import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { readBodyLimited } from "@/lib/server/http/body";
import { AppError } from "@/lib/server/http/errors";
import { removeStoredFile, storeFile } from "./storage";

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const MAX_AVATAR_PIXELS = 25_000_000;
export const AVATAR_SIZE = 512;

/** The real type of an image from its first bytes; the name and the declared type are not trusted. */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/**
 * Checks an uploaded image and re-encodes it as WebP with no metadata (EXIF, GPS) left: the real type from its first
 * bytes, a size and a pixel limit, the EXIF orientation applied first; `resize` gives its shape.
 */
export async function reencodeImage(
  input: Buffer,
  resize: { width: number; height: number; options: import("sharp").ResizeOptions },
  quality: number,
): Promise<Buffer> {
  if (input.length > MAX_AVATAR_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", { key: "IMAGE_TOO_LARGE" });
  if (!sniffImageType(input)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", { key: "IMAGE_TYPE" });
  const { default: sharp } = await import("sharp");
  let meta: import("sharp").Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new AppError("INVALID_IMAGE");
  }
  if (!meta.width || !meta.height) throw new AppError("INVALID_IMAGE");
  if (meta.width * meta.height > MAX_AVATAR_PIXELS) throw new AppError("IMAGE_TOO_MANY_PIXELS");
  try {
    return await sharp(input, { limitInputPixels: MAX_AVATAR_PIXELS, failOn: "error" })
      .rotate() // apply the EXIF orientation before it is dropped
      .resize(resize.width, resize.height, resize.options)
      .webp({ quality })
      .toBuffer();
  } catch {
    throw new AppError("INVALID_IMAGE");
  }
}

/** Checks and re-encodes a photo: a square 512 px WebP with no metadata (EXIF, GPS) left. */
export function processAvatar(input: Buffer): Promise<Buffer> {
  return reencodeImage(input, { width: AVATAR_SIZE, height: AVATAR_SIZE, options: { fit: "cover", position: "attention" } }, 82);
}

export async function updateAvatar(db: Executor, userId: number, previousUrl: string | null, input: Buffer): Promise<{ avatar_url: string }> {
  const webp = await processAvatar(input);
  const url = await storeFile(`${randomBytes(16).toString("base64url")}.webp`, webp, "image/webp");
  await db.update(users).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(users.id, userId));
  if (previousUrl) await removeStoredFile(previousUrl);
  return { avatar_url: url };
}

/** The `image` field of a multipart body, as bytes (415 when the body is not multipart). */
export async function readImageField(req: Request): Promise<Buffer> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  // The multipart envelope adds a little to the file itself.
  const body = await readBodyLimited(req, MAX_AVATAR_BYTES + 64 * 1024, "IMAGE_TOO_LARGE");
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("VALIDATION_FAILED", { key: "IMAGE_REQUIRED" });
  }
  const file = form.get("image");
  if (!file || typeof file === "string") throw new AppError("VALIDATION_FAILED", { key: "IMAGE_REQUIRED" });
  if (file.size > MAX_AVATAR_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", { key: "IMAGE_TOO_LARGE" });
  return Buffer.from(await file.arrayBuffer());
}
