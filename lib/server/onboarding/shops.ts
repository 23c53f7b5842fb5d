import "server-only";
import { and, eq, sql } from "drizzle-orm";
import {
  PUBLISH_NEEDS,
  type TPublication,
  type TShopProfile,
  type TShopProfileAnswer,
  type ZCreateShop,
  type ZShopProfilePatch,
  type ZShopSetup,
} from "@/lib/contract/onboarding";
import { phoneToE164 } from "@/lib/contract/common";
import type { TStaffShopAnswer } from "@/lib/contract/staff";
import type { Db, Executor, Tx } from "@/lib/server/db/client";
import { barbers, barberServices, barbershops, services, shopHours, shopStaff, users } from "@/lib/server/db/schema";
import { AppError, validationFailed } from "@/lib/server/http/errors";
import { translate } from "@/lib/server/http/i18n";
import { rowsOf } from "@/lib/server/shops/cards";
import type { StaffAccess } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";
import { getStaffShop } from "@/lib/server/staff/shops";
import type { Lang } from "@/lib/i18n/settings";
import type { z } from "zod";
import { refuseIfInTheWay, upcomingOfBarber } from "@/lib/server/team/in-the-way";
import { assertPinNearCity, formatCep } from "./lookups";

// A shop from nothing to published (docs/decisions/0048-shop-onboarding.md). Created unpublished (is_active false:
// every public query — lists, search, by name, the page, free times, booking, the sitemap — reads published shops
// only), with its creator as owner and barber and the usual week (Monday to Saturday 09:00–19:00). Published only
// with what a client needs; each change is one transaction with its history record, and the page-tag triggers
// (migration 0013) drop the cached pages it touches.

type CreateInput = z.output<typeof ZCreateShop>;
type PatchInput = z.output<typeof ZShopProfilePatch>;
type SetupInput = z.output<typeof ZShopSetup>;

/** "Navalha & Tesoura" → "navalha-e-tesoura" (ASCII kebab-case, as the seed's). */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " e ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const composeAddress = (a: { street: string; number: string; complement?: string }) => `${a.street}, ${a.number}${a.complement ? ` - ${a.complement}` : ""}`;

/** A slug no shop has, nor had (old links keep leading to their shop). */
async function freeSlug(tx: Executor, name: string, neighborhood: string, selfId?: number): Promise<string> {
  const a = slugify(name) || "barbearia";
  const n = slugify(neighborhood);
  const base = n && !a.endsWith(n) ? `${a}-${n}` : a;
  for (let k = 1; ; k++) {
    const slug = k === 1 ? base : `${base}-${k}`;
    const [taken] = rowsOf(
      await tx.execute(sql`select 1 from barbershops where slug = ${slug} and id is distinct from ${selfId ?? null}::int
        union all select 1 from shop_slug_history where slug = ${slug} and barbershop_id is distinct from ${selfId ?? null}::int limit 1`),
    );
    if (!taken) return slug;
  }
}

/** 409 SHOP_NAME_TAKEN when another shop of the city has the name (accents and case aside). */
async function assertNameFree(tx: Executor, name: string, citySlug: string, selfId?: number): Promise<void> {
  const [taken] = rowsOf(
    await tx.execute(sql`select 1 from barbershops where city_slug = ${citySlug} and navalha_fold(name) = navalha_fold(${name})
      and id is distinct from ${selfId ?? null}::int limit 1`),
  );
  if (taken) throw new AppError("SHOP_NAME_TAKEN");
}

/** Creates the shop, unpublished, with its creator as owner and barber. */
export async function createShop(db: Db, userId: number, input: CreateInput): Promise<TStaffShopAnswer> {
  await assertPinNearCity(db, input, input.city, input.state);
  const access = await db.transaction(async (tx) => {
    const citySlug = slugify(input.city);
    // One creation at a time per city, so that two shops of one name cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop-name:${citySlug}`}))`);
    await assertNameFree(tx, input.name, citySlug);
    const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    const [shop] = await tx
      .insert(barbershops)
      .values({
        slug: await freeSlug(tx, input.name, input.neighborhood),
        name: input.name,
        address: composeAddress(input),
        neighborhood: input.neighborhood,
        city: input.city,
        citySlug,
        state: input.state,
        zipCode: formatCep(input.zip_code),
        latitude: input.latitude,
        longitude: input.longitude,
        isActive: false,
      })
      .returning({ id: barbershops.id });
    await tx.insert(shopHours).values([1, 2, 3, 4, 5, 6].map((weekday) => ({ barbershopId: shop.id, weekday, opens: "09:00", closes: "19:00" })));
    const [barber] = await tx
      .insert(barbers)
      .values({ barbershopId: shop.id, userId, name: user?.name ?? input.name })
      .returning({ id: barbers.id });
    const [staff] = await tx
      .insert(shopStaff)
      .values({ barbershopId: shop.id, userId, roles: ["owner", "barber"], barberId: barber.id })
      .returning({ id: shopStaff.id });
    const access: StaffAccess = { staffId: staff.id, userId, shopId: shop.id, roles: ["owner", "barber"], barberId: barber.id };
    await recordChange(tx, access, {
      action: "shop.create",
      subject: "shop",
      subjectId: shop.id,
      after: { name: input.name, address: composeAddress(input), city: input.city },
    });
    return access;
  });
  return getStaffShop(db, access);
}

type ShopRow = typeof barbershops.$inferSelect;

function toProfile(s: ShopRow): TShopProfile {
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    zip_code: s.zipCode,
    address: s.address,
    neighborhood: s.neighborhood,
    city: s.city,
    state: s.state,
    latitude: s.latitude,
    longitude: s.longitude,
    phone: s.phone,
    whatsapp: s.whatsapp,
    instagram: s.instagram,
    description: s.description,
    description_en: s.descriptionI18n?.en ?? "",
    description_es: s.descriptionI18n?.es ?? "",
    amenities: s.amenities,
    photos: s.photos,
    cover_url: s.coverUrl,
    is_active: s.isActive,
  };
}

async function shopRow(db: Executor, shopId: number, lock = false): Promise<ShopRow> {
  const q = db.select().from(barbershops).where(eq(barbershops.id, shopId)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function getProfile(db: Db, access: StaffAccess): Promise<TShopProfileAnswer> {
  return { profile: toProfile(await shopRow(db, access.shopId)) };
}

/** A phone the contract checked, as E.164; "" removes it. */
const phoneOrNull = (input: string): string | null => (input === "" ? null : phoneToE164(input));

/** Changes the fields sent; a new address or pin is checked against its city, a new name against the city's shops. */
export async function updateProfile(db: Db, access: StaffAccess, patch: PatchInput): Promise<TShopProfileAnswer> {
  const address = patch.address;
  if (address) await assertPinNearCity(db, address, address.city, address.state);
  return db.transaction(async (tx) => {
    const before = await shopRow(tx, access.shopId, true);
    const set: Partial<typeof barbershops.$inferInsert> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (address) {
      Object.assign(set, {
        address: composeAddress(address),
        neighborhood: address.neighborhood,
        city: address.city,
        citySlug: slugify(address.city),
        state: address.state,
        zipCode: formatCep(address.zip_code),
        latitude: address.latitude,
        longitude: address.longitude,
      });
    }
    if (patch.phone !== undefined) set.phone = phoneOrNull(patch.phone);
    if (patch.whatsapp !== undefined) set.whatsapp = phoneOrNull(patch.whatsapp);
    if (patch.instagram !== undefined) set.instagram = patch.instagram === "" ? null : patch.instagram.replace(/^@/, "");
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.description_en !== undefined || patch.description_es !== undefined) {
      const i18n = { ...(before.descriptionI18n ?? {}) };
      if (patch.description_en !== undefined) i18n.en = patch.description_en;
      if (patch.description_es !== undefined) i18n.es = patch.description_es;
      set.descriptionI18n = i18n;
    }
    if (patch.amenities !== undefined) set.amenities = [...new Set(patch.amenities)];
    if (patch.photos !== undefined) {
      const unknown = patch.photos.filter((p) => !before.photos.includes(p));
      if (unknown.length) throw validationFailed([{ path: "photos", message: "invalid_value" }]);
      set.photos = [...new Set(patch.photos)];
      set.coverUrl = set.photos[0] ?? null;
    }
    const name = set.name ?? before.name;
    const citySlug = set.citySlug ?? before.citySlug;
    if (name !== before.name || citySlug !== before.citySlug) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop-name:${citySlug}`}))`);
      await assertNameFree(tx, name, citySlug, before.id);
      if (name !== before.name) set.slug = await freeSlug(tx, name, set.neighborhood ?? before.neighborhood, before.id);
    }
    if (Object.keys(set).length === 0) return { profile: toProfile(before) };
    const [after] = await tx.update(barbershops).set(set).where(eq(barbershops.id, access.shopId)).returning();
    const changed = Object.keys(set) as (keyof ShopRow)[];
    await recordChange(tx, access, {
      action: "shop.profile",
      subject: "shop",
      subjectId: access.shopId,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
    });
    return { profile: toProfile(after) };
  });
}

/**
 * Whether the owner who runs the wizard also cuts hair: on, his barber row (a column on the agenda) exists and is
 * active, with the barber role; off, he keeps his other roles and the row is made inactive (its past stays), unless
 * it has bookings to come (409 BOOKINGS_IN_THE_WAY).
 */
async function setOwnerBarber(tx: Tx, shopId: number, userId: number, on: boolean): Promise<void> {
  const [member] = await tx
    .select()
    .from(shopStaff)
    .where(and(eq(shopStaff.barbershopId, shopId), eq(shopStaff.userId, userId)))
    .for("update");
  if (!member) return;
  if (!on) {
    if (member.barberId === null) return;
    await refuseIfInTheWay(tx, await upcomingOfBarber(tx, member.barberId), {});
    await tx
      .update(shopStaff)
      .set({ roles: member.roles.filter((r) => r !== "barber"), barberId: null })
      .where(eq(shopStaff.id, member.id));
    await tx.update(barbers).set({ isActive: false }).where(eq(barbers.id, member.barberId));
    return;
  }
  if (member.barberId !== null) {
    await tx.update(barbers).set({ isActive: true }).where(eq(barbers.id, member.barberId));
    return;
  }
  // His row from an earlier "off", or a new one under his name.
  const [kept] = await tx
    .select({ id: barbers.id })
    .from(barbers)
    .where(and(eq(barbers.barbershopId, shopId), eq(barbers.userId, userId)))
    .limit(1);
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  const barberId = kept
    ? (await tx.update(barbers).set({ isActive: true }).where(eq(barbers.id, kept.id)).returning({ id: barbers.id }))[0].id
    : (await tx.insert(barbers).values({ barbershopId: shopId, userId, name: user.name }).returning({ id: barbers.id }))[0].id;
  await tx
    .update(shopStaff)
    .set({ roles: [...member.roles, "barber"], barberId })
    .where(eq(shopStaff.id, member.id));
}

/** A new shop's week and services, replaced at once; the shop's barbers do every service. Before publication only. */
export async function setupShop(db: Db, access: StaffAccess, input: SetupInput): Promise<{ publication: TPublication }> {
  // The contract refused inverted or overlapping hours and a service named twice (lib/contract/shop-rules.ts).
  return db.transaction(async (tx) => {
    const shop = await shopRow(tx, access.shopId, true);
    if (shop.isActive) throw new AppError("SHOP_PUBLISHED");
    await setOwnerBarber(tx, shop.id, access.userId, input.owner_is_barber);
    const beforeHours = await tx
      .select({ weekday: shopHours.weekday, opens: shopHours.opens, closes: shopHours.closes })
      .from(shopHours)
      .where(eq(shopHours.barbershopId, shop.id));
    const beforeServices = await tx
      .select({ name: services.name, duration_minutes: services.durationMinutes, price: services.price })
      .from(services)
      .where(eq(services.barbershopId, shop.id));
    await tx.delete(shopHours).where(eq(shopHours.barbershopId, shop.id));
    if (input.hours.length) await tx.insert(shopHours).values(input.hours.map((h) => ({ barbershopId: shop.id, ...h })));
    // A shop not yet published has had no bookings: its services can be replaced whole.
    await tx.delete(services).where(eq(services.barbershopId, shop.id));
    const made = await tx
      .insert(services)
      .values(input.services.map((s) => ({ barbershopId: shop.id, name: s.name, durationMinutes: s.duration_minutes, price: s.price, category: s.category })))
      .returning({ id: services.id });
    const team = await tx
      .select({ id: barbers.id })
      .from(barbers)
      .where(and(eq(barbers.barbershopId, shop.id), eq(barbers.isActive, true)));
    if (team.length) await tx.insert(barberServices).values(team.flatMap((b) => made.map((s) => ({ barberId: b.id, serviceId: s.id }))));
    const prices = input.services.map((s) => Number(s.price));
    await tx
      .update(barbershops)
      .set({ priceFrom: Math.min(...prices).toFixed(2), priceTo: Math.max(...prices).toFixed(2) })
      .where(eq(barbershops.id, shop.id));
    await recordChange(tx, access, {
      action: "shop.setup",
      subject: "shop",
      subjectId: shop.id,
      before: { hours: beforeHours, services: beforeServices, owner_is_barber: access.barberId !== null },
      after: {
        hours: input.hours,
        services: input.services.map(({ name, duration_minutes, price }) => ({ name, duration_minutes, price })),
        owner_is_barber: input.owner_is_barber,
      },
    });
    return { publication: await readPublication(tx, shop.id) };
  });
}

/** Whether the shop is published and what it still lacks: an address with its pin, hours, a barber with a service. */
export async function readPublication(db: Executor, shopId: number): Promise<TPublication> {
  const [r] = rowsOf(
    await db.execute(sql`select b.is_active, b.address, b.latitude, b.longitude, cardinality(b.photos) as photos,
        (select count(*)::int from shop_hours h where h.barbershop_id = b.id) as hours,
        (select count(*)::int from services s where s.barbershop_id = b.id and s.is_active) as services,
        (select count(*)::int from barbers x where x.barbershop_id = b.id and x.is_active) as barbers,
        exists (select 1 from barbers x join barber_services bs on bs.barber_id = x.id join services s on s.id = bs.service_id
          where x.barbershop_id = b.id and x.is_active and s.is_active) as barber_service
      from barbershops b where b.id = ${shopId}`),
  );
  const missing = PUBLISH_NEEDS.filter((need) => {
    if (need === "address") return !String(r.address ?? "").trim() || (Number(r.latitude) === 0 && Number(r.longitude) === 0);
    if (need === "hours") return Number(r.hours) === 0;
    return !r.barber_service;
  });
  return {
    published: Boolean(r.is_active),
    missing,
    counts: { hours: Number(r.hours), services: Number(r.services), barbers: Number(r.barbers), photos: Number(r.photos) },
  };
}

/** Publishes the shop, or 422 NOT_READY_TO_PUBLISH naming what it lacks. */
export async function publishShop(db: Db, access: StaffAccess, lng: Lang): Promise<TPublication> {
  return db.transaction(async (tx) => {
    await shopRow(tx, access.shopId, true);
    const now = await readPublication(tx, access.shopId);
    if (now.missing.length) {
      const words = now.missing.map((m) => translate(lng, "errors", `PUBLISH_NEED_${m}`));
      throw new AppError("NOT_READY_TO_PUBLISH", {
        vars: { missing: words.join(", ") },
        details: now.missing.map((m, i) => ({ path: m, message: words[i] })),
      });
    }
    if (now.published) return now;
    await tx.update(barbershops).set({ isActive: true }).where(eq(barbershops.id, access.shopId));
    await recordChange(tx, access, {
      action: "shop.publish",
      subject: "shop",
      subjectId: access.shopId,
      before: { published: false },
      after: { published: true },
    });
    return { ...now, published: true };
  });
}

/** Takes the shop out of every list, search, the sitemap and booking at once; its bookings stay. */
export async function unpublishShop(db: Db, access: StaffAccess): Promise<TPublication> {
  return db.transaction(async (tx) => {
    const shop = await shopRow(tx, access.shopId, true);
    if (shop.isActive) {
      await tx.update(barbershops).set({ isActive: false }).where(eq(barbershops.id, access.shopId));
      await recordChange(tx, access, {
        action: "shop.unpublish",
        subject: "shop",
        subjectId: access.shopId,
        before: { published: true },
        after: { published: false },
      });
    }
    return readPublication(tx, access.shopId);
  });
}

/** The shop's photos, in order (the first is the cover). */
export async function shopPhotos(db: Executor, shopId: number) {
  const [row] = await db.select({ photos: barbershops.photos, coverUrl: barbershops.coverUrl }).from(barbershops).where(eq(barbershops.id, shopId)).limit(1);
  return { photos: row.photos, cover_url: row.coverUrl };
}
