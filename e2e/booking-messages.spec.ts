import { expectAccessible } from "./axe";
import { expect, test } from "./clock";
import { chooseFirstFreeTime, findBookableShop } from "./booking-fixtures";
import { outboxPath } from "./outbox";

test.use({ locale: "pt-BR" });

// The demo has no SMTP server or WhatsApp account: messages stay in the outbox, which shows them as the
// client would see them, with working links.
test(
  "a guest who ticks WhatsApp gets a confirmation and reminders; the reminder's one-tap page confirms only on a tap",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: a phone journey.
    test.setTimeout(120_000);
    const { shop, barber, service } = await findBookableShop(request, 2);
    const phoneDigits = `1197${String(Date.now()).slice(-7)}`;

    await page.goto(`/barbearia/${shop.slug}/agendar?service=${service.id}&barber=${barber.id}&lng=pt-BR`);
    // A day at least two days ahead, so that both reminders are still to come.
    await chooseFirstFreeTime(page, { skipDays: 2 });
    await page.getByLabel("Nome completo").fill("Cliente Lembrete");
    await page.getByLabel("Celular").pressSequentially(phoneDigits);
    const optIn = page.getByRole("checkbox", { name: new RegExp(`pelo WhatsApp.*${shop.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
    await expect(optIn).not.toBeChecked();
    await optIn.check();
    await page.getByRole("button", { name: "Confirmar agendamento" }).click();
    await expect(page).toHaveURL(/\/agendamento\/\d+\?token=/);
    const id = Number(/\/agendamento\/(\d+)/.exec(page.url())![1]);
    const token = new URL(page.url()).searchParams.get("token")!;

    await page.goto(outboxPath());
    const mine = page.getByTestId("outbox-message").filter({ hasText: `+55${phoneDigits}` });
    // The confirmation and two reminders, by WhatsApp only (a guest has no e-mail).
    await expect(mine).toHaveCount(3);
    await expect(mine.filter({ hasText: "confirmation" })).toContainText("Seu horário está agendado");
    await expect(mine.filter({ hasText: "confirmation" })).toContainText(`agendamento/${id}?token=`);
    const reminder = mine.filter({ hasText: "reminder" }).first();
    await expect(reminder.getByText("Confirmar presença", { exact: true })).toBeVisible();
    await expect(reminder.getByText("Cancelar", { exact: true })).toBeVisible();
    await expect(reminder.getByText("Escolher outro horário", { exact: true })).toBeVisible();
    const href = await reminder.getByRole("link", { name: "/agendamento/responder" }).first().getAttribute("href");
    expect(href).toMatch(/^\/agendamento\/responder\?t=/);

    // Opening the link changes nothing.
    await page.goto(href!);
    await expect(page.getByRole("heading", { level: 1, name: "Confirme seu horário" })).toBeVisible();
    await expect(page.getByText(shop.name).first()).toBeVisible();
    const before = await (await request.get(`/v3/client/appointments/${id}?manage_token=${encodeURIComponent(token)}`)).json();
    expect(before.appointment?.status ?? before.status).toBe("pending");
    await page.getByRole("button", { name: "Confirmar presença" }).click();
    await expect(page.getByRole("status")).toHaveText("Presença confirmada. Até lá!");
    const after = await (await request.get(`/v3/client/appointments/${id}?manage_token=${encodeURIComponent(token)}`)).json();
    expect(after.appointment?.status ?? after.status).toBe("confirmed");
    // Coming: the way there and the shop's own WhatsApp, the message naming the appointment.
    await expect(page.getByRole("link", { name: "Como chegar" })).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d/);
    await expect(page.getByRole("link", { name: "Mensagem para a barbearia" })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/55\\d{10,11}\\?text=.*${id}`),
    );

    // The same link in English, after the answer: the booking, and only Cancel left.
    await page.goto(`${href}&lng=en`);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your appointment" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm I am coming" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel the booking" })).toBeVisible();

    // A tampered link says so, in the page's language.
    await page.goto(`/agendamento/responder?t=${encodeURIComponent(href!.split("t=")[1].split("&")[0].replace(/^\d+/, "999999"))}&lng=es`);
    await expect(page.getByRole("status")).toHaveText("Este enlace no es válido. Comprueba que se copió entero.");
    // and offers a way on: the client's appointments, or a new search.
    await expect(page.getByRole("main").getByRole("link", { name: "Ver mis citas" })).toHaveAttribute("href", "/agendamentos?lng=es");
    await expect(page.getByRole("main").getByRole("link", { name: "Buscar una barbería" })).toHaveAttribute("href", "/barbearias?lng=es");

    // The confirmation went out as a message of its own; the reminders still wait.
    await page.goto(outboxPath());
    await expect(
      page
        .getByTestId("outbox-message")
        .filter({ hasText: `+55${phoneDigits}` })
        .filter({ hasText: "Presença confirmada" }),
    ).toHaveCount(1);

    // Not coming after all: cancelled from the reminder, it offers another time with the same service and barber,
    // and the booking opens at its day and time.
    await page.goto(`${href}&lng=en`);
    await page.getByRole("button", { name: "Cancel the booking" }).click();
    await expect(page.getByRole("status")).toHaveText("Booking cancelled. The time is free for someone else.");
    await expect(page.getByRole("link", { name: "Directions" })).toHaveCount(0);
    const again = page.getByRole("link", { name: "Book another time" });
    await expect(again).toHaveAttribute("href", `/barbearia/${shop.slug}/agendar?service=${service.id}&barber=${barber.id}&lng=en`);
    await again.click();
    await expect(page.locator("#step-when")).toBeVisible();
    await expect(page.locator('section[aria-labelledby="step-when"] [role="group"]').first().locator("button:not([disabled])").first()).toBeVisible();
  },
);

test(
  "a client's booking writes the e-mail that asks how it was, for after the visit; its link opens the rating page",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: a phone journey.
    test.setTimeout(120_000);
    const { shop, barber, service } = await findBookableShop(request, 11);
    const tag = `${Date.now().toString(36)}r`;
    const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8);
    const registered = await request.post("/v3/register/client/web_client", {
      headers: { "accept-language": "pt-BR" },
      data: {
        name: `Avalia ${tag}`,
        email: `avalia-${tag}@example.com`,
        phone: `(11) 9${digits.slice(0, 4)}-${digits.slice(4)}`,
        password: "segredo-avalia-123",
        password_confirmation: "segredo-avalia-123",
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const token = ((await registered.json()) as { token: string }).token;
    let booked = 0;
    for (let i = 2; i < 14 && !booked; i++) {
      const date = new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10);
      const times = (await (
        await request.get(`/v3/appointment/available-times?barbershop_id=${shop.id}&barber_id=${barber.id}&services=${service.id}&date=${date}`)
      ).json()) as Record<string, string[]>;
      const first = [...(times.morning ?? []), ...(times.afternoon ?? []), ...(times.night ?? [])][0];
      if (!first) continue;
      const res = await request.post("/v3/appointments/new-appointment", {
        headers: { authorization: `Bearer ${token}`, "accept-language": "pt-BR" },
        data: { barbershop_id: shop.id, barber_id: barber.id, services: [service.id], date, start_hour: first },
      });
      expect(res.status(), await res.text()).toBe(201);
      booked = ((await res.json()) as { appointment: { id: number } }).appointment.id;
    }
    expect(booked, "a free time in the next two weeks").toBeGreaterThan(0);

    await page.goto(outboxPath());
    const ask = page
      .getByTestId("outbox-message")
      .filter({ hasText: `avalia-${tag}@example.com` })
      .filter({ hasText: `Como foi na ${shop.name}?` });
    await expect(ask).toHaveCount(1);
    await expect(ask).toContainText("review-request");
    const href = (await ask.getByRole("link", { name: "/avaliar" }).first().getAttribute("href"))!;
    expect(href).toMatch(/^\/avaliar\?t=/);
    // Before the visit, the page shows it and says when it can be rated; opening it changes nothing.
    await page.goto(href);
    await expect(page.getByRole("heading", { name: "Avalie seu horário" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Você poderá avaliar depois do horário." })).toBeVisible();
    await expect(page.getByText(shop.name, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar avaliação" })).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath("rate-link-not-yet.png"), fullPage: true });
    // A link cut short says so, and leads to the appointments.
    await page.goto(`${href.slice(0, -3)}&lng=es`);
    await expect(page.getByRole("status").filter({ hasText: "Este enlace no es válido o expiró." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mis citas" })).toHaveAttribute("href", /\/agendamentos/);
  },
);

test(
  'the rating page from the "how was it?" e-mail asks for a reminder to book again, without signing in or JavaScript',
  { tag: "@phone" },
  async ({ page, browser, baseURL }, info) => {
    // The phone project only: a phone journey.
    test.setTimeout(120_000);
    // The demo's past visits have their "how was it?" e-mail in the outbox (scripts/seed/review-requests.ts).
    await page.goto(`${outboxPath()}&to=${encodeURIComponent("demo@navalha.app")}`);
    await expect(page.getByText("Mensagens para demo@navalha.app")).toBeVisible();
    const asks = page.getByTestId("outbox-message").filter({ hasText: "review-request" });
    const hrefs: string[] = [];
    for (const ask of await asks.all()) {
      // A link past its time has been taken out of the message (retention).
      const link = ask.getByRole("link", { name: "/avaliar" }).first();
      if (await link.count()) hrefs.push((await link.getAttribute("href"))!);
    }
    expect(hrefs.length, "the demo client's past visits were asked about").toBeGreaterThan(0);

    const ctx = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "pt-BR", viewport: { width: 375, height: 812 } });
    const plain = await ctx.newPage();
    const title = plain.getByRole("heading", { name: "Lembrar de agendar de novo" });
    let href = "";
    // The oldest first (the outbox lists the newest first); a visit whose link has expired offers nothing.
    for (const h of hrefs.reverse()) {
      await plain.goto(h);
      if (await title.count()) {
        href = h;
        break;
      }
    }
    expect(href, "a past visit whose link still works").not.toBe("");
    // The next visit can be booked from here too: the same services with the same barber.
    await expect(plain.getByRole("link", { name: "Agendar de novo" })).toHaveAttribute(
      "href",
      /^\/barbearia\/[a-z0-9-]+\/agendar\?service=\d+(,\d+)*&barber=\d+$/,
    );
    // Another journey may have left a reminder waiting for this visit: call it off first.
    if (await plain.getByRole("button", { name: "Não lembrar" }).count()) {
      await plain.getByRole("button", { name: "Não lembrar" }).click();
      await expect(plain.getByRole("status").filter({ hasText: "Lembrete cancelado." })).toBeVisible();
    }
    const choice = plain.getByRole("button", { name: /^Lembrar em \d+ semanas: / }).first();
    const label = (await choice.getAttribute("aria-label"))!;
    const date = label.split(": ")[1];
    await choice.click();
    await expect(plain).toHaveURL(/done=reminded/);
    await expect(plain.getByRole("status").filter({ hasText: `Lembraremos você em ${date}, por e-mail.` })).toBeVisible();
    await plain.screenshot({ path: info.outputPath("rate-link-rebook.png"), fullPage: true });
    // axe runs in the page, so it scans the same address with JavaScript on (opening it changes nothing).
    await page.goto(plain.url());
    await expect(page.getByRole("heading", { name: "Lembrar de agendar de novo" })).toBeVisible();
    await expectAccessible(page);

    // The message waits in the outbox, to the account's e-mail. Another journey booking as the demo client at that
    // shop meanwhile drops it, as a new booking there should (lib/server/appointments/rebook-reminder.ts): then the
    // reminder is asked for again, as the client would.
    const waiting = page.getByTestId("outbox-message").filter({ hasText: "rebook" }).filter({ hasText: "Hora de agendar de novo na" });
    await expect(async () => {
      await page.goto(`${outboxPath()}&to=${encodeURIComponent("demo@navalha.app")}`);
      await expect(page.getByText("Mensagens para demo@navalha.app")).toBeVisible();
      if ((await waiting.count()) > 0) return;
      await plain.goto(href);
      if (await plain.getByRole("button", { name: "Não lembrar" }).count()) await plain.getByRole("button", { name: "Não lembrar" }).click();
      await plain.getByRole("button", { name: label }).click();
      await expect(plain).toHaveURL(/done=reminded/);
      throw new Error("the reminder to book again is not in the outbox");
    }).toPass({ timeout: 60_000 });

    // "Mudar a data" shows the choices with the waiting one pressed; "Manter a data" changes nothing.
    await plain.getByRole("link", { name: "Mudar a data" }).click();
    await expect(plain.getByRole("button", { name: label })).toHaveAttribute("aria-pressed", "true");
    await plain.getByRole("link", { name: "Manter a data" }).click();
    await expect(plain.getByRole("status").filter({ hasText: `Lembraremos você em ${date}, por e-mail.` })).toBeVisible();
    await plain.getByRole("button", { name: "Não lembrar" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "Lembrete cancelado." })).toBeVisible();
    await expect(plain.getByRole("button", { name: label })).toHaveAttribute("aria-pressed", "false");
    await ctx.close();
  },
);
