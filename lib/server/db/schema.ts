// Drizzle schema: the single description of every table. What Drizzle cannot express
// (extensions, the EXCLUDE constraint, the generated `earth` column and its GiST index,
// trigram indexes) lives in the custom migration drizzle/0001_*.sql.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull().default("client"),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    passwordHash: text("password_hash"),
    birthDate: date("birth_date"),
    avatarUrl: text("avatar_url"),
    // Bumped on password change and account deletion: tokens carry it and stop working.
    tokenVersion: integer("token_version").notNull().default(0),
    /** When the account proved its phone (a WhatsApp code) or its e-mail (a confirmation link): until then its bookings count like a guest's (decision 0043). */
    phoneProvedAt: timestamp("phone_proved_at", { withTimezone: true }),
    emailProvedAt: timestamp("email_proved_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_phone_key").on(t.phone),
    check("users_type_check", sql`${t.type} in ('client', 'barber', 'owner', 'admin')`),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull().default(""),
    street: text("street").notNull(),
    number: text("number").notNull().default(""),
    complement: text("complement"),
    neighborhood: text("neighborhood").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull().default(""),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);

export const barbershops = pgTable(
  "barbershops",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    phone: text("phone"),
    whatsapp: text("whatsapp"),
    instagram: text("instagram"),
    address: text("address").notNull(),
    neighborhood: text("neighborhood").notNull(),
    city: text("city").notNull(),
    citySlug: text("city_slug").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull().default(""),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    timezone: text("timezone").notNull().default("America/Sao_Paulo"),
    // Slot step in minutes for free times.
    agendaTimeInterval: smallint("agenda_time_interval").notNull().default(15),
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(60),
    coverUrl: text("cover_url"),
    logoUrl: text("logo_url"),
    photos: text("photos")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    amenities: text("amenities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Kept in step by the services and reviews code, so list queries need no joins.
    priceFrom: money("price_from"),
    priceTo: money("price_to"),
    ratingAvg: numeric("rating_avg", { precision: 3, scale: 2 }).notNull().default("0"),
    ratingCount: integer("rating_count").notNull().default(0),
    // Bit weekday * 3 + period (0 morning, 1 afternoon, 2 night; PERIOD_HOURS) is set when the shop is
    // open at some time of that period on that weekday. Kept by triggers on shop_hours (migration 0004),
    // so the period filter of the lists tests a bit instead of looking up each shop's hours.
    openPeriods: integer("open_periods").notNull().default(0),
    // Published: only then listed, searched, in the sitemap and bookable (docs/decisions/0048-shop-onboarding.md).
    isActive: boolean("is_active").notNull().default(true),
    /** The description in English and Spanish, when the shop wrote them ({ en, es }); `description` is pt-BR. */
    descriptionI18n: jsonb("description_i18n").$type<{ en?: string; es?: string }>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("barbershops_slug_key").on(t.slug),
    // A city's shops best rated first, then the most reviewed (the city page, home's "Mais avaliadas"; migration 0032).
    index("barbershops_city_idx").on(t.citySlug, t.ratingAvg.desc(), t.ratingCount.desc(), t.id),
    // Lists sorted by rating or price over a wide radius walk these in order (lib/server/shops/search.ts).
    index("barbershops_rating_idx").on(t.ratingAvg.desc(), t.ratingCount.desc(), t.id),
    index("barbershops_price_idx").on(t.priceFrom.asc().nullsLast(), t.id),
    // A list by name without a position, the most reviewed first: a name most shops nearly have ("barbeiro") walks
    // this in order and stops at the page, rather than testing each of its candidates (migration 0036).
    index("barbershops_reviews_idx")
      .on(t.ratingCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    check("barbershops_lat_check", sql`${t.latitude} between -90 and 90`),
    check("barbershops_lng_check", sql`${t.longitude} between -180 and 180`),
    check("barbershops_price_check", sql`${t.priceFrom} >= 0 and ${t.priceTo} >= ${t.priceFrom}`),
    check("barbershops_rating_check", sql`${t.ratingAvg} between 0 and 5`),
    check("barbershops_interval_check", sql`${t.agendaTimeInterval} between 5 and 120`),
  ],
);

/** Opening hours of a shop: several rows per weekday allowed; none means closed. weekday 0 = Sunday. */
export const shopHours = pgTable(
  "shop_hours",
  {
    id: serial("id").primaryKey(),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    opens: time("opens").notNull(),
    closes: time("closes").notNull(),
  },
  (t) => [
    index("shop_hours_shop_idx").on(t.barbershopId, t.weekday),
    check("shop_hours_weekday_check", sql`${t.weekday} between 0 and 6`),
    check("shop_hours_range_check", sql`${t.opens} < ${t.closes}`),
  ],
);

export const barbers = pgTable(
  "barbers",
  {
    id: serial("id").primaryKey(),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    bio: text("bio").notNull().default(""),
    avatarUrl: text("avatar_url"),
    ratingAvg: numeric("rating_avg", { precision: 3, scale: 2 }).notNull().default("0"),
    ratingCount: integer("rating_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("barbers_shop_idx").on(t.barbershopId),
    // The target of shop_staff's (barber_id, barbershop_id) key: a staff member's barber row is of his shop.
    uniqueIndex("barbers_id_shop_key").on(t.id, t.barbershopId),
  ],
);

/**
 * Who works at a shop, and as what (docs/decisions/0045-staff-roles.md). One account can be a client and staff of
 * several shops; its roles at one shop add up. The barber role goes with the shop's barbers row it cuts as, and
 * only with it; the composite key keeps that row in the same shop.
 */
export const shopStaff = pgTable(
  "shop_staff",
  {
    id: serial("id").primaryKey(),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roles: text("roles").array().notNull(),
    barberId: integer("barber_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("shop_staff_shop_user_key").on(t.barbershopId, t.userId),
    uniqueIndex("shop_staff_barber_key").on(t.barberId),
    index("shop_staff_user_idx").on(t.userId),
    foreignKey({ name: "shop_staff_barber_fk", columns: [t.barberId, t.barbershopId], foreignColumns: [barbers.id, barbers.barbershopId] }),
    check(
      "shop_staff_roles_check",
      sql`cardinality(${t.roles}) between 1 and 4 and ${t.roles} <@ array['owner', 'manager', 'front_desk', 'barber']::text[] and array_position(${t.roles}, null) is null`,
    ),
    check("shop_staff_barber_check", sql`(${t.barberId} is not null) = ('barber' = any(${t.roles}))`),
  ],
);

/**
 * Who changed what at a shop (docs/decisions/0045-staff-roles.md): one row per change a staff member saves, with his
 * roles at that moment and the thing before and after, written in the change's own transaction. Read by the owner on
 * the shop's history page; kept when the member leaves the team (the name is kept with it).
 */
export const staffChanges = pgTable(
  "staff_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    actorRoles: text("actor_roles").array().notNull(),
    /** What was done, e.g. "team.roles", "service.update", "shop.publish". */
    action: text("action").notNull(),
    /** What it was done to, e.g. "staff", "service", "shop", and its id. */
    subject: text("subject").notNull(),
    subjectId: integer("subject_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("staff_changes_shop_idx").on(t.barbershopId, t.id)],
);

/** A barber's own working hours; a barber with none works the shop's hours. */
export const barberHours = pgTable(
  "barber_hours",
  {
    id: serial("id").primaryKey(),
    barberId: integer("barber_id")
      .notNull()
      .references(() => barbers.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    starts: time("starts").notNull(),
    ends: time("ends").notNull(),
  },
  (t) => [
    index("barber_hours_barber_idx").on(t.barberId, t.weekday),
    check("barber_hours_weekday_check", sql`${t.weekday} between 0 and 6`),
    check("barber_hours_range_check", sql`${t.starts} < ${t.ends}`),
  ],
);

/** Recurring breaks (lunch) in the barber's week. */
export const barberBreaks = pgTable(
  "barber_breaks",
  {
    id: serial("id").primaryKey(),
    barberId: integer("barber_id")
      .notNull()
      .references(() => barbers.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    starts: time("starts").notNull(),
    ends: time("ends").notNull(),
  },
  (t) => [
    index("barber_breaks_barber_idx").on(t.barberId, t.weekday),
    check("barber_breaks_weekday_check", sql`${t.weekday} between 0 and 6`),
    check("barber_breaks_range_check", sql`${t.starts} < ${t.ends}`),
  ],
);

/** One-off blocked periods (time off, holidays) as absolute instants. */
export const blockedTimes = pgTable(
  "blocked_times",
  {
    id: serial("id").primaryKey(),
    barberId: integer("barber_id")
      .notNull()
      .references(() => barbers.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason"),
    /** Set on the rows a shop closure writes for each barber: removed with it. */
    closureId: integer("closure_id").references(() => shopClosures.id, { onDelete: "cascade" }),
  },
  (t) => [index("blocked_times_barber_idx").on(t.barberId, t.startsAt), check("blocked_times_range_check", sql`${t.startsAt} < ${t.endsAt}`)],
);

export const services = pgTable(
  "services",
  {
    id: serial("id").primaryKey(),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    price: money("price").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    category: text("category").notNull().default("hair"),
    /** The description in English and Spanish, shown in those languages; the Portuguese one otherwise. */
    descriptionEn: text("description_en"),
    descriptionEs: text("description_es"),
    /** The shop's order of its services (lower first). */
    sortOrder: integer("sort_order").notNull().default(0),
    isOnline: boolean("is_online").notNull().default(true),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [
    index("services_shop_idx").on(t.barbershopId),
    check("services_price_check", sql`${t.price} >= 0`),
    check("services_duration_check", sql`${t.durationMinutes} between 5 and 600`),
  ],
);

export const barberServices = pgTable(
  "barber_services",
  {
    barberId: integer("barber_id")
      .notNull()
      .references(() => barbers.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    /** The barber's own duration and price for the service, where they differ from the shop's. */
    durationMinutes: integer("duration_minutes"),
    price: money("price"),
  },
  (t) => [
    primaryKey({ columns: [t.barberId, t.serviceId] }),
    index("barber_services_service_idx").on(t.serviceId),
    check("barber_services_duration_check", sql`${t.durationMinutes} between 5 and 600 and ${t.durationMinutes} % 5 = 0`),
    check("barber_services_price_check", sql`${t.price} > 0`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    price: money("price").notNull(),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [index("products_shop_idx").on(t.barbershopId), check("products_price_check", sql`${t.price} >= 0`)],
);

export const appointments = pgTable(
  "appointments",
  {
    id: serial("id").primaryKey(),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id),
    barberId: integer("barber_id")
      .notNull()
      .references(() => barbers.id),
    // Null for guests and for clients who deleted their account (the shop keeps the record).
    clientId: integer("client_id").references(() => users.id, { onDelete: "set null" }),
    clientName: text("client_name").notNull(),
    clientPhone: text("client_phone"),
    // A guest's e-mail, when they gave one for the booking's messages (migration 0031); a client's is their account's.
    clientEmail: text("client_email"),
    status: text("status").notNull().default("pending"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    subtotal: money("subtotal").notNull(),
    additional: money("additional").notNull().default("0"),
    discount: money("discount").notNull().default("0"),
    total: money("total").notNull(),
    notes: text("notes"),
    manageTokenHash: text("manage_token_hash"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    /** The language the client booked in: every message about the booking is written in it. */
    language: text("language").notNull().default("pt-BR"),
    /** The calendar event's SEQUENCE: raised on each change so calendars replace the event. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    /** Booked by an account that had proved no contact: counted with the guest bookings of the shop's hour (decision 0043). */
    bookedUnproved: boolean("booked_unproved").notNull().default(false),
  },
  (t) => [
    index("appointments_client_idx").on(t.clientId, t.startsAt),
    index("appointments_barber_idx").on(t.barberId, t.startsAt),
    // A shop's day, as its staff see it (lib/server/staff/bookings.ts).
    index("appointments_shop_starts_idx").on(t.barbershopId, t.startsAt),
    // Guest bookings (and unproved accounts'): the ones a shop took in the last hour; and the upcoming ones of a phone.
    index("appointments_guest_shop_created_idx")
      .on(t.barbershopId, t.createdAt)
      .where(sql`${t.clientId} is null or ${t.bookedUnproved}`),
    index("appointments_guest_phone_idx")
      .on(t.clientPhone, t.startsAt)
      .where(sql`${t.clientId} is null`),
    // Guest bookings still naming their guest, by visit: the purge anonymises them 24 months after it (decision 0043).
    index("appointments_guest_retention_idx")
      .on(t.endsAt)
      .where(sql`${t.clientId} is null and ${t.clientPhone} is not null`),
    uniqueIndex("appointments_manage_token_key").on(t.manageTokenHash),
    check("appointments_status_check", sql`${t.status} in ('pending', 'confirmed', 'cancelled', 'completed')`),
    check("appointments_range_check", sql`${t.startsAt} < ${t.endsAt}`),
    check(
      "appointments_money_check",
      sql`${t.subtotal} >= 0 and ${t.additional} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0 and ${t.total} = ${t.subtotal} + ${t.additional} - ${t.discount}`,
    ),
  ],
);

/**
 * Each time an appointment moved (docs/decisions/0043): how many moves a booking made in the last day (at most
 * a few), and the time it left, which the waitlist hears of only once `waitlist_due_at` has come and the time is
 * still free then (a booking moved away and straight back tells nobody). Purged two days after the move.
 */
export const appointmentMoves = pgTable(
  "appointment_moves",
  {
    id: serial("id").primaryKey(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    barbershopId: integer("barbershop_id").notNull(),
    barberId: integer("barber_id").notNull(),
    /** The time the appointment left. */
    fromStartsAt: timestamp("from_starts_at", { withTimezone: true }).notNull(),
    fromEndsAt: timestamp("from_ends_at", { withTimezone: true }).notNull(),
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull(),
    waitlistDueAt: timestamp("waitlist_due_at", { withTimezone: true }).notNull(),
    /** Set once the waitlist was checked for the time left (told or not). */
    waitlistCheckedAt: timestamp("waitlist_checked_at", { withTimezone: true }),
  },
  (t) => [
    index("appointment_moves_appointment_idx").on(t.appointmentId, t.movedAt),
    index("appointment_moves_due_idx")
      .on(t.waitlistDueAt)
      .where(sql`${t.waitlistCheckedAt} is null`),
    index("appointment_moves_moved_idx").on(t.movedAt),
  ],
);

/** The services of an appointment, with their name, price and duration as they were when booked. */
export const appointmentServices = pgTable(
  "appointment_services",
  {
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id),
    name: text("name").notNull(),
    price: money("price").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.serviceId] }), check("appointment_services_price_check", sql`${t.price} >= 0`)],
);

export const appointmentProducts = pgTable(
  "appointment_products",
  {
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    price: money("price").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.productId] }),
    check("appointment_products_price_check", sql`${t.price} >= 0`),
    check("appointment_products_quantity_check", sql`${t.quantity} between 1 and 99`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    barberId: integer("barber_id")
      .notNull()
      .references(() => barbers.id, { onDelete: "cascade" }),
    clientId: integer("client_id").references(() => users.id, { onDelete: "set null" }),
    clientName: text("client_name").notNull(),
    rating: smallint("rating").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
    // The shop's one public answer (docs/decisions/0055-clients-and-review-answers.md); who wrote it is in the
    // shop's history.
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reviews_appointment_key").on(t.appointmentId),
    index("reviews_shop_idx").on(t.barbershopId, t.createdAt),
    index("reviews_barber_idx").on(t.barberId),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_comment_check", sql`char_length(${t.comment}) <= 1000`),
    check("reviews_answer_check", sql`char_length(${t.answer}) <= 1000 and (${t.answer} is null) = (${t.answeredAt} is null)`),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.barbershopId] }), index("favorites_shop_idx").on(t.barbershopId)],
);

/** E-mail links and WhatsApp codes: only the SHA-256 of the secret is stored. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_key").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
    check("password_reset_tokens_channel_check", sql`${t.channel} in ('email', 'whatsapp')`),
  ],
);

/**
 * One-time codes (6 digits, by WhatsApp) and links (by e-mail) that prove a contact: a guest's phone,
 * or the new e-mail or phone of an account. Only hashes are kept; `value` is what the proof applies.
 */
export const oneTimeSecrets = pgTable(
  "one_time_secrets",
  {
    id: serial("id").primaryKey(),
    purpose: text("purpose").notNull(),
    /** Who is asked: `user:<id>`, or a guest phone's hash. */
    subject: text("subject").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    value: text("value"),
    secretHash: text("secret_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("one_time_secrets_hash_key").on(t.secretHash),
    index("one_time_secrets_subject_idx").on(t.purpose, t.subject),
    index("one_time_secrets_user_idx").on(t.userId),
    check("one_time_secrets_purpose_check", sql`${t.purpose} in ('guest_phone', 'email_change', 'phone_change')`),
  ],
);

/**
 * Guest phones confirmed by a code, by hash, so the same guest is not asked again for a while: only in the browser
 * that proved it, which holds the proof's token in an HttpOnly cookie (only its hash is kept here; decision 0043).
 */
export const verifiedPhones = pgTable(
  "verified_phones",
  {
    phoneHash: text("phone_hash").notNull(),
    /** SHA-256 of the proving browser's token. */
    proofHash: text("proof_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.phoneHash, t.proofHash] })],
);

/**
 * Every e-mail and WhatsApp message, and the queue that delivers them (docs/decisions/0021): a row is
 * written in the transaction of the change that causes it and sent by the worker once `send_after`
 * has come, with retries; in development unsent ones stay here to be read.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    status: text("status").notNull().default("pending"),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the link or code in the body stops working; an unsent body is removed after it. */
    secretExpiresAt: timestamp("secret_expires_at", { withTimezone: true }),
    /** The booking the message is about (null: account messages such as recovery). */
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "cascade" }),
    /** confirmation, confirmed, cancelled, reminder, ... */
    kind: text("kind"),
    /** One message per (appointment, kind, lead, channel): a second insert of the same key is skipped. */
    dedupeKey: text("dedupe_key"),
    /** Not sent before this moment (a reminder's time, or the next try after a failure). */
    sendAfter: timestamp("send_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** A worker holds the row until then; past it, another worker may take it again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** What the channel needs besides the text: WhatsApp template, e-mail HTML and calendar file. */
    payload: jsonb("payload"),
    /** The provider's id of the sent message (WhatsApp wamid), to match its status callbacks. */
    providerId: text("provider_id"),
    /** The provider's latest word on it: sent, delivered, read, failed (only ever moving forward). */
    deliveryStatus: text("delivery_status"),
    /** The WhatsApp ID the Cloud API answered for the recipient (for many Brazilian mobiles, without the ninth digit). */
    waId: text("wa_id"),
    /** The message that tells the person another way (e-mail) should WhatsApp fail to deliver this one; removed once used. */
    fallback: jsonb("fallback"),
    /**
     * The opaque reference a page that asked for a code is given to follow it (GET /v3/code-delivery/{id}): the
     * WhatsApp message and the e-mail that replaces it share it (decision 0047).
     */
    deliveryRef: text("delivery_ref"),
  },
  (t) => [
    index("outbox_delivery_ref_idx").on(t.deliveryRef),
    index("outbox_created_idx").on(t.createdAt),
    uniqueIndex("outbox_dedupe_key").on(t.dedupeKey),
    index("outbox_due_idx")
      .on(t.sendAfter)
      .where(sql`${t.status} = 'pending'`),
    index("outbox_appointment_idx").on(t.appointmentId),
    index("outbox_provider_idx").on(t.providerId),
    check("outbox_channel_check", sql`${t.channel} in ('email', 'whatsapp', 'push')`),
    check("outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed', 'unsent')`),
  ],
);

/** WhatsApp consent per phone (E.164): given at booking with an unticked box, withdrawn by replying PARAR / STOP. */
export const whatsappConsents = pgTable("whatsapp_consents", {
  /** sha256 of "whatsapp-consent:" + the number with Brazil's ninth digit (consentKey): no phone is kept here. */
  phoneHash: text("phone_hash").primaryKey(),
  optedInAt: timestamp("opted_in_at", { withTimezone: true }),
  optedOutAt: timestamp("opted_out_at", { withTimezone: true }),
  /** The person's last message to the shop's number: a free-form text may go out for 24 hours after it. */
  lastInboundAt: timestamp("last_inbound_at", { withTimezone: true }),
});

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Points consumed per key, shaped as rate-limiter-flexible's Postgres store expects. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});

/**
 * Keys that sign session tokens and derive guest manage links when JWT_SECRET is unset, one set per
 * purpose. The newest row that is not retired signs; every row that is not retired verifies (by `kid`).
 */
export const signingKeys = pgTable(
  "signing_keys",
  {
    kid: text("kid").primaryKey(),
    purpose: text("purpose").notNull(),
    secret: text("secret").notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [index("signing_keys_purpose_idx").on(t.purpose, t.createdAt), check("signing_keys_purpose_check", sql`${t.purpose} in ('session', 'manage')`)],
);

/** One row per sign-in (the token's `sid`): logout revokes it, and it ends at `expires_at` whatever the renewals. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Neighbourhoods and cities that the location search suggests, with a point each. */
export const places = pgTable(
  "places",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    city: text("city").notNull(),
    citySlug: text("city_slug").notNull(),
    state: text("state").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
  },
  (t) => [uniqueIndex("places_kind_name_city_key").on(t.kind, t.name, t.citySlug), check("places_kind_check", sql`${t.kind} in ('city', 'neighborhood')`)],
);

/**
 * A shop's agenda version: raised by the triggers of migration 0011 in every transaction that changes
 * what is free (appointments, blocked times, hours, breaks, barbers, services, the shop's grid or zone).
 * `featured`: the services its next free times stand for, set with each raise (migration 0020): by category
 * ("hair", "beard", …) the most booked of it, then the shortest, the cheapest, the oldest; under "" the shop's
 * (its featured haircut, else the featured service of all). Every shop with a service has a row (the migration
 * filled them for the shops of its day; a new shop gets its row with its first service), so a shop without one has no
 * times.
 */
export const shopAgenda = pgTable("shop_agenda", {
  barbershopId: integer("barbershop_id")
    .primaryKey()
    .references(() => barbershops.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(1),
  featured: jsonb("featured").$type<Record<string, number>>().notNull().default({}),
});

/**
 * How many bookings each service has had (every one made, cancelled ones included): the shop page's and the
 * lists' next free times are for the most booked service of the category (lib/server/shops/free-times-sql.ts).
 * Counted by a trigger on appointment_services (migration 0019), which also raises the shop's agenda version.
 * Not on `services` itself: a change there revalidates the shop's cached page, which a booking should not.
 */
export const serviceBookings = pgTable("service_bookings", {
  serviceId: integer("service_id")
    .primaryKey()
    .references(() => services.id, { onDelete: "cascade" }),
  count: integer("count").notNull().default(0),
});

/**
 * A shop's agenda day version (migration 0040): raised by `record_agenda_change` with every change of its agenda
 * (each written to agenda_changes), under the row's lock, so that it rises in the order the changes commit (a change's
 * seq, taken from a sequence, need not). With the agenda version above it says whether a day the agenda read is still
 * what the shop's tables hold (lib/server/agenda/day.ts keeps days while both hold).
 */
/**
 * The distinct words of the shops' names, neighbourhoods, streets and cities (folded: no accents, lower case), with
 * how many shops have each in their name and in any of these: the name searches match a typed word against these few thousand words by trigram
 * similarity, then find the shops that have one of them through the exact GIN indexes on `barbershops.name_words`
 * and `barbershops.search_words`. Kept by a trigger on barbershops; those columns, this table's trigram index and
 * the trigger are in migration 0041.
 */
export const shopWords = pgTable("shop_words", {
  word: text("word").primaryKey(),
  names: integer("names").notNull(),
  shops: integer("shops").notNull(),
});

/**
 * Each word of each active shop's name, with the shop's reviews and all its name's words: the list by name reads a
 * typed word's shops from here, most reviewed first, by an index-only walk of (word, reviews desc, barbershop_id)
 * that carries the name's words, so that a match is tested and ranked without reading the shop's row. Kept by a
 * trigger on barbershops; the index and the trigger are in migration 0043.
 */
export const shopNamePostings = pgTable(
  "shop_name_postings",
  {
    word: text("word").notNull(),
    barbershopId: integer("barbershop_id").notNull(),
    reviews: integer("reviews").notNull(),
    words: text("words").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.word, t.barbershopId] })],
);

/**
 * The shops' words' version, one row: raised by every statement that adds or removes rows of shop_words (migration
 * 0043), and read in the same snapshot as the words, so that a process may keep what a typed word means while it holds.
 */
export const shopWordsVersion = pgTable("shop_words_version", {
  version: bigint("version", { mode: "number" }).notNull(),
});

export const agendaVersions = pgTable("agenda_versions", {
  barbershopId: integer("barbershop_id")
    .primaryKey()
    .references(() => barbershops.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * A shop's day kept computed for the lists' free times (lib/server/shops/free-times-sql.ts): per
 * service id, every slot as [local minute, barber id or 0 when several]. Used only while `version` is
 * the shop's agenda version.
 */
export const shopFreeDays = pgTable(
  "shop_free_days",
  {
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
    slots: jsonb("slots").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.barbershopId, t.day] })],
);

/**
 * The slugs a shop had before (migration 0021): a link shared before it was renamed (on WhatsApp, on a printed
 * card) leads to its page under the slug it has now (proxy.ts). Written by a trigger on barbershops, whoever
 * renames the shop (the shops' app too); a slug taken again by a shop is no longer an old one.
 */
export const shopSlugHistory = pgTable("shop_slug_history", {
  slug: text("slug").primaryKey(),
  barbershopId: integer("barbershop_id")
    .notNull()
    .references(() => barbershops.id, { onDelete: "cascade" }),
  retiredAt: timestamp("retired_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the cached shop, city and home pages show has changed (decision 0023, lib/edge/page-cache.ts): one row per
 * tag ("shop:<slug>", "city:<city slug>"), its version raised from `page_tag_version` by triggers on the
 * tables those pages read (migration 0013). Each server polls the rows above the last version it saw
 * and drops the pages of those tags.
 */
export const pageTags = pgTable(
  "page_tags",
  {
    tag: text("tag").primaryKey(),
    version: bigint("version", { mode: "number" }).notNull(),
    // When what the tag's pages show last changed: their lastmod in the sitemap (migration 0015).
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_tags_version_idx").on(t.version)],
);

/**
 * "Tell me if a time frees up" (docs/decisions/0036-waitlist.md): a client's (or a guest's) wish for a day a shop
 * has no free time left, for a barber (or any) and the services they would book. When a booking of that shop
 * on that day is cancelled or moved away and the wish's services fit again, one message goes out and the
 * wish is spent (`notified_at`). One wish per client, shop and day: asking again replaces it.
 */
export const waitlist = pgTable(
  "waitlist",
  {
    id: serial("id").primaryKey(),
    /** The signed-in client's wish; null for a guest's. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A guest's wish: the phone (E.164, proved by a WhatsApp code) it is told on, and the name it greets. */
    guestPhone: text("guest_phone"),
    guestName: text("guest_name"),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    /** Null: any barber who performs every service. */
    barberId: integer("barber_id").references(() => barbers.id, { onDelete: "cascade" }),
    serviceIds: integer("service_ids").array().notNull(),
    /** The shop's local day. */
    day: date("day").notNull(),
    /** Periods of that day the client wants ("morning", "afternoon", "night"); empty: any time of the day. */
    periods: text("periods")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The language the wish was made in: its message's. */
    language: text("language").notNull(),
    createdAt: createdAt(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("waitlist_user_shop_day_key").on(t.userId, t.barbershopId, t.day),
    uniqueIndex("waitlist_guest_shop_day_key")
      .on(t.guestPhone, t.barbershopId, t.day)
      .where(sql`${t.guestPhone} is not null`),
    check("waitlist_client_or_guest", sql`(${t.userId} is null) <> (${t.guestPhone} is null)`),
    index("waitlist_shop_day_idx")
      .on(t.barbershopId, t.day)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

// Shop onboarding (docs/decisions/0048-shop-onboarding.md): what the geocoder answered, kept so that the same address
// is asked once, and the moment the next request to it may go, shared by every app server (one request a second).
export const geocodeCache = pgTable("geocode_cache", {
  query: text("query").primaryKey(),
  results: jsonb("results").notNull(),
  createdAt: createdAt(),
});

export const geocoderClock = pgTable(
  "geocoder_clock",
  {
    id: smallint("id").primaryKey().default(1),
    nextAt: timestamp("next_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("geocoder_clock_one_row", sql`${t.id} = 1`)],
);

// ---- Team invitations and shop closures (docs/decisions/0049-team-invitations.md) ----

/**
 * An invitation to join a shop's team: a single-use link sent by WhatsApp or e-mail, of which only the token's hash is
 * kept. Accepting it links the account that opens it (creating the member's row, and for a barber his barbers row).
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    roles: text("roles").array().notNull(),
    name: text("name").notNull(),
    channel: text("channel").notNull(),
    /** The e-mail (lower case) or the WhatsApp number (E.164) it was sent to. */
    recipient: text("recipient").notNull(),
    language: text("language").notNull().default("pt-BR"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("staff_invitations_token_key").on(t.tokenHash),
    // One open invitation per person and shop: inviting someone twice is refused until the first is used or revoked.
    uniqueIndex("staff_invitations_open_key")
      .on(t.barbershopId, t.recipient)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check("staff_invitations_channel_check", sql`${t.channel} in ('email', 'whatsapp')`),
    check(
      "staff_invitations_roles_check",
      sql`cardinality(${t.roles}) between 1 and 4 and ${t.roles} <@ array['owner', 'manager', 'front_desk', 'barber']::text[]`,
    ),
  ],
);

/** A shop closed for whole days (a holiday, a week off): each barber gets a blocked_times row for it. */
export const shopClosures = pgTable(
  "shop_closures",
  {
    id: serial("id").primaryKey(),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    /** The shop's local days, both included. */
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("shop_closures_shop_idx").on(t.barbershopId, t.startsOn), check("shop_closures_range_check", sql`${t.startsOn} <= ${t.endsOn}`)],
);

// ── The shop's agenda (docs/decisions/0050-agenda.md) ──────────────────────────────────────────────────────────

/**
 * What the shop's staff add to a booking: how it was made when the front desk made it (a walk-in or a phone call;
 * site and guest bookings need no row, `appointments.client_id` tells them apart), who booked it, when the client
 * arrived, a no-show, and why it was cancelled. One row per booking at most, written in the staff action's
 * transaction.
 */
export const agendaBookings = pgTable(
  "agenda_bookings",
  {
    appointmentId: integer("appointment_id")
      .primaryKey()
      .references(() => appointments.id, { onDelete: "cascade" }),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    /** "front_desk" when staff booked it; null when the client did (on the site, signed in or as a guest). */
    source: text("source"),
    bookedByUserId: integer("booked_by_user_id").references(() => users.id, { onDelete: "set null" }),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    noShowAt: timestamp("no_show_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
  },
  (t) => [
    index("agenda_bookings_no_show_idx")
      .on(t.barbershopId)
      .where(sql`${t.noShowAt} is not null`),
    check("agenda_bookings_source_check", sql`${t.source} is null or ${t.source} = 'front_desk'`),
  ],
);

/**
 * Every change to a shop's agenda, in order (`seq`): a booking made, moved, cancelled or marked, a block of time
 * added or removed, by any path (the site, a one-tap answer, staff). Written by triggers in the change's own
 * transaction, which also NOTIFY the `agenda` channel; an agenda that reconnects replays what it missed from here
 * (`Last-Event-ID`). Rows older than a day are purged.
 */
export const agendaChanges = pgTable(
  "agenda_changes",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    barbershopId: integer("barbershop_id").notNull(),
    /** "booking.created", "booking.moved", "booking.cancelled", "booking.updated", "time.changed", "team.changed", "services.changed". */
    kind: text("kind").notNull(),
    appointmentId: integer("appointment_id"),
    /** The barber whose column changed: a barber's stream hears of his own only. */
    barberId: integer("barber_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("agenda_changes_shop_idx").on(t.barbershopId, t.seq), index("agenda_changes_at_idx").on(t.at)],
);

/**
 * A barber's calendar feed: the hash of the secret in its URL (the URL is shown once, when made). Making a new one
 * replaces it, which revokes the old URL; deleting the row ends the feed.
 */
export const agendaFeeds = pgTable(
  "agenda_feeds",
  {
    barberId: integer("barber_id")
      .primaryKey()
      .references(() => barbers.id, { onDelete: "cascade" }),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("agenda_feeds_token_key").on(t.tokenHash)],
);

/**
 * How one member of a shop's team is told of its bookings (docs/decisions/0052-staff-alerts.md): by e-mail, by
 * WhatsApp (only once his phone said yes, as in whatsapp_consents), for which events, and quiet hours in the shop's
 * time zone during which an alert waits. No row: e-mail on for every event, no WhatsApp, no quiet hours.
 */
export const staffAlertPrefs = pgTable(
  "staff_alert_prefs",
  {
    staffId: integer("staff_id")
      .primaryKey()
      .references(() => shopStaff.id, { onDelete: "cascade" }),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    email: boolean("email").notNull().default(true),
    whatsapp: boolean("whatsapp").notNull().default(false),
    /** Web Push to the browsers he subscribed (push_subscriptions; docs/decisions/0054-web-push.md). */
    push: boolean("push").notNull().default(false),
    /** Of "booked", "cancelled", "moved", "waitlist_filled". */
    events: text("events").array().notNull(),
    /** Minutes after midnight, shop time; both or neither. */
    quietFrom: smallint("quiet_from"),
    quietUntil: smallint("quiet_until"),
    /** The language his alerts are written in: the one he last saved these in. */
    language: text("language").notNull().default("pt-BR"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("staff_alert_prefs_shop_idx").on(t.barbershopId),
    check("staff_alert_prefs_quiet_check", sql`(${t.quietFrom} is null) = (${t.quietUntil} is null)`),
    check("staff_alert_prefs_quiet_range", sql`${t.quietFrom} between 0 and 1439 and ${t.quietUntil} between 0 and 1439`),
  ],
);

/**
 * A browser a member of a shop's team receives Web Push alerts in (docs/decisions/0054-web-push.md): the push
 * service's endpoint and the keys the browser gave (RFC 8291), one row per member and endpoint. A push service's
 * 404 or 410 removes the row; the last other failure is kept with it (last_error), for whoever looks into a silence.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => shopStaff.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret, base64url as PushSubscription.toJSON() gives them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_subscriptions_staff_endpoint_key").on(t.staffId, t.endpoint)],
);

// ── The shop's clients (docs/decisions/0058-client-cards-and-notes.md) ─────────────────────────────────────────

/**
 * What the shop's staff write about one of its clients (an account with a booking there), for staff only: who wrote
 * it and when, and when it was last changed. Part of the client's data export; deleted with his account and when he
 * has not come to the shop for as long as guest bookings are kept (the retention purge).
 */
export const clientNotes = pgTable(
  "client_notes",
  {
    id: serial("id").primaryKey(),
    barbershopId: integer("barbershop_id")
      .notNull()
      .references(() => barbershops.id, { onDelete: "cascade" }),
    /** The client's account; null for a guest's note, which is keyed by his phone instead (decision 0068). */
    clientId: integer("client_id").references(() => users.id, { onDelete: "cascade" }),
    /** A guest's phone in E.164 (no account): the notes of the shop's bookings by that phone with no account. */
    guestPhone: text("guest_phone"),
    /** The member who wrote it; null once his account is gone (the note stays for the shop). */
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [
    index("client_notes_client_idx").on(t.barbershopId, t.clientId, t.createdAt),
    index("client_notes_of_client_idx").on(t.clientId),
    index("client_notes_guest_idx")
      .on(t.barbershopId, t.guestPhone, t.createdAt)
      .where(sql`${t.guestPhone} is not null`),
    check("client_notes_text_check", sql`char_length(${t.text}) between 1 and 1000`),
    check("client_notes_one_client_check", sql`(${t.clientId} is null) <> (${t.guestPhone} is null)`),
  ],
);
