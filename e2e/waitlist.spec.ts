import { expectAccessible } from "./axe";
import { type APIRequestContext, expect, test } from "./clock";
import { findBookableShop, signIn } from "./booking-fixtures";
import { latestCode, outboxPath } from "./outbox";

// "Tell me if a time frees up": a day that bookings filled can be chosen in the date strip, a signed-in
// client asks to be told, and when someone cancels the client gets the message with the link that books it.

type Service = { id: number; name: string; duration_minutes: number };

type Client = { authorization: string; phone: string };

/** A client of the spec's own, signed up through the API (each may hold 3 upcoming bookings at a shop). */
async function newClient(request: APIRequestContext, n: number): Promise<Client> {
  const tag = `${Date.now().toString(36)}${n}`;
  const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8);
  const res = await request.post("/v3/register/client/web_client", {
    data: {
      name: `Fila ${tag}`,
      email: `fila-${tag}@example.com`,
      phone: `(11) 9${digits.slice(0, 4)}-${digits.slice(4)}`,
      password: "segredo-fila-123",
      password_confirmation: "segredo-fila-123",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}`, phone: `+55119${digits}` };
}

/**
 * A new account's booking. Past the shop's first unproved bookings of the hour the answer is 428 and a code goes
 * to the account's phone (decision 0043): the spec reads it on the outbox and sends the booking again with it.
 */
async function bookAs(request: APIRequestContext, client: Client, data: Record<string, unknown>) {
  let res = await request.post("/v3/appointments/new-appointment", { headers: { authorization: client.authorization }, data });
  if (res.status() === 428) {
    res = await request.post("/v3/appointments/new-appointment", {
      headers: { authorization: client.authorization },
      data: { ...data, phone_code: await latestCode(request, client.phone) },
    });
  }
  expect(res.status(), await res.text()).toBe(201);
  return res;
}

test(
  "a full day: a signed-in client asks to be told, someone cancels, and the message's link opens the freed time",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: a phone journey; the date strip is the same on a desktop.
    test.setTimeout(120_000);
    // A shop of its own among the seeded ones (the booking journeys take the first ones), its barber's longest
    // service, and a day one to three weeks ahead the spec fills with it, booking its first free time until none is left.
    const { shop, barber } = await findBookableShop(request, 19);
    const services = ((await (await request.get(`/v3/barbershop/${shop.id}/barber/${barber.id}/services`)).json()) as { items: Service[] }).items;
    const longest = [...services].sort((a, b) => b.duration_minutes - a.duration_minutes)[0];
    const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const strip = async () =>
      (
        (await (
          await request.get(`/v3/appointment/available-days?barbershop_id=${shop.id}&barber_id=${barber.id}&services=${longest.id}&from=${from}&days=14`)
        ).json()) as { days: { date: string; available: boolean }[] }
      ).days;
    // A day with times in two periods or more, so that the client can keep to some of them once it is full.
    const timesOn = async (date: string) =>
      (await (
        await request.get(`/v3/appointment/available-times?barbershop_id=${shop.id}&barber_id=${barber.id}&services=${longest.id}&date=${date}`)
      ).json()) as Record<"morning" | "afternoon" | "night", string[]> & { full_periods: string[] };
    let day = "";
    for (const d of (await strip()).filter((d) => d.available)) {
      const t = await timesOn(d.date);
      if ([t.morning, t.afternoon, t.night].filter((p) => p.length > 0).length >= 2) {
        day = d.date;
        break;
      }
    }
    expect(day).not.toBe("");
    const booked: { id: number; token: string }[] = [];
    let client: Client | null = null;
    for (let i = 0; i < 9; i++) {
      const times = await timesOn(day);
      const offered = [...times.morning, ...times.afternoon, ...times.night];
      if (offered.length === 0) break;
      // The latest time that leaves less than the service's length free before it: fewest bookings, fewest sign-ups
      // (sign-ups are limited per address, and other journeys sign up too).
      const minutes = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3));
      const first = offered.filter((h) => minutes(h) < minutes(offered[0]) + longest.duration_minutes).at(-1)!;
      if (booked.length % 3 === 0) client = await newClient(request, booked.length);
      const res = await bookAs(request, client!, { barbershop_id: shop.id, barber_id: barber.id, services: [longest.id], date: day, start_hour: first });
      booked.push({ id: ((await res.json()) as { appointment: { id: number } }).appointment.id, token: client!.authorization });
    }
    expect((await strip()).find((d) => d.date === day)).toEqual({ date: day, available: false, full: true });

    // A guest on that day leaves a name and a phone, proves the phone with the WhatsApp code (read on the
    // development outbox) and is told on WhatsApp when the time frees up (below); signing in stays offered.
    const url = `/barbearia/${shop.slug}/agendar?service=${longest.id}&barber=${barber.id}&date=${day}&lng=pt-BR`;
    await page.goto(url);
    await expect(page.getByRole("status").filter({ hasText: /^[\p{L}-]+, \d{1,2} de \p{L}+ está lotado\.$/u })).toBeVisible();
    await expect(page.getByRole("link", { name: "Entre na sua conta" })).toHaveAttribute("href", /^\/entrar\?next=/);
    const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8);
    const guestPhone = { masked: `(41) 9${digits.slice(0, 4)}-${digits.slice(4)}`, e164: `+55419${digits}` };
    await page.getByLabel("Nome completo").fill("Convidada Fila");
    await page.getByLabel("Celular").pressSequentially(guestPhone.e164.slice(3));
    await page.getByRole("button", { name: "Avise-me pelo WhatsApp" }).click();
    await expect(page.getByText(`Enviamos um código de 6 dígitos pelo WhatsApp para ${guestPhone.masked}.`)).toBeVisible();
    const codePage = await page.context().newPage();
    await codePage.goto(outboxPath());
    const codeMessage = codePage.getByTestId("outbox-message").filter({ hasText: guestPhone.e164 }).first();
    await expect(codeMessage).toContainText("seu código para confirmar o aviso de horário livre");
    const code = /\b(\d{6})\b/.exec(await codeMessage.locator("figure, pre").first().innerText())![1];
    await codePage.close();
    await page.getByLabel("Código recebido pelo WhatsApp").fill(code);
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath("guest-code.png") });
    await page.getByRole("button", { name: "Confirmar o aviso" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Pronto: avisaremos você pelo WhatsApp, no ${guestPhone.masked}, se vagar um horário neste dia.` }),
    ).toBeVisible();
    await page.screenshot({ path: info.outputPath("guest-asked.png") });

    // The WhatsApp message that confirms it links to the entry's page, which takes it back without the tab that asked.
    const entryPage = await page.context().newPage();
    await entryPage.goto(outboxPath());
    const confirmation = entryPage.getByTestId("outbox-message").filter({ hasText: guestPhone.e164 }).filter({ hasText: "Cancele o aviso" });
    await expect(confirmation).toHaveCount(1);
    const entryUrl = new URL(/https?:\/\/\S+\/aviso\/\S+/.exec(await confirmation.locator("figure, pre").first().innerText())![0]);
    const entryPath = `${entryUrl.pathname}${entryUrl.search}`;
    await entryPage.goto(entryPath);
    await expect(entryPage.getByRole("heading", { name: "Aviso de horário livre" })).toBeVisible();
    await expect(entryPage.getByText(shop.name)).toBeVisible();
    await expect(entryPage.getByText("Avisaremos você pelo WhatsApp se vagar um horário:")).toBeVisible();
    await expectAccessible(entryPage);
    await entryPage.screenshot({ path: info.outputPath("guest-wish-page.png"), fullPage: true });
    await entryPage.setViewportSize({ width: 320, height: 640 });
    await entryPage.goto(`${entryPath}&lng=es`);
    await expect(entryPage.getByRole("button", { name: "No avisarme más" })).toBeVisible();
    expect(await entryPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await entryPage.screenshot({ path: info.outputPath("guest-wish-page-320-es.png"), fullPage: true });
    await entryPage.goto(`${entryPath}&lng=pt-BR`); // (?lng=es chose Spanish for the next pages too)
    await entryPage.getByRole("button", { name: "Não avisar mais" }).click();
    await expect(entryPage.getByRole("status").filter({ hasText: "Pronto: não vamos mais avisar você deste dia." })).toBeVisible();
    await expect(entryPage.getByRole("button", { name: "Não avisar mais" })).toHaveCount(0);
    await entryPage.close();
    // Asked again from the browser that proved the phone (its proof cookie: no code), to be told below.
    const again = await page.request.post("/v3/waitlist/guest", {
      data: { barbershop_id: shop.id, barber_id: barber.id, services: [longest.id], date: day, name: "Convidada Fila", phone: guestPhone.masked },
    });
    expect(again.status(), await again.text()).toBe(201);
    const guestEntry = (await again.json()) as { entry: { id: number }; token: string };

    // Signed in: the day is marked full in the strip but can be chosen, and the client asks.
    await signIn(page, request);
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    const chosen = page.locator('section[aria-labelledby="step-when"] [role="group"] button[aria-pressed="true"]').first(); // the strip's day
    await expect(chosen).toHaveAttribute("aria-label", /\(lotado\)$/);
    await expect(chosen).toBeEnabled();
    const ask = page.getByRole("button", { name: "Avise-me se vagar um horário", exact: true });
    await expect(ask).toBeVisible();
    // The periods bookings filled are offered to choose from, all of them at first (the whole day); leaving the
    // first out asks for the others.
    const { full_periods } = await timesOn(day);
    expect(full_periods.length).toBeGreaterThanOrEqual(2);
    const periods = page.getByRole("group", { name: "Quando você pode vir?" });
    const names: Record<string, string> = { morning: "Manhã", afternoon: "Tarde", night: "Noite" };
    const when: Record<string, string> = { morning: "de manhã", afternoon: "à tarde", night: "à noite" };
    await expect(periods.getByRole("button", { pressed: true })).toHaveCount(full_periods.length);
    await periods.getByRole("button", { name: names[full_periods[0]] }).click();
    const rest = full_periods.slice(1).map((p) => when[p]);
    await expect(
      page.getByRole("button", { name: `Avise-me se vagar um horário ${rest.length === 1 ? rest[0] : `${rest[0]} ou ${rest[1]}`}`, exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: info.outputPath("full-day-periods.png") });
    await periods.getByRole("button", { name: names[full_periods[0]] }).click();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath("full-day.png") });
    await ask.click();
    await expect(page.getByRole("status").filter({ hasText: "Pronto: avisaremos você se vagar um horário neste dia." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Não avisar mais" })).toBeVisible();
    await page.screenshot({ path: info.outputPath("asked.png") });
    // Back another time, the page knows.
    await page.reload();
    await expect(page.getByRole("button", { name: "Não avisar mais" })).toBeVisible();
    await expect(page.getByText(/está lotado\.$/)).toBeVisible();
    // Taken back, and asked again.
    await page.getByRole("button", { name: "Não avisar mais" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Certo, não avisaremos." })).toBeVisible();
    await page.getByRole("button", { name: "Avise-me se vagar um horário" }).click();
    await expect(page.getByRole("button", { name: "Não avisar mais" })).toBeVisible();
    // The client's appointments list it, waiting.
    await page.goto("/agendamentos?lng=pt-BR");
    const alerts = page.getByRole("region", { name: "Avisos de horário" });
    const card = alerts
      .getByRole("listitem")
      .filter({ hasText: shop.name })
      .filter({ has: page.locator(`a[href*="date=${day}"]`) });
    await expect(card).toContainText("Aguardando vagar um horário");
    await expect(card.getByRole("button", { name: /^Não avisar mais sobre / })).toBeVisible();

    // Someone cancels: the demo client is told by e-mail, with the freed time and the link that books it.
    // (A short day may take one booking only.)
    const freed = booked[0];
    const cancelled = await request.delete(`/v3/appointments/delete/${freed.id}`, { headers: { authorization: freed.token } });
    expect(cancelled.status()).toBe(200);
    await page.goto(outboxPath());
    const message = page
      .getByTestId("outbox-message")
      .filter({ hasText: "demo@navalha.app" })
      .filter({ hasText: `Vagou um horário: ${shop.name}` })
      .filter({ has: page.locator(`a[href*="date=${day}"]`) });
    await expect(message).toHaveCount(1);
    await message.screenshot({ path: info.outputPath("message.png") });
    // The guest too, on WhatsApp.
    await expect(
      page
        .getByTestId("outbox-message")
        .filter({ hasText: guestPhone.e164 })
        .filter({ hasText: `Convidada, vagou um horário na ${shop.name}` }),
    ).toHaveCount(1);
    // Its page now says so, and leads to the day's times.
    await page.goto(`/aviso/${guestEntry.entry.id}?t=${encodeURIComponent(guestEntry.token)}&lng=pt-BR`);
    await expect(
      page.getByRole("status").filter({ hasText: "Já avisamos você pelo WhatsApp de um horário livre neste dia. Se ainda quiser vir, veja os horários." }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver os horários deste dia" })).toHaveAttribute("href", new RegExp(`date=${day}`));
    await page.goto(outboxPath());
    const link = message.getByRole("link", { name: `/barbearia/${shop.slug}/agendar`, exact: true }).first();
    const href = (await link.getAttribute("href"))!;
    expect(href).toContain(`service=${longest.id}&barber=${barber.id}&date=${day}&step=when`);
    await page.goto(href);
    await expect(page.locator('section[aria-labelledby="step-when"] [role="group"][aria-labelledby^="period-"] button').first()).toBeVisible();
    // The list says the client was told.
    await page.goto("/agendamentos?lng=pt-BR");
    await expect(card).toContainText("Avisamos você: um horário vagou");
    await page.screenshot({ path: info.outputPath("list.png"), fullPage: true });
    await expectAccessible(page);
  },
);

test(
  "a period that bookings filled, on a day with other times: a signed-in client asks to be told about that period",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: a phone journey; the periods are the same on a desktop.
    test.setTimeout(120_000);
    // Another shop of its own, its barber's longest service, and the first day two weeks or more ahead with times
    // in two periods or more; the spec fills the period with the fewest times (a few bookings).
    const { shop, barber } = await findBookableShop(request, 17);
    const services = ((await (await request.get(`/v3/barbershop/${shop.id}/barber/${barber.id}/services`)).json()) as { items: Service[] }).items;
    const longest = [...services].sort((a, b) => b.duration_minutes - a.duration_minutes)[0];
    type Times = Record<"morning" | "afternoon" | "night", string[]> & { full_periods: string[] };
    const timesOn = async (day: string) =>
      (await (
        await request.get(`/v3/appointment/available-times?barbershop_id=${shop.id}&barber_id=${barber.id}&services=${longest.id}&date=${day}`)
      ).json()) as Times;
    const periods = ["morning", "afternoon", "night"] as const;
    let day = "";
    let times: Times | null = null;
    for (let i = 14; i < 28 && !day; i++) {
      const d = new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10);
      const t = await timesOn(d);
      if (periods.filter((p) => t[p].length > 0).length >= 2) [day, times] = [d, t];
    }
    expect(day, "a day with times in two periods").not.toBe("");
    const target = periods.filter((p) => times![p].length > 0).sort((a, b) => times![a].length - times![b].length)[0];
    let client: Client | null = null;
    for (let n = 0; n < 9; n++) {
      const left = (await timesOn(day))[target];
      if (left.length === 0) break;
      if (n % 3 === 0) client = await newClient(request, 100 + n);
      await bookAs(request, client!, { barbershop_id: shop.id, barber_id: barber.id, services: [longest.id], date: day, start_hour: left[0] });
    }
    expect((await timesOn(day)).full_periods).toContain(target);

    const words = { morning: ["Manhã", "de manhã"], afternoon: ["Tarde", "à tarde"], night: ["Noite", "à noite"] }[target];
    // A guest on the narrowest phone, in Spanish: the full period's tab offers the WhatsApp form, and nothing
    // runs off the screen.
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/barbearia/${shop.slug}/agendar?service=${longest.id}&barber=${barber.id}&date=${day}&lng=es`);
    const esTab = page.getByRole("button", { name: `${{ morning: "Mañana", afternoon: "Tarde", night: "Noche" }[target]} (completa)` });
    await esTab.click();
    await expect(page.getByRole("button", { name: "Avísame por WhatsApp" })).toBeVisible();
    await expect(page.getByLabel("Celular")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.screenshot({ path: info.outputPath("guest-period-320-es.png"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 667 });

    await signIn(page, request);
    await page.goto(`/barbearia/${shop.slug}/agendar?service=${longest.id}&barber=${barber.id}&date=${day}&lng=pt-BR`);
    const tab = page.getByRole("button", { name: `${words[0]} (lotada)` });
    await expect(tab).toHaveText(`${words[0]} (0)`);
    await tab.click();
    await expect(page.getByText(`Não há mais horários livres ${words[1]} neste dia.`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: `Avise-me se vagar um horário ${words[1]}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Pronto: avisaremos você se vagar um horário ${words[1]} neste dia.` })).toBeVisible();
    await page.screenshot({ path: info.outputPath("full-period.png") });
    // The client's appointments list it, with its period.
    await page.goto("/agendamentos?lng=pt-BR");
    const card = page
      .getByRole("region", { name: "Avisos de horário" })
      .getByRole("listitem")
      .filter({ has: page.locator(`a[href*="date=${day}"]`) });
    await expect(card).toContainText(`· ${words[1]}`);
    await expect(card).toContainText("Aguardando vagar um horário");

    // The period tabs are one row, each laid out alike: on the narrowest phone the count under the name in every
    // tab (in Portuguese, "Manhã (4)" wrapped and "Tarde (3)" did not), on a 375 px phone beside it (Spanish: the longest names).
    const tabsAt = async (width: number, lng: string) => {
      await page.setViewportSize({ width, height: 667 });
      await page.goto(`/barbearia/${shop.slug}/agendar?service=${longest.id}&barber=${barber.id}&date=${day}&lng=${lng}`);
      const tabs = page.getByRole("group", { name: lng === "es" ? "Momentos del día" : "Períodos do dia" }).getByRole("button");
      await expect(tabs.first()).toBeVisible();
      return tabs.evaluateAll((els) =>
        els.map((e) => {
          const [box, count] = [e.getBoundingClientRect(), e.querySelector("span")!.getBoundingClientRect()];
          return { top: box.top, height: box.height, below: count.top >= box.top + box.height / 2 - 2 };
        }),
      );
    };
    for (const [width, lng, below] of [
      [320, "pt-BR", true],
      [320, "es", true],
      [375, "es", false],
    ] as const) {
      const tabs = await tabsAt(width, lng);
      expect(tabs.length).toBeGreaterThanOrEqual(2);
      for (const tab of tabs) expect(tab, `${width} px: ${JSON.stringify(tabs)}`).toMatchObject({ top: tabs[0].top, below });
      for (const tab of tabs) expect(tab.height).toBeLessThanOrEqual(48);
      await page.screenshot({ path: info.outputPath(`periods-${width}-${lng}.png`) });
    }
  },
);
