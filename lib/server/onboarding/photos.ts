import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { barbershops } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import type { StaffAccess } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";
import { reencodeImage } from "@/lib/server/uploads/avatar";
import { removeStoredFile, storeFile } from "@/lib/server/uploads/storage";

// A shop's photos go through the avatars' pipeline (lib/server/uploads): the real type from the first bytes, a
// pixel limit, re-encoded as WebP without metadata (EXIF, GPS), stored on disk or S3. Landscape, 1600 px wide at most.

export const MAX_SHOP_PHOTOS = 12;
const PHOTO_WIDTH = 1600;
const PHOTO_HEIGHT = 1200;

export function processShopPhoto(input: Buffer): Promise<Buffer> {
  return reencodeImage(input, { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, options: { fit: "inside", withoutEnlargement: true } }, 80);
}

/** Adds a photo at the end of the shop's (the first one is its cover). */
export async function addShopPhoto(db: Db, access: StaffAccess, input: Buffer): Promise<{ photos: string[]; cover_url: string | null }> {
  const [now] = await db.select({ photos: barbershops.photos }).from(barbershops).where(eq(barbershops.id, access.shopId)).limit(1);
  if (now.photos.length >= MAX_SHOP_PHOTOS) throw new AppError("TOO_MANY_PHOTOS");
  const webp = await processShopPhoto(input);
  const url = await storeFile(`${randomBytes(16).toString("base64url")}.webp`, webp, "image/webp");
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ photos: barbershops.photos, coverUrl: barbershops.coverUrl })
        .from(barbershops)
        .where(eq(barbershops.id, access.shopId))
        .for("update");
      if (row.photos.length >= MAX_SHOP_PHOTOS) throw new AppError("TOO_MANY_PHOTOS");
      const photos = [...row.photos, url];
      const coverUrl = row.coverUrl ?? photos[0];
      await tx.update(barbershops).set({ photos, coverUrl }).where(eq(barbershops.id, access.shopId));
      await recordChange(tx, access, {
        action: "shop.photo.add",
        subject: "shop",
        subjectId: access.shopId,
        before: { photos: row.photos },
        after: { photos },
      });
      return { photos, cover_url: coverUrl };
    });
  } catch (err) {
    // Nothing half-saved: a photo the shop did not take is not kept either.
    await removeStoredFile(url);
    throw err;
  }
}
