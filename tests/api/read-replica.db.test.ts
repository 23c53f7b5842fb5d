// DATABASE_READ_URL: lists and shop pages read the replica; free times and bookings the primary.
// A second, separate database stands in for the replica, so each answer shows where it was read.
import { NextRequest } from "next/server";
import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { GET as bySlug } from "@/app/v3/client/barbershop-by-slug/route";
import { GET as home } from "@/app/v3/client/barbershops-with-location-home/route";
import { ZShopCardList } from "@/lib/contract/search";
import { type Db, getDb, getReadDb, setReadDb } from "@/lib/server/db/client";
import { createTestDb, type TestDb, useTestDb } from "@/lib/server/db/testing";
import { createBookableShop, localDate, req } from "@/tests/factories/booking";
import { makeShop, PINHEIROS } from "@/tests/factories/shops";

const testDb = useTestDb();
const primary = () => testDb.current().handle.db as Db;
let replica: TestDb;

beforeAll(async () => {
  replica = await createTestDb();
  setReadDb(replica.handle);
}, 60_000);
afterAll(async () => {
  setReadDb(undefined);
  await replica.drop();
}, 60_000);

const get = (path: string) => new NextRequest(new URL(path, "http://localhost"));

describe("with a read replica", () => {
  it("hands out the replica for reads and the primary for everything else", async () => {
    expect(await getReadDb()).toBe(replica.handle.db);
    expect(await getDb()).toBe(primary());
  });

  it("answers the shop lists and the shop by slug from the replica", async () => {
    await makeShop(primary(), { slug: "so-no-primario", name: "Só no Primário", ...PINHEIROS });
    await makeShop(replica.handle.db as Db, { slug: "so-na-replica", name: "Só na Réplica", ...PINHEIROS });
    const res = await home(get(`/v3/client/barbershops-with-location-home?latitude=${PINHEIROS.latitude}&longitude=${PINHEIROS.longitude}`));
    expect(res.status).toBe(200);
    expect(ZShopCardList.parse(await res.json()).items.map((s) => s.slug)).toEqual(["so-na-replica"]);
    expect((await bySlug(get("/v3/client/barbershop-by-slug?slug=so-na-replica"))).status).toBe(200);
    expect((await bySlug(get("/v3/client/barbershop-by-slug?slug=so-no-primario"))).status).toBe(404);
  });

  it("computes free times and books on the primary, where the exclusion constraint decides", async () => {
    const f = await createBookableShop(primary());
    const date = localDate(7);
    const times = await availableTimes(
      get(`/v3/appointment/available-times?type=client&barbershop_id=${f.shop.id}&barber_id=${f.barber.id}&services=${f.cut.id}&date=${date}`),
    );
    expect(times.status).toBe(200);
    const booked = await guestBooking(
      req("/v3/appointments/appointment-without-login", {
        method: "POST",
        body: {
          barbershop_id: f.shop.id,
          barber_id: f.barber.id,
          services: [f.cut.id],
          date,
          start_hour: "10:00",
          name: "Ana Réplica",
          phone: "(11) 93456-7812",
        },
      }),
    );
    expect(booked.status).toBe(201);
  });
});
