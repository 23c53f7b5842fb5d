import { expectAccessible } from "./axe";
import { expect, test } from "./clock";
import { chooseFirstFreeTime, findBookableShop, freeTime, signIn } from "./booking-fixtures";
import { outboxPath } from "./outbox";

test.use({ locale: "pt-BR" });

test(
  "a client books and confirms, cancels another appointment, rates a completed one and asks to be reminded to book it again",
  { tag: "@desktop" },
  async ({ page, request, context }, info) => {
    // The desktop project only: the client journey is the desktop one.
    const token = await signIn(page, request);
    const auth = { authorization: `Bearer ${token}` };
    const { shop, barber, service } = await findBookableShop(request);

    // 1. Book with the account and confirm it.
    // From the shop page's "book with this barber" and a service: the flow opens at the day and time.
    await page.goto(`/barbearia/${shop.slug}/agendar?lng=pt-BR&barber=${barber.id}&service=${service.id}`);
    await expect(page.locator("#step-when")).toBeVisible();
    const hour = await chooseFirstFreeTime(page);
    await expect(page.getByText(/Agendando como /)).toBeVisible();
    // Back (the browser's) returns to the day and time; Forward to the review, the choice intact.
    await page.goBack();
    await expect(page.locator("#step-when")).toBeVisible();
    await page.goForward();
    await expect(page.locator("#step-review")).toBeVisible();
    await page.reload();
    await expect(page.locator('section[aria-labelledby="step-review"]')).toContainText(hour);
    await page.getByRole("button", { name: "Confirmar agendamento" }).click();
    await expect(page).toHaveURL(/\/agendamento\/\d+\?new=1/);
    await expect(page.getByText("Seu horário está agendado!")).toBeVisible();
    await expect(page.getByText(new RegExp(`${hour}–`))).toBeVisible();
    await expect(page.getByLabel("Link privado deste agendamento")).toHaveCount(0);

    // Booked, and said so once: no "confirm" right after booking (it is offered with the reminder, before the visit).
    await expect(page.getByText("Agendado", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirmar presença" })).toHaveCount(0);

    // 2. Cancel another upcoming one from "my appointments".
    const upcoming = (await (await request.get("/v3/client/appointments?scope=upcoming&limit=100", { headers: auth })).json()) as {
      items: { id: number; can_cancel: boolean; barbershop: { name: string } }[];
    };
    const bookedId = Number(/agendamento\/(\d+)/.exec(page.url())![1]);
    const other = upcoming.items.find((a) => a.can_cancel && a.id !== bookedId);
    expect(other, "the demo client has another upcoming appointment").toBeTruthy();
    await page.goto("/agendamentos?lng=pt-BR");
    await expect(page.getByRole("tab", { name: "Próximos", selected: true })).toBeVisible();
    // Today's and tomorrow's read as such, where the shop is (the one just booked is at least a day away).
    const { items: soon } = (await (await request.get("/v3/client/appointments?scope=upcoming&limit=20", { headers: auth })).json()) as {
      items: { id: number; date: string; start_hour: string; timezone: string }[];
    };
    for (const a of soon) {
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: a.timezone }).format(new Date());
      const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const word = a.date === today ? "Hoje" : a.date === tomorrow ? "Amanhã" : null;
      const card = page.locator(`a[href="/agendamento/${a.id}"]`);
      if (word) await expect(card).toContainText(`${word} · ${a.start_hour}`);
      else await expect(card).not.toContainText(/Hoje|Amanhã/);
    }
    await page.locator(`a[href="/agendamento/${other!.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/agendamento/${other!.id}$`));
    await page.getByRole("button", { name: "Cancelar agendamento" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancelar este agendamento?" });
    await dialog.getByRole("button", { name: "Não" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Agendado", { exact: true }).or(page.getByText("Presença confirmada", { exact: true }))).toBeVisible();
    await expect(page.getByRole("button", { name: "Adicionar à agenda (.ics)" })).toHaveCount(1);
    // Still to come: the way there and the shop's own WhatsApp, not only right after booking.
    await expect(page.getByRole("link", { name: "Como chegar" })).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d/);
    await expect(page.getByRole("link", { name: "Mensagem para a barbearia" })).toHaveAttribute("href", /^https:\/\/wa\.me\/55\d{10,11}\?text=/);
    await page.getByRole("button", { name: "Cancelar agendamento" }).click();
    await dialog.getByRole("button", { name: "Sim" }).click();
    await expect(page.getByText("Agendamento cancelado.").first()).toBeVisible();
    await expect(page.getByText("Cancelado", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Como chegar" })).toHaveCount(0);

    // 3. Rate a completed one, once: a second attempt (from a tab opened before) is refused.
    await page.goto("/agendamentos?lng=pt-BR");
    await page.getByRole("tab", { name: "Histórico" }).click();
    await expect(page.locator(`a[href="/agendamento/${other!.id}"]`)).toBeVisible();
    await expectAccessible(page);
    const history = (await (await request.get("/v3/client/appointments?scope=history&limit=100", { headers: auth })).json()) as {
      items: { id: number; can_review: boolean; barbershop: { slug: string; name: string }; barber: { id: number }; services: { id: number }[] }[];
    };
    const done = history.items.find((a) => a.can_review);
    expect(done, "the demo client has a completed appointment to rate").toBeTruthy();
    // Each past visit can be booked again from the history itself.
    const doneCard = page.getByRole("listitem").filter({ has: page.locator(`a[href="/agendamento/${done!.id}"]`) });
    await expect(doneCard.getByRole("link", { name: `Agendar de novo na ${done!.barbershop.name}` })).toHaveAttribute(
      "href",
      `/barbearia/${done!.barbershop.slug}/agendar?service=${done!.services.map((s) => s.id).join(",")}&barber=${done!.barber.id}`,
    );

    const stale = await context.newPage();
    await stale.goto(`/agendamento/${done!.id}?lng=pt-BR`);
    await expect(stale.getByRole("heading", { name: "Avalie este atendimento" })).toBeVisible();

    // A visit not rated yet has "Avaliar" in the history: its page opens at the form, the first star focused.
    await doneCard.getByRole("link", { name: `Avaliar a visita na ${done!.barbershop.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/agendamento/${done!.id}#review$`));
    await expect(page.getByRole("radio", { name: "1 estrela", exact: true })).toBeFocused();
    await expect(page.getByText("Concluído", { exact: true })).toBeVisible();
    // A past appointment offers no "Add to calendar" (the upcoming one above did).
    await expect(page.getByRole("button", { name: "Adicionar à agenda (.ics)" })).toHaveCount(0);
    await page.getByRole("radio", { name: "4 estrelas" }).check({ force: true });
    await page.getByLabel("Comentário (opcional)").fill("Ótimo atendimento, recomendo.");
    await page.getByRole("button", { name: "Enviar avaliação" }).click();
    await expect(page.getByText("Obrigado pela sua avaliação!").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sua avaliação" })).toBeVisible();
    await expect(page.getByText("Ótimo atendimento, recomendo.")).toBeVisible();

    await stale.getByRole("radio", { name: "5 estrelas" }).check({ force: true });
    await stale.getByRole("button", { name: "Enviar avaliação" }).click();
    await expect(stale.getByText("Este agendamento já foi avaliado.")).toBeVisible();

    // Back in the history, the visit shows its stars and asks for nothing more.
    await page.goto("/agendamentos?lng=pt-BR");
    await page.getByRole("tab", { name: "Histórico" }).click();
    await expect(page.locator(`a[href="/agendamento/${done!.id}"]`)).toHaveAccessibleName(/Sua avaliação: 4 estrelas$/);
    await expect(doneCard.getByRole("link", { name: /^Avaliar a visita/ })).toHaveCount(0);
    await page.locator(`a[href="/agendamento/${done!.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/agendamento/${done!.id}$`));

    // 4. Remind me to book again: one tap asks for one message that day; it waits in the outbox with the link that
    // books the visit again, and "Não lembrar" takes it back.
    const remind = page.getByRole("region", { name: "Lembrar de agendar de novo" });
    await remind.getByRole("button", { name: /^Lembrar em 4 semanas: / }).click();
    await expect(remind.getByRole("status")).toHaveText(/^Lembraremos você em \d+ de \S+, por e-mail\.$/);
    await page.goto(outboxPath());
    const rebook = page
      .getByTestId("outbox-message")
      .filter({ hasText: "rebook" })
      .filter({ hasText: `Hora de agendar de novo na ${done!.barbershop.name}?` });
    await expect(rebook).toHaveCount(1);
    await expect(rebook).toContainText(`/barbearia/${done!.barbershop.slug}/agendar`);
    // Back to the visit's page by its address: Back could first step through the outbox's message frames.
    await page.goto(`/agendamento/${done!.id}?lng=pt-BR`);
    await remind.getByRole("button", { name: "Não lembrar" }).click();
    await expect(remind.getByRole("button", { name: /^Lembrar em 2 semanas: / })).toBeVisible();

    // 5. Book it again: the same services with the same barber, the booking open at its day and time.
    const again = page.getByRole("link", { name: "Agendar de novo" });
    await expect(again).toHaveAttribute(
      "href",
      `/barbearia/${done!.barbershop.slug}/agendar?service=${done!.services.map((s) => s.id).join(",")}&barber=${done!.barber.id}`,
    );
    await again.click();
    await expect(page.locator("#step-when")).toBeVisible();
  },
);

test("right after a booking, the browser's offer to put the site on the home screen is made there on a phone, not as the browser's own bar", async ({
  page,
  request,
}, info) => {
  const phone = info.project.name === "phone";
  const token = await signIn(page, request);
  const { shop, barber, service } = await findBookableShop(request, phone ? 1 : 2);
  const { date, hours } = await freeTime(request, shop.id, barber.id, service.id);
  const booked = await request.post("/v3/appointments/new-appointment", {
    headers: { authorization: `Bearer ${token}` },
    data: { barbershop_id: shop.id, barber_id: barber.id, services: [service.id], date, start_hour: hours.at(-1) },
  });
  expect(booked.status()).toBe(201);
  const { appointment } = (await booked.json()) as { appointment: { id: number } };
  await page.goto(`/agendamento/${appointment.id}?new=1&lng=pt-BR`);
  await expect(page.getByText("Seu horário está agendado!")).toBeVisible();
  const invite = page.getByRole("region", { name: "Agende o próximo em um toque" });
  // No offer from the browser (a test's private window never gets one): no invitation.
  await expect(invite).toHaveCount(0);
  // Chromium's offer, as it fires it: kept from its own bar, and made here.
  const prevented = await page.evaluate(() => {
    const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: number }).prompted = ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(prevented).toBe(true);
  if (!phone) {
    // A computer's browser shows its own install button in the address bar: no invitation to a home screen.
    // (Given the time a phone's invitation takes to appear, so that its absence means something.)
    await page.waitForTimeout(1000);
    await expect(invite).toHaveCount(0);
    return;
  }
  await expect(invite).toBeVisible();
  await invite.getByRole("button", { name: "Adicionar à tela inicial" }).click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
  await expect(invite).toHaveCount(0);
});

test(
  "a signed-in client sees their next appointment at the top of the home page; a visitor does not",
  { tag: "@phone" },
  async ({ page, request, browser }, info) => {
    // The phone project only: opened from the home screen.
    const token = await signIn(page, request);
    const { items } = (await (
      await request.get("/v3/client/appointments?scope=upcoming&limit=1", { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      items: { id: number; start_hour: string; barbershop: { name: string }; barber: { name: string } }[];
    };
    expect(items.length, "the demo client has an upcoming appointment").toBe(1);
    const next = items[0];
    await page.goto("/?lng=pt-BR");
    const card = page.getByTestId("next-appointment");
    await expect(card).toContainText("Seu próximo horário");
    await expect(card).toContainText(` · ${next.start_hour}`);
    await expect(card).toContainText(`${next.barbershop.name} · com ${next.barber.name}`);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/agendamento/${next.id}$`));

    const visitor = await browser.newPage();
    await visitor.goto("/?lng=pt-BR");
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await visitor.waitForLoadState("networkidle");
    await expect(visitor.getByTestId("next-appointment")).toHaveCount(0);
    await visitor.close();
  },
);
