import { expectAccessible } from "./axe";
import { type APIRequestContext, expect, type Page, test } from "./clock";
import { findBookableShop, freeTime, signIn } from "./booking-fixtures";
import { outboxPath } from "./outbox";

// (Each test books at shops of its own, which no other spec books at: a shop asks guests for a code past
// three guest bookings an hour.)
// Moving a booking to another time from its page (the private link of a guest here; a signed-in client's
// page shows the same button, tests/api/reschedule.db.test.ts covers both on the API).

type Booked = { shop: { id: number; slug: string }; barber: { id: number }; service: { id: number }; id: number; token: string; date: string; hour: string };

/** A guest booking at the last free time of a shop's first free day, at a shop that takes guests without a code. */
async function bookAsGuest(request: APIRequestContext, firstShop: number, name: string): Promise<Booked> {
  for (let nth = firstShop; nth < firstShop + 6; nth++) {
    const { shop, barber, service } = await findBookableShop(request, nth);
    const { date, hours } = await freeTime(request, shop.id, barber.id, service.id);
    const digits = String(Date.now() + nth).slice(-7);
    const hour = hours[hours.length - 1];
    const res = await request.post("/v3/appointments/appointment-without-login", {
      data: {
        barbershop_id: shop.id,
        barber_id: barber.id,
        services: [service.id],
        date,
        start_hour: hour,
        name,
        phone: `(11) 96${digits.slice(0, 3)}-${digits.slice(3)}`,
      },
    });
    if (res.status() === 428) continue;
    expect(res.status()).toBe(201);
    const answer = (await res.json()) as { appointment: { id: number }; manage_token: string };
    return { shop, barber, service, id: answer.appointment.id, token: answer.manage_token, date, hour };
  }
  throw new Error("no seeded shop takes a guest's booking without a code");
}

const NO_TIMES = "Nenhum horário disponível no período.";
// A day's times (not a phone's "+N", which shows the rest of a long period), and those the screen shows.
const times = (page: Page) => page.locator('[role="group"][aria-labelledby^="period-"] button[aria-pressed]');
const shownTimes = (page: Page) => page.locator('[role="group"][aria-labelledby^="period-"] button[aria-pressed]:visible');
const api = (request: APIRequestContext, b: Booked) =>
  request.get(`/v3/client/appointments/${b.id}?manage_token=${b.token}`).then((r) => r.json()) as Promise<{
    appointment: { date: string; start_hour: string };
  }>;

test(
  "a guest moves their booking to another time of the same day from its page, in a few taps on a phone",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: the phone journey.
    const b = await bookAsGuest(request, 8, "Remarca Teste");
    await page.goto(`/agendamento/${b.id}?token=${b.token}&lng=pt-BR`);
    await page.getByRole("link", { name: "Remarcar" }).click();
    await expect(page).toHaveURL(new RegExp(`/agendamento/${b.id}/remarcar\\?token=`));
    await expect(page.getByRole("heading", { name: `Remarcar o agendamento nº ${b.id}` })).toBeVisible();
    await expect(page.getByText("Horário atual", { exact: true })).toBeVisible();
    // The booking's day is chosen; its current time is not offered as a new one.
    await expect(times(page).first()).toBeVisible();
    await expect(times(page).filter({ hasText: new RegExp(`^${b.hour}$`) })).toHaveCount(0);
    const submit = page.getByRole("button", { name: /^Remarcar para|^Escolha um horário$/ });
    await expect(submit).toBeDisabled();
    await expectAccessible(page);

    const hour = (await times(page).first().innerText()).trim();
    await times(page).first().click();
    await expect(submit).toHaveText(new RegExp(`^Remarcar para .+ · ${hour}$`));
    await expect(submit).toBeEnabled();
    await submit.click();

    // Back on its page, at the new time; the API says the same, and the old time is free for someone else.
    await expect(page).toHaveURL(new RegExp(`/agendamento/${b.id}\\?token=`));
    await expect(page.getByText(/^Remarcado para /)).toBeVisible();
    await expect(page.getByText(new RegExp(`· ${hour}–`))).toBeVisible();
    expect((await api(request, b)).appointment).toMatchObject({ date: b.date, start_hour: hour });
    const free = (await (
      await request.get(`/v3/appointment/available-times?barbershop_id=${b.shop.id}&barber_id=${b.barber.id}&services=${b.service.id}&date=${b.date}`)
    ).json()) as Record<"morning" | "afternoon" | "night", string[]>;
    expect([...free.morning, ...free.afternoon, ...free.night]).toContain(b.hour);
  },
);

test(
  "a time taken by someone else while the guest was choosing: the page says so, offers fresh times, and the booking stays where it was",
  { tag: "@desktop" },
  async ({ page, request }, info) => {
    // The desktop project only: once is enough.
    const b = await bookAsGuest(request, 10, "Remarca Conflito");
    await page.goto(`/agendamento/${b.id}/remarcar?token=${b.token}&lng=en`);
    await expect(page.getByRole("heading", { name: `Reschedule appointment no. ${b.id}` })).toBeVisible();
    await expect(times(page).first()).toBeVisible();
    const hour = (await times(page).first().innerText()).trim();
    await times(page).first().click();

    // Someone takes that very time meanwhile.
    const taken = await request.post("/v3/appointments/appointment-without-login", {
      data: {
        barbershop_id: b.shop.id,
        barber_id: b.barber.id,
        services: [b.service.id],
        date: b.date,
        start_hour: hour,
        name: "Outra Pessoa",
        phone: "(21) 97777-6655",
      },
    });
    expect(taken.status()).toBe(201);
    await page.getByRole("button", { name: new RegExp(`^Move to .+ · ${hour}$`) }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: /just (been )?booked|just taken/i })
        .first(),
    ).toBeVisible();
    await expect(times(page).filter({ hasText: new RegExp(`^${hour}$`) })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Choose a time" })).toBeDisabled();
    expect((await api(request, b)).appointment).toMatchObject({ date: b.date, start_hour: b.hour });

    // "Keep the current time" leads back to the booking, unchanged.
    await page.getByRole("link", { name: "Keep the current time" }).click();
    await expect(page).toHaveURL(new RegExp(`/agendamento/${b.id}\\?token=.+lng=en`));
    await expect(page.getByText(new RegExp(`· ${b.hour}–`))).toBeVisible();
    // The private link to copy keeps the page's language, so it opens in English where no cookie says so.
    const link = new URL(await page.getByLabel("Private link to this appointment").inputValue());
    expect(link.searchParams.get("token")).toBe(b.token);
    expect(link.searchParams.get("lng")).toBe("en");
  },
);

test(
  "from a reminder's one-tap page, a guest who cannot make it chooses another time instead of cancelling, and is told of the move",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: a phone journey.
    test.setTimeout(120_000);
    // A booking two days ahead or more (its reminders still to come), by WhatsApp.
    let b: { id: number; date: string; hour: string; phone: string } | null = null;
    for (let nth = 12; nth < 18 && !b; nth++) {
      const { shop, barber, service } = await findBookableShop(request, nth);
      for (let d = 2; d <= 9 && !b; d++) {
        const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
        const t = (await (
          await request.get(`/v3/appointment/available-times?barbershop_id=${shop.id}&barber_id=${barber.id}&services=${service.id}&date=${date}`)
        ).json()) as Record<string, string[]>;
        const hours = [...t.morning, ...t.afternoon, ...t.night];
        if (hours.length < 2) continue;
        const digits = String(Date.now()).slice(-7);
        const res = await request.post("/v3/appointments/appointment-without-login", {
          data: {
            barbershop_id: shop.id,
            barber_id: barber.id,
            services: [service.id],
            date,
            start_hour: hours[0],
            name: "Lembrete Remarca",
            phone: `(11) 95${digits.slice(0, 3)}-${digits.slice(3)}`,
            whatsapp_opt_in: true,
          },
        });
        if (res.status() === 428) break;
        expect(res.status()).toBe(201);
        b = { id: ((await res.json()) as { appointment: { id: number } }).appointment.id, date, hour: hours[0], phone: `+551195${digits}` };
      }
    }
    expect(b, "a seeded shop takes a guest's booking two days ahead without a code").not.toBeNull();

    await page.goto(outboxPath());
    const reminder = page.getByTestId("outbox-message").filter({ hasText: b!.phone }).filter({ hasText: "reminder" }).first();
    const href = await reminder.getByRole("link", { name: "/agendamento/responder" }).first().getAttribute("href");
    expect(href).toMatch(/^\/agendamento\/responder\?t=/);
    // (Booked in English, the API's caller's language: the reminder and its page are in English.)
    await page.goto(href!);
    await page.getByRole("link", { name: "Choose another time" }).click();
    await expect(page.getByRole("heading", { name: `Reschedule appointment no. ${b!.id}` })).toBeVisible();
    await expect(times(page).first()).toBeVisible();
    const hour = (await shownTimes(page).last().innerText()).trim();
    expect(hour).not.toBe(b!.hour);
    await shownTimes(page).last().click();
    await page.getByRole("button", { name: new RegExp(`^Move to .+ · ${hour}$`) }).click();

    // Back on the one-tap page, at the new time, still to be confirmed.
    await expect(page).toHaveURL(/\/agendamento\/responder\?t=/);
    await expect(page.locator("dl")).toContainText(`, ${hour} (`);
    await expect(page.getByRole("button", { name: "Confirm I am coming" })).toBeVisible();
    // The guest is told by WhatsApp, with the new time; the old reminders are gone, new ones written.
    await page.goto(outboxPath());
    const mine = page.getByTestId("outbox-message").filter({ hasText: b!.phone });
    await expect(mine.filter({ hasText: "rescheduled" })).toHaveCount(1);
    await expect(mine.filter({ hasText: "rescheduled" })).toContainText(hour);
    await expect(mine.filter({ hasText: "reminder" }).filter({ hasText: hour })).toHaveCount(2);
  },
);

test("a signed-in client moves an upcoming appointment from 'my appointments'", { tag: "@desktop" }, async ({ page, request }, info) => {
  // The desktop project only: once is enough.
  const token = await signIn(page, request);
  const auth = { authorization: `Bearer ${token}` };
  type Item = { id: number; can_cancel: boolean; date: string; start_hour: string; barbershop: { name: string } };
  const { items } = (await (await request.get("/v3/client/appointments?scope=upcoming&limit=100", { headers: auth })).json()) as { items: Item[] };
  const a = items.find((x) => x.can_cancel);
  expect(a, "the demo client has an upcoming appointment").toBeTruthy();

  await page.goto("/agendamentos?lng=pt-BR");
  const card = page.locator("li").filter({ has: page.locator(`a[href="/agendamento/${a!.id}"]`) });
  await card.getByRole("link", { name: `Remarcar o horário na ${a!.barbershop.name}` }).click();
  await expect(page.getByRole("heading", { name: `Remarcar o agendamento nº ${a!.id}` })).toBeVisible();
  // Its own day if it has another time, else the first day that has one.
  const noTimes = page.getByText(NO_TIMES);
  const hasTimes = async () => {
    await expect(times(page).first().or(noTimes)).toBeVisible();
    return (await times(page).count()) > 0;
  };
  if (!(await hasTimes())) {
    const days = page.locator('section[aria-labelledby="new-time"] [role="group"] button:not([disabled])');
    for (let i = 0; i < (await days.count()); i++) {
      await days.nth(i).click();
      if (await hasTimes()) break;
    }
  }
  const hour = (await shownTimes(page).last().innerText()).trim();
  await shownTimes(page).last().click();
  await page.getByRole("button", { name: new RegExp(`^Remarcar para .+ · ${hour}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/agendamento/${a!.id}$`));
  await expect(page.getByText(new RegExp(`· ${hour}–`))).toBeVisible();
  const after = (await (await request.get(`/v3/client/appointments/${a!.id}`, { headers: auth })).json()) as { appointment: Item };
  expect(after.appointment.start_hour).toBe(hour);
});
