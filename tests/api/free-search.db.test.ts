import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { GET as home } from "@/app/v3/client/barbershops-with-location-home/route";
import { GET as search } from "@/app/v3/client/barbershops-with-location-search/route";
import type { TShopCard } from "@/lib/contract/shops";
import { addDays, toWallClock } from "@/lib/server/availability/zoned-time";
import { useTestDb } from "@/lib/server/db/testing";
import { keepFreeDays } from "@/lib/server/shops/free-times-sql";
import { createBarber, createClient, createService, createShop, insertAppointment, localDate, openEveryDay, req } from "@/tests/factories/booking";

// "When" on the lists (decision 0022): next free times on the cards, and only shops free in a window.
const testDb = useTestDb();
const db = () => testDb.current().handle.db;
let spot = 0;
/** A place of its own per test, far from the other tests' shops. */
const place = () => ({ latitude: -10 - ++spot * 0.5, longitude: -50 });

async function shopAt(pos: { latitude: number; longitude: number }, hours: [string, string], offsetKm = 0, barbers = 1) {
  const shop = await createShop(db(), { latitude: pos.latitude + offsetKm / 111, longitude: pos.longitude });
  await openEveryDay(db(), shop.id, ...hours);
  const team = [];
  for (let i = 0; i < barbers; i++) team.push(await createBarber(db(), shop.id));
  const cut = await createService(
    db(),
    shop.id,
    { name: "Corte", price: "45.00", durationMinutes: 30, category: "hair" },
    team.map((b) => b.id),
  );
  const beard = await createService(db(), shop.id, { name: "Barba", price: "30.00", durationMinutes: 40, category: "beard" }, [team[0].id]);
  return { shop, team, cut, beard };
}

const list = async (pos: { latitude: number; longitude: number }, extra = "", lang = "en") => {
  const res = await home(
    req(`/v3/client/barbershops-with-location-home?latitude=${pos.latitude}&longitude=${pos.longitude}&distance=5${extra}`, {
      headers: { "accept-language": lang },
    }),
  );
  return { status: res.status, body: await res.json() };
};
const tomorrow = () => localDate(1);

it("with free_times=3 every card near a position shows 3 next free times, which agree with the shop's own free times and can each be booked", async () => {
  const pos = place();
  const { shop, team, cut } = await shopAt(pos, ["09:00", "18:00"], 0, 2);
  // The plain list does not compute them (its speed is measured without).
  expect((await list(pos)).body.items[0].next_free_times).toBeUndefined();
  const today = (await list(pos, "&free_times=2")).body.items[0];
  expect(today.next_free_times.length).toBe(2);
  const { body } = await list(pos, `&date=${tomorrow()}`);
  const card = (body.items as TShopCard[]).find((c) => c.id === shop.id)!;
  expect(card.next_free_times).toHaveLength(3);
  const own = await (await availableTimes(req(`/v3/appointment/available-times?barbershop_id=${shop.id}&services=${cut.id}&date=${tomorrow()}`))).json();
  const ownTimes = [...own.morning, ...own.afternoon, ...own.night].slice(0, 3);
  expect(card.next_free_times!.map((t) => t.starts_at.slice(11, 16))).toEqual(ownTimes);
  for (const t of card.next_free_times!) {
    expect(t.starts_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-03:00$/);
    expect(t.barber_id).toBeNull(); // both barbers are free then
    expect(t.service_id).toBe(cut.id);
    expect(t.service_name).toBe(cut.name); // the card says what the time is for
  }
  // Book each chip: all three succeed, with the date and time the chip says.
  for (const t of card.next_free_times!) {
    const client = await createClient(db());
    const res = await newAppointment(
      req("/v3/appointments/new-appointment", {
        method: "POST",
        token: client.token,
        body: {
          barbershop_id: shop.id,
          ...(t.barber_id ? { barber_id: t.barber_id } : {}),
          services: [t.service_id],
          date: t.starts_at.slice(0, 10),
          start_hour: t.starts_at.slice(11, 16),
        },
      }),
    );
    expect(res.status).toBe(201);
    expect(team.map((b) => b.id)).toContain((await res.json()).appointment.barber.id);
  }
});

it("with a window, only shops with a free time in it are listed; sort=earliest puts the earliest free time first", async () => {
  const pos = place();
  const late = await shopAt(pos, ["14:00", "21:00"], 2);
  const early = await shopAt(pos, ["08:00", "17:00"], 3);
  const near = await shopAt(pos, ["09:00", "12:00"], 0.5);
  const after18 = await list(pos, `&date=${tomorrow()}&after=18:00`);
  expect((after18.body.items as TShopCard[]).map((c) => c.id)).toEqual([late.shop.id]);
  expect(after18.body.total).toBe(1);
  expect(after18.body.items[0].next_free_times.every((t: { starts_at: string }) => t.starts_at.slice(11, 16) >= "18:00")).toBe(true);

  const byDistance = await list(pos, `&date=${tomorrow()}`);
  expect((byDistance.body.items as TShopCard[]).map((c) => c.id)).toEqual([near.shop.id, late.shop.id, early.shop.id]);
  const earliest = await list(pos, `&date=${tomorrow()}&sort=earliest`);
  expect((earliest.body.items as TShopCard[]).map((c) => c.id)).toEqual([early.shop.id, near.shop.id, late.shop.id]);

  // A category: only the first barber does the beard; its chips name him.
  const beard = await list(pos, `&date=${tomorrow()}&category=beard&before=10:00`);
  const card = (beard.body.items as TShopCard[]).find((c) => c.id === early.shop.id)!;
  expect(card.next_free_times!.every((t) => t.service_id === early.beard.id && t.barber_id === early.team[0].id)).toBe(true);
  expect((beard.body.items as TShopCard[]).map((c) => c.id)).toEqual([near.shop.id, early.shop.id]);
});

it("a card's times are for the haircut the shop's clients book most (or, with a category, its most booked of that category), computed or kept alike", async () => {
  const pos = place();
  const { shop, team, cut, beard } = await shopAt(pos, ["09:00", "18:00"]);
  const touchUp = await createService(db(), shop.id, { name: "Pezinho", price: "15.00", durationMinutes: 10, category: "hair" }, [team[0].id]);
  const quickBeard = await createService(db(), shop.id, { name: "Barba express", price: "20.00", durationMinutes: 20, category: "beard" }, [team[0].id]);
  const servicesOn = async (extra = "") => {
    const card = ((await list(pos, `&date=${tomorrow()}${extra}`)).body.items as TShopCard[]).find((c) => c.id === shop.id)!;
    expect(card.next_free_times!.length).toBe(3);
    // Each time names its service, as the shop wrote it.
    const names = new Map([touchUp, quickBeard, cut, beard].map((x) => [x.id, x.name]));
    expect(card.next_free_times!.every((t) => t.service_name === names.get(t.service_id))).toBe(true);
    return [...new Set(card.next_free_times!.map((t) => t.service_id))];
  };
  // None booked yet: the shortest haircut that is no touch-up (not "Pezinho"), and the shortest beard.
  expect(await servicesOn()).toEqual([cut.id]);
  expect(await servicesOn("&category=beard")).toEqual([quickBeard.id]);
  // Two haircuts and a beard booked three days ahead (the window's day stays as it was).
  const later = localDate(3);
  const at = (hour: number) => new Date(`${later}T${String(hour).padStart(2, "0")}:00:00-03:00`);
  for (const [serviceId, hour] of [
    [cut.id, 9],
    [cut.id, 10],
    [beard.id, 11],
  ] as const) {
    await insertAppointment(db(), { shopId: shop.id, barberId: team[0].id, serviceId, clientId: null, startsAt: at(hour) });
  }
  expect(await servicesOn()).toEqual([cut.id]);
  expect(await servicesOn("&category=beard")).toEqual([beard.id]);
  // Kept by the worker: the same services, at the booking's own times for them.
  await keepFreeDays(db());
  const card = ((await list(pos, `&free_times=3`)).body.items as TShopCard[]).find((c) => c.id === shop.id)!;
  expect(card.next_free_times!.every((t) => t.service_id === cut.id && t.service_name === "Corte")).toBe(true);
  expect(await servicesOn("&category=beard")).toEqual([beard.id]);
  const own = await (await availableTimes(req(`/v3/appointment/available-times?barbershop_id=${shop.id}&services=${cut.id}&date=${tomorrow()}`))).json();
  const kept = ((await list(pos, `&date=${tomorrow()}`)).body.items as TShopCard[]).find((c) => c.id === shop.id)!;
  expect(kept.next_free_times!.map((t) => t.starts_at.slice(11, 16))).toEqual([...own.morning, ...own.afternoon, ...own.night].slice(0, 3));
});

it("the search list takes the same window", async () => {
  const pos = place();
  const late = await shopAt(pos, ["14:00", "21:00"], 1);
  await shopAt(pos, ["08:00", "12:00"], 1.5);
  const res = await search(
    req(
      `/v3/client/barbershops-with-location-search?latitude=${pos.latitude}&longitude=${pos.longitude}&distance=5&date=${tomorrow()}&after=19:00&before=21:00`,
    ),
  );
  expect(res.status).toBe(200);
  expect(((await res.json()).items as TShopCard[]).map((c) => c.id)).toEqual([late.shop.id]);
});

describe("bad windows are 400 with a clear message in the caller's language", () => {
  const pos = { latitude: -23.5, longitude: -46.6 };
  const today = toWallClock(new Date(), "America/Sao_Paulo").date;
  it.each([
    ["a date in the past", `&date=${addDays(today, -3)}`, "pt-BR", "Esta data já passou: escolha hoje ou um dia à frente."],
    ["a date too far", `&date=${addDays(today, 40)}`, "en", "Choose a date at most 31 days ahead."],
    ["after later than before", "&after=19:00&before=18:00", "es", 'La hora "después de" debe ser anterior a la hora "antes de".'],
  ])("%s", async (_name, extra, lang, message) => {
    const { status, body } = await list(pos, extra, lang);
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.error).toBe(message);
  });
  it.each(["&category=nails", "&date=2026-13-40", "&after=25:00", "&sort=soonest"])("%s", async (extra) => {
    expect((await list(pos, extra)).status).toBe(400);
  });
});
