import { type APIRequestContext, type Page, expect } from "./clock";

// Helpers shared by the booking journeys: they find their data through the public v3 API.

export const DEMO = { login: "demo@navalha.app", password: "demo1234" };

/** A shop that has at least one barber with a service and free times in the coming days (the nth such shop). */
export async function findBookableShop(request: APIRequestContext, nth = 0) {
  let skip = nth;
  const list = await request.get("/v3/client/barbershops-by-name?name=Barbearia&limit=20");
  expect(list.ok()).toBeTruthy();
  const { items } = (await list.json()) as { items: { id: number; slug: string; name: string }[] };
  for (const shop of items) {
    const barbers = (await (await request.get(`/v3/barbershop/team/barbers/${shop.id}`)).json()) as
      { id: number; name: string }[] | { items: { id: number; name: string }[] };
    const team = Array.isArray(barbers) ? barbers : barbers.items;
    for (const barber of team ?? []) {
      const svc = (await (await request.get(`/v3/barbershop/${shop.id}/barber/${barber.id}/services`)).json()) as
        { id: number; name: string }[] | { items: { id: number; name: string }[] };
      const services = Array.isArray(svc) ? svc : svc.items;
      if (services?.length && skip-- === 0) return { shop, barber, service: services[0] };
      if (services?.length) break;
    }
  }
  throw new Error("no bookable shop in the seeded data");
}

/**
 * Where booking-guest.spec books as other guests until the shop asks for a WhatsApp code: findBookableShop's
 * nth. For the hour after, every guest booking there is asked for a code, so the guest journeys that must not be
 * asked skip this shop. Which shop it is follows the list's order (review counts, which the seed dates from today):
 * on 2026-12-01 it was booking-phone.spec's first shop by id, whose journey was then asked for a code.
 */
export const CODE_ASKING_SHOP_NTH = 1;
export const codeAskingShop = async (request: APIRequestContext) => (await findBookableShop(request, CODE_ASKING_SHOP_NTH)).shop;

/**
 * A shop whose page shows next free times now (today or tomorrow, São Paulo time): the shop page's chips. On a
 * Saturday evening most seeded shops have none (closed on Sunday), so the nth bookable shop is not enough.
 * Undefined when no shop of the first 50 has one at this hour.
 */
export async function findShopWithNextFreeTimes(request: APIRequestContext) {
  const asking = await codeAskingShop(request);
  const list = await request.get("/v3/client/barbershops-by-name?name=Barbearia&limit=50");
  expect(list.ok()).toBeTruthy();
  const { items } = (await list.json()) as { items: { id: number; slug: string; name: string }[] };
  for (const shop of items.filter((s) => s.id !== asking.id)) {
    const res = await request.get(`/v3/barbershop/${shop.id}/next-free-times`);
    expect(res.ok()).toBeTruthy();
    if (((await res.json()) as { items: unknown[] }).items.length > 0) return shop;
  }
  return undefined;
}

export type Login = { token: string; user: { id: number; name: string; phone?: string | null } };

/** Signs `who` in through the API (`headers`: the visitor's address, say) and returns the token and the account. */
export async function logIn(request: APIRequestContext, who: { login: string; password: string } = DEMO, headers?: Record<string, string>): Promise<Login> {
  const res = await request.post("/v3/login", { data: who, headers });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Login;
}

/** Opens the page's next loads signed in as `login`: the session keys of lib/api/session.ts, set before the app loads. */
export async function setSession(page: Page, { token, user }: Login) {
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem("token", t);
      localStorage.setItem("user", u);
      localStorage.setItem("userData", u);
      localStorage.setItem("userType", "client");
    },
    [token, JSON.stringify(user)] as const,
  );
}

/** The page signed in as the demo client; returns the token. */
export async function signIn(page: Page, request: APIRequestContext) {
  const login = await logIn(request);
  await setSession(page, login);
  return login.token;
}

const strip = (page: Page) => page.locator('section[aria-labelledby="step-when"] [role="group"]').first();
const timeButtons = (page: Page) => page.locator('section[aria-labelledby="step-when"] [role="group"][aria-labelledby^="period-"] button');

/**
 * On the day-and-time step: days of the strip in order until one has free times, then its first
 * time, which opens the review step. Returns the time (the date is in the URL: chosenDate).
 */
export async function chooseFirstFreeTime(page: Page, options: { skipDays?: number } = {}) {
  const days = strip(page).locator("button:not([disabled])");
  await expect(days.first()).toBeVisible();
  const count = await days.count();
  for (let i = options.skipDays ?? 0; i < count; i++) {
    await days.nth(i).click();
    const empty = page.locator('section[aria-labelledby="step-when"] [role="status"]').filter({ hasText: /./ });
    await expect(timeButtons(page).first().or(empty)).toBeVisible();
    if (await timeButtons(page).count()) {
      const hour = (await timeButtons(page).first().innerText()).trim();
      await timeButtons(page).first().click();
      await expect(page.locator("#step-review")).toBeVisible();
      return hour;
    }
  }
  throw new Error("no free time in the coming weeks");
}

/** The chosen date (YYYY-MM-DD) as the page's URL holds it. */
export async function chosenDate(page: Page): Promise<string> {
  return (await page.evaluate(() => new URLSearchParams(location.search).get("date")))!;
}

/** On the day-and-time step with a day chosen: its first free time (which opens the review step). */
export async function chooseFirstFreeTimeOnCurrentDate(page: Page) {
  await expect(timeButtons(page).first()).toBeVisible();
  const hour = (await timeButtons(page).first().innerText()).trim();
  await timeButtons(page).first().click();
  await expect(page.locator("#step-review")).toBeVisible();
  return hour;
}

/** The first day in the next two weeks with free times for this barber and service, and those times. */
export async function freeTime(request: APIRequestContext, shopId: number, barberId: number, serviceId: number) {
  const today = new Date();
  for (let d = 1; d <= 14; d++) {
    const date = new Date(today.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    const res = await request.get(`/v3/appointment/available-times?barbershop_id=${shopId}&barber_id=${barberId}&services=${serviceId}&date=${date}`);
    expect(res.ok()).toBeTruthy();
    const times = (await res.json()) as { morning: string[]; afternoon: string[]; night: string[] };
    const hours = [...times.morning, ...times.afternoon, ...times.night];
    if (hours.length) return { date, hours };
  }
  throw new Error(`shop ${shopId} has no free time in two weeks`);
}
