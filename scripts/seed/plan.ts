// Plans the demo data in memory (pure: no database), for seed-demo.ts to insert.
import type * as s from "@/lib/server/db/schema";
import { type ServicePlan, productsFor, reviewRating, servicesFor } from "./catalogue";
import { APPOINTMENT_NOTES, BARBER_NAMES, CLIENT_FIRST_NAMES, CLIENT_LAST_NAMES, REVIEW_COMMENTS } from "./data/names";
import { CITIES, type Neighborhood } from "./data/places";
import { DEMO_EMAIL, DEMO_NAME, DEMO_PHONE } from "./demo-account";
import { BarberAgenda, DAY, HOUR, lunchBreaks, MINUTE, ownHoursFor, shopHoursFor, subtract, type WeekHours } from "./hours";
import type { Rng } from "./random";
import {
  avatarUrl,
  barberAvatar,
  barberBio,
  COVER_COUNT,
  coverUrl,
  instagramHandle,
  interleavedNeighborhoods,
  jitterPoint,
  landlinePhone,
  LOGO_COUNT,
  logoUrl,
  mobilePhone,
  neighborhoodFor,
  pad2,
  shopAmenities,
  shopDescription,
  shopName,
  shopSlugBase,
  streetAddress,
  zipCode,
} from "./shop-profile";

export type ClientPlan = { email: string; name: string; phone: string; birthDate: string | null; createdAt: Date };

export type ShopPlan = {
  slug: string;
  neighborhood: Neighborhood;
  createdAt: Date;
  hours: WeekHours;
  step: number;
  barbers: {
    name: string;
    ownHours: WeekHours | null;
    breaks: WeekHours | null;
    services: string[];
    agenda: BarberAgenda;
  }[];
  services: ServicePlan[];
  products: { name: string; cents: number }[];
};

export type AppointmentPlan = {
  shop: ShopPlan;
  barberIndex: number;
  client: ClientPlan | null;
  guest?: { name: string; phone: string };
  status: "pending" | "confirmed" | "completed" | "cancelled";
  startsAt: Date;
  endsAt: Date;
  services: ServicePlan[];
  products: { name: string; cents: number; quantity: number }[];
  discountCents: number;
  notes: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
  review: { rating: number; comment: string | null; createdAt: Date } | null;
};

function ascii(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

export function planClients(rng: Rng, now: Date): ClientPlan[] {
  const out: ClientPlan[] = [];
  const emails = new Set<string>();
  const phones = new Set<string>([DEMO_PHONE]);
  while (out.length < 40) {
    const first = rng.pick(CLIENT_FIRST_NAMES);
    const last = rng.pick(CLIENT_LAST_NAMES);
    const email = `${ascii(first)}.${ascii(last)}@exemplo.com.br`;
    if (emails.has(email)) continue;
    const city = rng.weighted([
      [CITIES["sao-paulo"], 45],
      [CITIES["rio-de-janeiro"], 33],
      [CITIES["belo-horizonte"], 22],
    ] as const);
    const phone = mobilePhone(rng, city.ddd);
    if (phones.has(phone)) continue;
    emails.add(email);
    phones.add(phone);
    const birthDate = rng.chance(0.7) ? `${rng.int(1968, 2006)}-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}` : null;
    out.push({ email, name: `${first} ${last}`, phone, birthDate, createdAt: new Date(now.getTime() - rng.int(130, 1100) * DAY) });
  }
  return out;
}

export type PlannedShop = {
  plan: ShopPlan;
  row: typeof s.barbershops.$inferInsert;
  barberRows: Omit<typeof s.barbers.$inferInsert, "barbershopId">[];
  isNew: boolean;
};

export function planShops(rng: Rng, count: number, now: Date): PlannedShop[] {
  const order = interleavedNeighborhoods();
  const slugs = new Set<string>();
  const namesByCity = new Map<string, Set<string>>();
  const out: PlannedShop[] = [];
  for (let i = 0; i < count; i++) {
    const n = neighborhoodFor(rng, i, order);
    const city = CITIES[n.citySlug];
    const used = namesByCity.get(city.slug) ?? new Set<string>();
    namesByCity.set(city.slug, used);
    let name = shopName(rng, n);
    for (let tries = 0; used.has(name) && tries < 12; tries++) name = shopName(rng, n);
    used.add(name);
    const base = shopSlugBase(name, n.name);
    let slug = base;
    for (let k = 2; slugs.has(slug); k++) slug = `${base}-${k}`;
    slugs.add(slug);

    const { latitude, longitude } = jitterPoint(rng, n.latitude, n.longitude, n.spreadKm ?? 1.2);
    // ~8% opened in the last month ("new" badge), the others 1 to 36 months ago.
    const isNew = i % 12 === 7;
    const ageDays = isNew ? rng.int(5, 29) : rng.int(32, 36 * 30);
    const createdAt = new Date(now.getTime() - ageDays * DAY - rng.int(0, 12 * 60) * MINUTE);
    const { hours } = shopHoursFor(rng);
    const step = rng.weighted([
      [10, 10],
      [15, 40],
      [20, 15],
      [30, 35],
    ] as const);
    const cover = rng.int(1, COVER_COUNT);
    const photos = [
      cover,
      ...rng.sample(
        Array.from({ length: COVER_COUNT }, (_, k) => k + 1).filter((k) => k !== cover),
        rng.int(2, 4),
      ),
    ];

    const serviceCount = rng.weighted([
      [5, 10],
      [6, 14],
      [7, 16],
      [8, 16],
      [9, 14],
      [10, 12],
      [11, 9],
      [12, 9],
    ] as const);
    const services = servicesFor(rng, n.tier ?? 2, serviceCount);
    const products = productsFor(rng, rng.int(2, 6));

    const barberCount = rng.weighted([
      [2, 15],
      [3, 30],
      [4, 28],
      [5, 17],
      [6, 10],
    ] as const);
    const barberNames = rng.sample(BARBER_NAMES, barberCount);
    const barbers: ShopPlan["barbers"] = barberNames.map((bname) => {
      const ownHours = rng.chance(0.2) ? ownHoursFor(rng, hours) : null;
      const effective = hours.map((ranges, d) => (ownHours && ownHours[d].length > 0 ? ownHours[d] : ranges));
      const breaks = rng.chance(0.3) ? lunchBreaks(effective) : null;
      const available = effective.map((ranges, d) => subtract(ranges, breaks ? breaks[d] : []));
      return { name: bname, ownHours, breaks, services: [], agenda: new BarberAgenda(available, step) };
    });
    // Who performs what: most barbers most services; colour work is a specialty.
    for (const sv of services) {
      const p = sv.category === "color" ? 0.45 : sv.category === "care" ? 0.7 : 0.9;
      const doers = barbers.filter(() => rng.chance(p));
      if (doers.length === 0) doers.push(rng.pick(barbers));
      for (const b of doers) b.services.push(sv.name);
    }
    for (const b of barbers) {
      for (const must of ["Corte masculino", "Barba"]) if (b.services.length < 3 && !b.services.includes(must)) b.services.push(must);
    }

    const plan: ShopPlan = { slug, neighborhood: n, createdAt, hours, step, barbers, services, products };
    const row: typeof s.barbershops.$inferInsert = {
      slug,
      name,
      description: shopDescription(rng, n),
      phone: landlinePhone(rng, city.ddd),
      whatsapp: mobilePhone(rng, city.ddd),
      instagram: instagramHandle(name, n.name, rng),
      address: streetAddress(rng, n),
      neighborhood: n.name,
      city: city.name,
      citySlug: city.slug,
      state: city.state,
      zipCode: zipCode(rng, n),
      latitude,
      longitude,
      timezone: "America/Sao_Paulo",
      agendaTimeInterval: step,
      minNoticeMinutes: rng.pick([30, 60]),
      coverUrl: coverUrl(cover),
      logoUrl: rng.chance(0.85) ? logoUrl(rng.int(1, LOGO_COUNT)) : null,
      photos: photos.map(coverUrl),
      amenities: shopAmenities(rng),
      createdAt,
    };
    const barberRows = barbers.map((b) => ({
      name: b.name,
      bio: barberBio(rng),
      avatarUrl: rng.chance(0.9) ? barberAvatar(rng, b.name) : null,
      createdAt,
    }));
    out.push({ plan, row, barberRows, isNew });
  }
  return out;
}

/** How much more often a service is booked than a shop's others (the rest: 1), as in real barbershops. */
const POPULARITY: Record<string, number> = { "Corte masculino": 8, "Corte + barba": 4, Barba: 4 };

/** Picks 1–3 online services that the barber performs, the haircut, the combo and the beard most often. */
function pickServices(rng: Rng, shop: ShopPlan, barberIndex: number): ServicePlan[] {
  const mine = shop.services.filter((sv) => sv.isOnline && shop.barbers[barberIndex].services.includes(sv.name));
  if (mine.length === 0) return [];
  const k = rng.weighted([
    [1, 70],
    [2, 25],
    [3, 5],
  ] as const);
  const picked: ServicePlan[] = [];
  for (const left = [...mine]; picked.length < k && left.length > 0;) {
    const sv = rng.weighted(left.map((x) => [x, POPULARITY[x.name] ?? 1] as const));
    picked.push(sv);
    left.splice(left.indexOf(sv), 1);
  }
  return picked.sort((a, b) => shop.services.indexOf(a) - shop.services.indexOf(b));
}

function appointmentExtras(rng: Rng, shop: ShopPlan) {
  const products = rng.chance(0.25) ? [{ ...rng.pick(shop.products), quantity: rng.chance(0.15) ? 2 : 1 }] : [];
  return { products, notes: rng.chance(0.12) ? rng.pick(APPOINTMENT_NOTES) : null };
}

function discountFor(rng: Rng, subtotal: number): number {
  if (!rng.chance(0.08)) return 0;
  return rng.chance(0.5) ? Math.min(500, subtotal) : Math.round(subtotal * 0.1);
}

export function planAppointments(rng: Rng, shops: PlannedShop[], clients: ClientPlan[], now: Date, today: number): AppointmentPlan[] {
  const out: AppointmentPlan[] = [];
  for (const { plan: shop } of shops) {
    const ageDays = Math.floor((now.getTime() - shop.createdAt.getTime()) / DAY);
    const maxBack = Math.min(120, ageDays - 1);
    const wanted = rng.int(3, 15);
    // Past, completed, most of them reviewed.
    for (let k = 0, tries = 0; k < wanted && tries < wanted * 20; tries++) {
      const barberIndex = rng.int(0, shop.barbers.length - 1);
      const services = pickServices(rng, shop, barberIndex);
      if (services.length === 0) continue;
      const duration = services.reduce((sum, x) => sum + x.duration, 0);
      const day = today - rng.int(1, Math.max(1, maxBack));
      const agenda = shop.barbers[barberIndex].agenda;
      const starts = agenda.candidates(day, duration);
      if (starts.length === 0) continue;
      const { startsAt, endsAt } = agenda.book(day, rng.pick(starts), duration);
      const guest = rng.chance(0.1);
      const client = guest ? null : rng.pick(clients);
      const { products, notes } = appointmentExtras(rng, shop);
      const subtotal = services.reduce((sum, x) => sum + x.cents, 0);
      const createdAt = new Date(Math.max(shop.createdAt.getTime() + HOUR, startsAt.getTime() - rng.int(1, 10 * 24) * HOUR));
      const rating = reviewRating(rng);
      const comments = REVIEW_COMMENTS[rating];
      out.push({
        shop,
        barberIndex,
        client,
        guest: guest
          ? { name: `${rng.pick(CLIENT_FIRST_NAMES)} ${rng.pick(CLIENT_LAST_NAMES)}`, phone: mobilePhone(rng, CITIES[shop.neighborhood.citySlug].ddd) }
          : undefined,
        status: "completed",
        startsAt,
        endsAt,
        services,
        products,
        discountCents: discountFor(rng, subtotal),
        notes,
        createdAt,
        confirmedAt: new Date(createdAt.getTime() + rng.int(2, 90) * MINUTE),
        cancelledAt: null,
        review:
          client && rng.chance(0.8)
            ? {
                rating,
                comment: rng.chance(rating <= 2 ? 0.95 : 0.75) ? rng.pick(comments) : null,
                createdAt: new Date(Math.min(now.getTime() - MINUTE, endsAt.getTime() + rng.int(1, 72) * HOUR)),
              }
            : null,
      });
      k++;
    }
    // A few upcoming bookings of other clients, so that agendas are not empty.
    const upcoming = rng.int(0, 3);
    for (let k = 0, tries = 0; k < upcoming && tries < 20; tries++) {
      const barberIndex = rng.int(0, shop.barbers.length - 1);
      const services = pickServices(rng, shop, barberIndex);
      if (services.length === 0) continue;
      const duration = services.reduce((sum, x) => sum + x.duration, 0);
      const day = today + rng.int(1, 14);
      const agenda = shop.barbers[barberIndex].agenda;
      const starts = agenda.candidates(day, duration);
      if (starts.length === 0) continue;
      const { startsAt, endsAt } = agenda.book(day, rng.pick(starts), duration);
      const client = rng.pick(clients);
      const confirmed = rng.chance(0.6);
      const createdAt = new Date(now.getTime() - rng.int(1, 5 * 24) * HOUR);
      const { products, notes } = appointmentExtras(rng, shop);
      out.push({
        shop,
        barberIndex,
        client,
        status: confirmed ? "confirmed" : "pending",
        startsAt,
        endsAt,
        services,
        products,
        discountCents: 0,
        notes,
        createdAt,
        confirmedAt: confirmed ? new Date(createdAt.getTime() + rng.int(5, 120) * MINUTE) : null,
        cancelledAt: null,
        review: null,
      });
      k++;
    }
  }
  return out;
}

/** The demo client: two upcoming, three past (one reviewed), one cancelled; favourites. */
export function planDemo(rng: Rng, shops: PlannedShop[], now: Date, today: number) {
  const demoClient: ClientPlan = { email: DEMO_EMAIL, name: DEMO_NAME, phone: DEMO_PHONE, birthDate: "1992-05-14", createdAt: now };
  // Established São Paulo shops first (Pinheiros and around come first in the order).
  const candidates = [
    ...shops.filter((p) => p.plan.neighborhood.citySlug === "sao-paulo" && p.plan.createdAt.getTime() < now.getTime() - 70 * DAY),
    ...shops.filter((p) => p.plan.neighborhood.citySlug !== "sao-paulo" && p.plan.createdAt.getTime() < now.getTime() - 70 * DAY),
  ].map((p) => p.plan);
  const pick = (i: number) => candidates[i % candidates.length];
  const appointments: AppointmentPlan[] = [];

  const book = (shop: ShopPlan, startDay: number, direction: 1 | -1, status: AppointmentPlan["status"], preferred: string[]): AppointmentPlan | null => {
    const barberIndex = Math.max(
      0,
      shop.barbers.findIndex((b) => b.services.includes("Corte masculino")),
    );
    const barber = shop.barbers[barberIndex];
    const services =
      preferred
        .map((name) => shop.services.find((sv) => sv.name === name && sv.isOnline && barber.services.includes(name)))
        .find((sv): sv is ServicePlan => Boolean(sv)) ?? pickServices(rng, shop, barberIndex)[0];
    if (!services) return null;
    const duration = services.duration;
    for (let d = 0; d < 21; d++) {
      const day = startDay + d * direction;
      const starts = barber.agenda.candidates(day, duration, 10 * 60);
      const fallback = starts.length > 0 ? starts : barber.agenda.candidates(day, duration);
      if (fallback.length === 0) continue;
      const { startsAt, endsAt } = barber.agenda.book(day, rng.pick(fallback.slice(0, 8)), duration);
      const createdAt =
        status === "pending" || status === "confirmed" ? new Date(now.getTime() - rng.int(1, 48) * HOUR) : new Date(startsAt.getTime() - rng.int(2, 6) * DAY);
      return {
        shop,
        barberIndex,
        client: demoClient,
        status,
        startsAt,
        endsAt,
        services: [services],
        products: [],
        discountCents: 0,
        notes: null,
        createdAt,
        confirmedAt: status === "pending" || status === "cancelled" ? null : new Date(createdAt.getTime() + 20 * MINUTE),
        cancelledAt: status === "cancelled" ? new Date(startsAt.getTime() - DAY) : null,
        review: null,
      };
    }
    return null;
  };

  const plans: (AppointmentPlan | null)[] = [
    book(pick(0), today + 2, 1, "pending", ["Corte + barba", "Corte masculino"]),
    book(pick(1), today + 5, 1, "confirmed", ["Degradê", "Corte masculino"]),
    book(pick(0), today - 40, -1, "completed", ["Corte + barba", "Corte masculino"]),
    book(pick(2), today - 25, -1, "completed", ["Corte masculino"]),
    // A few days ago: its "how was it?" e-mail is still in the outbox (scripts/seed/review-requests.ts).
    book(pick(3), today - 4, -1, "completed", ["Barba", "Corte masculino"]),
    book(pick(1), today - 18, -1, "cancelled", ["Corte masculino"]),
    book(pick(5), today - 2, -1, "completed", ["Corte masculino"]),
  ];
  for (const p of plans) if (p) appointments.push(p);
  // The oldest visit already has the client's review; the other three wait for one.
  const reviewed = plans[2];
  if (reviewed) {
    reviewed.review = {
      rating: 5,
      comment: "Primeira vez aqui e já virei cliente. Corte e barba impecáveis, ambiente muito agradável.",
      createdAt: new Date(reviewed.endsAt.getTime() + 3 * HOUR),
    };
  }
  const favorites = [pick(0), pick(1), pick(4)];
  return { appointments, favorites };
}
