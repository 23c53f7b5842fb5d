import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { GET as cepOf } from "@/app/v3/staff/cep/[cep]/route";
import { GET as geocodeOf } from "@/app/v3/staff/geocode/route";
import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { GET as bySlug } from "@/app/v3/client/barbershop-by-slug/route";
import { GET as byName } from "@/app/v3/client/barbershops-by-name/route";
import { POST as addPhoto } from "@/app/v3/staff/shops/[shop_id]/photos/route";
import { GET as profileOf, PATCH as patchProfile } from "@/app/v3/staff/shops/[shop_id]/profile/route";
import { DELETE as unpublish, GET as publicationOf, PUT as publish } from "@/app/v3/staff/shops/[shop_id]/publication/route";
import { PUT as setup } from "@/app/v3/staff/shops/[shop_id]/setup/route";
import { POST as createShop } from "@/app/v3/staff/shops/route";
import type { Db } from "@/lib/server/db/client";
import { barbers, barbershops, geocodeCache, shopHours, shopStaff, staffChanges } from "@/lib/server/db/schema";
import { resetEnvCache } from "@/lib/server/env";
import { useTestDb } from "@/lib/server/db/testing";
import { rowsOf } from "@/lib/server/shops/cards";
import { shopsOfSitemapPart } from "@/lib/server/shops/sitemap";
import { localDate } from "@/tests/factories/booking";
import { call, makeAccount, params } from "@/tests/factories/account";
import { makeBooking, makeMember } from "@/tests/factories/staff";
import { startFakeGeo, type FakeGeo } from "@/tests/fakes/geo";

// A shop from nothing to published, through the routes, against local stand-ins of the CEP lookup and the geocoder
// that speak their HTTP (tests/fakes/geo.ts): each rule, each role, and bad input that saves nothing.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

let geo: FakeGeo;
const saved = { ...process.env };
beforeAll(async () => {
  geo = await startFakeGeo();
  process.env.CEP_LOOKUP_URL = geo.cepUrl;
  process.env.GEOCODER_URL = geo.geocoderUrl;
  process.env.GEOCODER_USER_AGENT = "Navalha-tests/1.0 (+https://navalha.app; contato@navalha.app)";
  resetEnvCache();
});
afterAll(async () => {
  process.env = saved;
  resetEnvCache();
  await geo.close();
});

const HADDOCK = {
  zip_code: "01414-001",
  street: "Rua Haddock Lobo",
  number: "595",
  neighborhood: "Cerqueira César",
  city: "São Paulo",
  state: "SP",
  latitude: -23.5585,
  longitude: -46.6625,
};
let n = 0;
const newName = () => `Barbearia Nova ${Date.now().toString(36)}${++n}`;

const create = (token: string, body: unknown, lng = "en") => createShop(call("/v3/staff/shops", { token, body, lng }));
const shopParams = (id: number) => params({ shop_id: String(id) });
const patch = (id: number, token: string, body: unknown, lng = "en") =>
  patchProfile(call(`/v3/staff/shops/${id}/profile`, { method: "PATCH", token, body, lng }), shopParams(id));
const doSetup = (id: number, token: string, body: unknown, lng = "en") =>
  setup(call(`/v3/staff/shops/${id}/setup`, { method: "PUT", token, body, lng }), shopParams(id));
const doPublish = (id: number, token: string, lng = "en") => publish(call(`/v3/staff/shops/${id}/publication`, { method: "PUT", token, lng }), shopParams(id));
const doUnpublish = (id: number, token: string) => unpublish(call(`/v3/staff/shops/${id}/publication`, { method: "DELETE", token }), shopParams(id));
const SETUP = {
  hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: "09:00", closes: "19:00" })),
  services: [
    { name: "Corte de cabelo", duration_minutes: 30, price: "45.00", category: "hair" },
    { name: "Barba", duration_minutes: 30, price: "35.00", category: "beard" },
    { name: "Corte e barba", duration_minutes: 60, price: "70.00", category: "combo" },
  ],
};
const countShops = async () => Number(rowsOf(await db().execute(sql`select count(*)::int as n from barbershops`))[0].n);
const tagVersion = async (tag: string) => Number(rowsOf(await db().execute(sql`select version from page_tags where tag = ${tag}`))[0]?.version ?? 0);
const listed = async (name: string) => {
  const res = await byName(call(`/v3/client/barbershops-by-name?name=${encodeURIComponent(name)}&limit=20`));
  return ((await res.json()).items as { name: string }[]).some((s) => s.name === name);
};

async function newShop() {
  const owner = await makeAccount(db(), { name: "Rafael Dono" });
  const name = newName();
  const res = await create(owner.token, { name, ...HADDOCK });
  expect(res.status).toBe(201);
  const body = await res.json();
  return { owner, name, id: body.shop.id as number, slug: body.shop.slug as string, body };
}

describe("GET /v3/staff/cep/{cep}", () => {
  it("answers the street, neighbourhood, city and state of a known CEP, with or without the dash", async () => {
    const { token } = await makeAccount(db());
    const res = await cepOf(call("/v3/staff/cep/01414-001", { token }), params({ cep: "01414-001" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ zip_code: "01414-001", street: "Rua Haddock Lobo", neighborhood: "Cerqueira César", city: "São Paulo", state: "SP" });
  });

  it("says an unknown CEP is not found, in the reader's language; a malformed one is refused; a visitor is not served", async () => {
    const { token } = await makeAccount(db());
    const unknown = await cepOf(call("/v3/staff/cep/99999999", { token, lng: "pt-BR" }), params({ cep: "99999999" }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "CEP_NOT_FOUND", error: expect.stringContaining("Não encontramos este CEP") });
    expect((await cepOf(call("/v3/staff/cep/123", { token }), params({ cep: "123" }))).status).toBe(400);
    expect((await cepOf(call("/v3/staff/cep/01414001"), params({ cep: "01414001" }))).status).toBe(401);
  });
});

describe("GET /v3/staff/geocode", () => {
  it("asks the geocoder with the site's User-Agent, one request a second at most, and keeps each answer", async () => {
    const { token } = await makeAccount(db());
    const before = geo.geocoderRequests.length;
    const q = (s: string) => geocodeOf(call(`/v3/staff/geocode?q=${encodeURIComponent(s)}`, { token }));
    // Three different addresses at once: the geocoder never sees two within a second (it would answer 429).
    const answers = await Promise.all(
      ["Rua Haddock Lobo, 10, São Paulo, SP", "Rua dos Pinheiros, 20, São Paulo, SP", "Avenida Atlântica, 30, Rio de Janeiro, RJ"].map(q),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const seen = geo.geocoderRequests.slice(before);
    expect(seen.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(seen.map((r) => r.userAgent))).toEqual(new Set(["Navalha-tests/1.0 (+https://navalha.app; contato@navalha.app)"]));
    const first = (await answers[0].json()).items[0];
    expect(first.latitude).toBeCloseTo(-23.5614, 2);
    // The same address again (accents and case aside) comes from what was kept.
    const again = await q("rua haddock lobo 10 sao paulo sp");
    expect((await again.json()).items[0]).toEqual(first);
    expect(geo.geocoderRequests.length - before).toBe(3);
    expect((await db().select().from(geocodeCache)).length).toBeGreaterThanOrEqual(3);
  });

  it("answers an empty list for an address it does not find (the owner places the pin by hand)", async () => {
    const { token } = await makeAccount(db());
    const res = await geocodeOf(call(`/v3/staff/geocode?q=${encodeURIComponent("Travessa Sem Mapa, 1, São Paulo, SP")}`, { token }));
    expect(res.status).toBe(200);
    expect((await res.json()).items).toEqual([]);
  });

  it("is refused by the geocoder without an identifying User-Agent, and then answers 503 rather than a wrong point", async () => {
    const { token } = await makeAccount(db());
    process.env.GEOCODER_USER_AGENT = "axios/1.7.9";
    resetEnvCache();
    try {
      const res = await geocodeOf(call(`/v3/staff/geocode?q=${encodeURIComponent("Avenida Afonso Pena, 5, Belo Horizonte, MG")}`, { token }));
      expect(res.status).toBe(503);
      expect(geo.geocoderRequests.at(-1)).toMatchObject({ userAgent: "axios/1.7.9", status: 403 });
    } finally {
      process.env.GEOCODER_USER_AGENT = "Navalha-tests/1.0 (+https://navalha.app; contato@navalha.app)";
      resetEnvCache();
    }
  });
});

describe("POST /v3/staff/shops", () => {
  it("creates the shop unpublished with its creator as owner and barber and the usual week, recorded in its history", async () => {
    const { owner, id, body } = await newShop();
    expect(body.shop).toMatchObject({ is_active: false, city: "São Paulo", address: "Rua Haddock Lobo, 595" });
    expect(body.me.roles).toEqual(["owner", "barber"]);
    const [member] = await db().select().from(shopStaff).where(eq(shopStaff.barbershopId, id));
    expect(member.userId).toBe(owner.user.id);
    const [barber] = await db().select().from(barbers).where(eq(barbers.barbershopId, id));
    expect(barber).toMatchObject({ id: member.barberId, name: "Rafael Dono", userId: owner.user.id });
    const hours = await db().select().from(shopHours).where(eq(shopHours.barbershopId, id));
    expect(hours.map((h) => [h.weekday, h.opens, h.closes]).sort()).toEqual([1, 2, 3, 4, 5, 6].map((d) => [d, "09:00:00", "19:00:00"]));
    const changes = await db().select().from(staffChanges).where(eq(staffChanges.barbershopId, id));
    expect(changes.map((c) => c.action)).toEqual(["shop.create"]);
  });

  it("refuses a second shop of the same name in the same city (accents and case aside) and saves nothing; another city may have it", async () => {
    const { name } = await newShop();
    const other = await makeAccount(db());
    const before = await countShops();
    const twice = await create(other.token, { ...HADDOCK, name: name.toUpperCase() }, "pt-BR");
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: "SHOP_NAME_TAKEN", error: expect.stringContaining("Já existe uma barbearia") });
    expect(await countShops()).toBe(before);
    const rio = await create(other.token, {
      ...HADDOCK,
      name,
      zip_code: "22071-900",
      street: "Avenida Atlântica",
      neighborhood: "Copacabana",
      city: "Rio de Janeiro",
      state: "RJ",
      latitude: -22.9707,
      longitude: -43.1824,
    });
    expect(rio.status).toBe(201);
  });

  it("refuses a pin far from the city typed, saying which city, and saves nothing", async () => {
    const owner = await makeAccount(db());
    const before = await countShops();
    const res = await create(owner.token, { ...HADDOCK, name: newName(), latitude: -22.9707, longitude: -43.1824 }, "pt-BR");
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "PIN_FAR_FROM_CITY", error: expect.stringContaining("longe de São Paulo") });
    expect(await countShops()).toBe(before);
  });

  it("refuses a malformed address field by field", async () => {
    const owner = await makeAccount(db());
    const res = await create(owner.token, { ...HADDOCK, name: "X", state: "São Paulo", zip_code: "123" });
    expect(res.status).toBe(400);
    const paths = ((await res.json()).details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(["name", "state", "zip_code"]);
  });
});

describe("a new shop is not public until published", () => {
  it("is missing a barber with a service until set up; then it publishes, shows in the lists, its page, and its page tags move; unpublished it leaves them and its bookings stay", async () => {
    const { owner, id, name, slug } = await newShop();
    expect(await listed(name)).toBe(false);
    expect((await bySlug(call(`/v3/client/barbershop-by-slug?slug=${slug}`))).status).toBe(404);

    const early = await doPublish(id, owner.token, "pt-BR");
    expect(early.status).toBe(422);
    expect(await early.json()).toMatchObject({ code: "NOT_READY_TO_PUBLISH", error: expect.stringContaining("um barbeiro com um serviço") });
    expect((await db().select().from(barbershops).where(eq(barbershops.id, id)))[0].isActive).toBe(false);

    const ready = await doSetup(id, owner.token, SETUP);
    expect(ready.status).toBe(200);
    expect((await ready.json()).publication).toMatchObject({ published: false, missing: [], counts: { hours: 6, services: 3, barbers: 1 } });

    const tagBefore = await tagVersion(`shop:${slug}`);
    const res = await doPublish(id, owner.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ published: true, missing: [] });
    expect(await tagVersion(`shop:${slug}`)).toBeGreaterThan(tagBefore);
    expect(await listed(name)).toBe(true);
    expect((await bySlug(call(`/v3/client/barbershop-by-slug?slug=${slug}`))).status).toBe(200);

    const [barber] = await db().select().from(barbers).where(eq(barbers.barbershopId, id));
    const booking = await makeBooking(db(), id, barber.id, new Date(Date.now() + 3 * 86_400_000));
    const off = await doUnpublish(id, owner.token);
    expect(off.status).toBe(200);
    expect((await off.json()).published).toBe(false);
    expect(await listed(name)).toBe(false);
    expect((await bySlug(call(`/v3/client/barbershop-by-slug?slug=${slug}`))).status).toBe(404);
    expect(rowsOf(await db().execute(sql`select status from appointments where id = ${booking.id}`))).toHaveLength(1);
    const actions = (await db().select().from(staffChanges).where(eq(staffChanges.barbershopId, id))).map((c) => c.action);
    expect(actions).toEqual(["shop.create", "shop.setup", "shop.publish", "shop.unpublish"]);
    // Once published, the week and services change on their own pages, not through the setup.
    await doPublish(id, owner.token);
    expect((await doSetup(id, owner.token, SETUP)).status).toBe(409);
  });

  it("lets the owner opt out of being a barber: no barber column for him, and a barber to invite before it publishes; opted in again, his column is back", async () => {
    const { owner, id } = await newShop();
    const [first] = await db().select().from(shopStaff).where(eq(shopStaff.barbershopId, id));
    const out = await doSetup(id, owner.token, { ...SETUP, owner_is_barber: false }, "pt-BR");
    expect(out.status).toBe(200);
    expect((await out.json()).publication).toMatchObject({ published: false, missing: ["barber_service"], counts: { services: 3, barbers: 0 } });
    const [member] = await db().select().from(shopStaff).where(eq(shopStaff.barbershopId, id));
    expect(member).toMatchObject({ roles: ["owner"], barberId: null });
    expect((await db().select().from(barbers).where(eq(barbers.barbershopId, id))).map((b) => b.isActive)).toEqual([false]);
    const early = await doPublish(id, owner.token, "pt-BR");
    expect(early.status).toBe(422);
    expect((await early.json()).error).toContain("um barbeiro com um serviço");
    const [change] = await db()
      .select()
      .from(staffChanges)
      .where(eq(staffChanges.action, "shop.setup"))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(change.before).toMatchObject({ owner_is_barber: true });
    expect(change.after).toMatchObject({ owner_is_barber: false });

    // Left out, he is a barber again: his own column, which does every service.
    const back = await doSetup(id, owner.token, SETUP);
    expect((await back.json()).publication).toMatchObject({ missing: [], counts: { barbers: 1 } });
    const [again] = await db().select().from(shopStaff).where(eq(shopStaff.barbershopId, id));
    expect(again).toMatchObject({ roles: ["owner", "barber"], barberId: first.barberId });
    expect((await doPublish(id, owner.token)).status).toBe(200);
  });

  it("unpublished, it offers no free time, takes no booking and is out of the sitemap; published, it does all three", async () => {
    const { owner, id, slug } = await newShop();
    expect((await doSetup(id, owner.token, SETUP)).status).toBe(200);
    const [barber] = await db().select().from(barbers).where(eq(barbers.barbershopId, id));
    const [cut] = rowsOf(await db().execute(sql`select id from services where barbershop_id = ${id} order by id limit 1`));
    // A weekday (the shop is closed on Sundays) a few days ahead.
    const day = [3, 4, 5].map((n) => localDate(n)).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() !== 0)!;
    const times = () =>
      availableTimes(call(`/v3/appointment/available-times?type=client&barbershop_id=${id}&barber_id=${barber.id}&services=${cut.id}&date=${day}`));
    const client = await makeAccount(db());
    const book = () =>
      newAppointment(
        call("/v3/appointments/new-appointment", {
          token: client.token,
          body: { barbershop_id: id, barber_id: barber.id, services: [Number(cut.id)], date: day, start_hour: "10:00" },
        }),
      );
    const inSitemap = async () => (await shopsOfSitemapPart(db(), 0, 100_000)).some((e) => e.slug === slug);

    expect((await times()).status).toBe(404);
    expect((await book()).status).toBeGreaterThanOrEqual(400);
    expect(await inSitemap()).toBe(false);

    expect((await doPublish(id, owner.token)).status).toBe(200);
    const open = await times();
    expect(open.status).toBe(200);
    expect((await open.json()).morning).toContain("10:00");
    expect(await inSitemap()).toBe(true);
    expect((await book()).status).toBe(201);
  });

  it("refuses a duration off the 5-minute grid, a price of zero, inverted or overlapping hours, and saves nothing", async () => {
    const { owner, id } = await newShop();
    const bad = async (body: unknown, path: string, status = 400, code = "VALIDATION_FAILED") => {
      const res = await doSetup(id, owner.token, body, "pt-BR");
      expect(res.status).toBe(status);
      const answer = await res.json();
      expect(answer.code).toBe(code);
      const details = answer.details as { path: string; message: string }[];
      expect(details.map((d) => d.path)).toContain(path);
      return details.find((d) => d.path === path)!.message;
    };
    expect(await bad({ ...SETUP, services: [{ ...SETUP.services[0], duration_minutes: 33 }] }, "services.0.duration_minutes")).toBe(
      "A duração deve ser múltipla de 5 minutos.",
    );
    expect(await bad({ ...SETUP, services: [{ ...SETUP.services[0], price: "0.00" }] }, "services.0.price")).toBe("O preço deve ser maior que zero.");
    expect(await bad({ ...SETUP, services: [{ ...SETUP.services[0], category: "treatment" }] }, "services.0.category")).toBeTruthy();
    // The same code, paths and words as the shop's hours page (PUT …/hours) answers.
    expect(await bad({ ...SETUP, hours: [{ weekday: 1, opens: "19:00", closes: "09:00" }] }, "hours.0", 422, "HOURS_INVALID")).toBe(
      "Uma faixa de horário termina antes de começar.",
    );
    expect(
      await bad(
        {
          ...SETUP,
          hours: [
            { weekday: 1, opens: "09:00", closes: "13:00" },
            { weekday: 1, opens: "12:00", closes: "18:00" },
          ],
        },
        "hours.1",
        422,
        "HOURS_INVALID",
      ),
    ).toBe("Duas faixas de horário do mesmo dia se sobrepõem.");
    expect((await db().select().from(shopHours).where(eq(shopHours.barbershopId, id))).length).toBe(6);
    expect(rowsOf(await db().execute(sql`select count(*)::int as n from services where barbershop_id = ${id}`))[0].n).toBe(0);
  });
});

describe("the shop's page", () => {
  it("the owner changes name, contacts, descriptions in three languages and amenities; each change is in the history", async () => {
    const { owner, id, slug } = await newShop();
    const res = await patch(id, owner.token, {
      name: `${newName()} Centro`,
      whatsapp: "(11) 91234-5678",
      phone: "(11) 3333-4444",
      description: "Corte clássico.",
      description_en: "Classic cuts.",
      description_es: "Cortes clásicos.",
      amenities: ["wifi", "pix"],
    });
    expect(res.status).toBe(200);
    const { profile } = await res.json();
    expect(profile).toMatchObject({
      whatsapp: "+5511912345678",
      phone: "+551133334444",
      description_en: "Classic cuts.",
      description_es: "Cortes clásicos.",
      amenities: ["wifi", "pix"],
    });
    expect(profile.slug).not.toBe(slug);
    const last = (await db().select().from(staffChanges).where(eq(staffChanges.barbershopId, id))).at(-1)!;
    expect(last.action).toBe("shop.profile");
    expect((last.after as Record<string, unknown>).whatsapp).toBe("+5511912345678");
    expect((await profileOf(call(`/v3/staff/shops/${id}/profile`, { token: owner.token }), shopParams(id))).status).toBe(200);
  });

  it("refuses a bad phone and a pin far away, and changes nothing", async () => {
    const { owner, id } = await newShop();
    const before = (await db().select().from(barbershops).where(eq(barbershops.id, id)))[0];
    expect((await patch(id, owner.token, { whatsapp: "(11) 1234" })).status).toBe(400);
    expect((await patch(id, owner.token, { description: "nova", address: { ...HADDOCK, latitude: -19.92, longitude: -43.93 } })).status).toBe(422);
    const after = (await db().select().from(barbershops).where(eq(barbershops.id, id)))[0];
    expect(after).toEqual(before);
  });

  it("only the owner changes the page, publishes or unpublishes: a manager, front desk and barber are refused; every member reads it", async () => {
    const { id } = await newShop();
    const [barber] = await db().select().from(barbers).where(eq(barbers.barbershopId, id));
    const others = [await makeMember(db(), id, ["manager"]), await makeMember(db(), id, ["front_desk"])];
    // The barber role needs a barbers row of his own.
    const [row] = await db().insert(barbers).values({ barbershopId: id, name: "Segundo" }).returning();
    others.push(await makeMember(db(), id, ["barber"], row.id));
    expect(barber).toBeDefined();
    for (const m of others) {
      const refused = await patch(id, m.token, { description: "não" });
      expect(refused.status).toBe(403);
      expect((await refused.json()).code).toBe("STAFF_PERMISSION");
      expect((await doPublish(id, m.token)).status).toBe(403);
      expect((await doUnpublish(id, m.token)).status).toBe(403);
      expect((await doSetup(id, m.token, SETUP)).status).toBe(403);
      expect((await profileOf(call(`/v3/staff/shops/${id}/profile`, { token: m.token }), shopParams(id))).status).toBe(200);
      expect((await publicationOf(call(`/v3/staff/shops/${id}/publication`, { token: m.token }), shopParams(id))).status).toBe(200);
    }
  });
});

describe("POST /v3/staff/shops/{shop_id}/photos", () => {
  const upload = (id: number, token: string, bytes: Buffer, type = "image/png") => {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(bytes)], { type }), "foto.png");
    return addPhoto(call(`/v3/staff/shops/${id}/photos`, { token, body: form }), shopParams(id));
  };

  it("refuses a file that is not an image and keeps nothing; a real one is stored as WebP and becomes the cover", async () => {
    const { owner, id } = await newShop();
    const fake = await upload(id, owner.token, Buffer.from("this is not an image"));
    expect(fake.status).toBe(415);
    expect((await db().select().from(barbershops).where(eq(barbershops.id, id)))[0].photos).toEqual([]);
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#e5b817" } })
      .png()
      .toBuffer();
    const res = await upload(id, owner.token, png);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.photos).toHaveLength(1);
    expect(body.photos[0]).toMatch(/\.webp$/);
    expect(body.cover_url).toBe(body.photos[0]);
  });
});
