import { expectAccessible } from "./axe";
import { type APIRequestContext, expect, type Page, test } from "./clock";
import { DEMO, logIn, type Login, setSession } from "./booking-fixtures";

// The shop's clients: the front desk opens a client's card from the agenda's booking card and adds a note, and does
// the same for a guest booked at the counter with a name and a phone; a barber cannot see the phone of a colleague's
// client (the card is refused, the list leaves him out).
test.use({ locale: "pt-BR" });

const DESK = { login: "recepcao@navalha.app", password: "demo1234" };
const BARBER = { login: "barbeiro@navalha.app", password: "demo1234" };
const BARBER2 = { login: "barbeiro2@navalha.app", password: "demo1234" };

const auth = (who: Login) => ({ authorization: `Bearer ${who.token}` });

test("the front desk opens a client's card from the agenda and adds a note", async ({ page, request }, info) => {
  const desk = await logIn(request, DESK);
  const [{ shop }] = (await (await request.get("/v3/staff/shops", { headers: auth(desk) })).json()).items as { shop: { id: number } }[];
  const today = (await (await request.get(`/v3/staff/shops/${shop.id}/agenda`, { headers: auth(desk) })).json()) as { date: string };
  // Tomorrow or the day after (a weekday: the journeys run on a Wednesday), one per project.
  const day = new Date(Date.parse(`${today.date}T12:00:00Z`) + (info.project.name === "phone" ? 1 : 2) * 86_400_000).toISOString().slice(0, 10);
  const agenda = (await (await request.get(`/v3/staff/shops/${shop.id}/agenda?date=${day}`, { headers: auth(desk) })).json()) as {
    columns: { barber: { id: number; name: string } }[];
    services: { id: number; name: string }[];
  };
  // The front desk books one of the shop's clients on the phone; not the demo client, whose three upcoming bookings
  // at a shop the site's own journeys spend.
  const demo = await logIn(request, DEMO);
  const known = (await (await request.get(`/v3/staff/shops/${shop.id}/clients`, { headers: auth(desk) })).json()) as {
    items: { id: number; guest: boolean; name: string }[];
  };
  const me = { user: known.items.find((c) => !c.guest && c.id !== demo.user.id)! };
  expect(me.user, "the shop has a client besides the demo one").toBeDefined();
  // The last barber's column first: the agenda journey books with the first.
  let hour: string | undefined;
  let barber = agenda.columns[0].barber;
  search: for (const column of [...agenda.columns].reverse()) {
    for (const service of agenda.services) {
      const free = await request.get(
        `/v3/appointment/available-times?barbershop_id=${shop.id}&barber_id=${column.barber.id}&services=${service.id}&date=${day}`,
      );
      // A service this barber does not perform is refused (422): the next one is tried.
      if (free.status() !== 200) continue;
      const times = await free.json();
      hour = [...times.morning, ...times.afternoon, ...times.night][0] as string | undefined;
      if (!hour) continue;
      const res = await request.post(`/v3/staff/shops/${shop.id}/agenda/bookings`, {
        headers: { ...auth(desk), "idempotency-key": `clients-e2e-${info.project.name}-${Date.now()}` },
        data: { barber_id: column.barber.id, services: [service.id], date: day, start_hour: hour, client: { id: me.user.id } },
      });
      expect(res.status()).toBe(201);
      barber = column.barber;
      break search;
    }
  }
  expect(hour).toBeDefined();

  await setSession(page, desk);
  await page.goto(`/painel/${shop.id}/agenda?dia=${day}`);
  if (info.project.name === "phone") await page.getByLabel("Barbeiro").selectOption(String(barber.id));
  await page.getByRole("button", { name: new RegExp(`^${hour} às .*${me.user.name}`) }).click();
  const card = page.getByRole("dialog", { name: new RegExp(`^Agendamento ${hour}`) });
  await card.getByRole("link", { name: "Ver ficha do cliente" }).click();

  await expect(page).toHaveURL(new RegExp(`/painel/${shop.id}/clientes\\?cliente=${me.user.id}$`));
  const client = page.getByRole("article", { name: me.user.name });
  await expect(client).toBeVisible();
  await expect(client.getByRole("heading", { name: "Próximos horários" })).toBeVisible();
  await expect(client.getByText(new RegExp(`${hour} com ${barber.name}`)).first()).toBeVisible();

  const text = `Prefere tesoura, sem máquina (${info.project.name} ${Date.now()})`;
  await client.getByLabel("Nova nota").fill(text);
  await client.getByRole("button", { name: "Adicionar nota" }).click();
  const note = client.getByRole("listitem").filter({ hasText: text });
  await expect(note).toBeVisible();
  await expect(note.getByText(/^Recepção Demo · /)).toBeVisible();
  await expect(client.getByLabel("Nova nota")).toHaveValue("");
  await expectAccessible(page);
  await page.screenshot({ path: `test-results/clients-card-${info.project.name}.png`, fullPage: true });

  // The search finds him as you type; the note is kept for the next time the card opens.
  await page.goto(`/painel/${shop.id}/clientes`);
  if (info.project.name === "desktop") await expect(page.getByText("Escolha um cliente para ver a ficha.")).toBeVisible();
  await page.getByLabel("Buscar por nome ou telefone").fill(me.user.name.slice(0, 5));
  await page.getByRole("link", { name: new RegExp(`^${me.user.name}`) }).click();
  await expect(page.getByRole("article", { name: me.user.name }).getByText(text)).toBeVisible();
  // On a phone the card stands alone, with a way back to the list.
  if (info.project.name === "phone") await page.getByRole("button", { name: "← Voltar à lista" }).click();
  await page.getByLabel("Buscar por nome ou telefone").fill("zzzz nenhum cliente");
  await expect(page.getByText('Nenhum cliente com "zzzz nenhum cliente".')).toBeVisible();
  await page.screenshot({ path: `test-results/clients-list-${info.project.name}.png`, fullPage: true });
});

test("a barber cannot see the phone of a colleague's client", async ({ page, request }) => {
  const desk = await logIn(request, DESK);
  const one = await logIn(request, BARBER);
  const two = await logIn(request, BARBER2);
  const [{ shop }] = (await (await request.get("/v3/staff/shops", { headers: auth(two) })).json()).items as { shop: { id: number } }[];
  // A client of the first barber who never booked with the second, found through the front desk's list.
  const all = (await (await request.get(`/v3/staff/shops/${shop.id}/clients`, { headers: auth(desk) })).json()) as {
    items: { id: number; guest: boolean; name: string; phone: string | null }[];
  };
  let theirs: { id: number; name: string; phone: string | null } | undefined;
  for (const c of all.items.filter((i) => !i.guest)) {
    const mine = await request.get(`/v3/staff/shops/${shop.id}/clients/${c.id}`, { headers: auth(one) });
    const not = await request.get(`/v3/staff/shops/${shop.id}/clients/${c.id}`, { headers: auth(two) });
    if (mine.status() === 200 && not.status() === 403 && c.phone) {
      theirs = c;
      break;
    }
  }
  expect(theirs).toBeDefined();
  const last4 = theirs!.phone!.slice(-4);

  await setSession(page, two);
  await page.goto(`/painel/${shop.id}/clientes?cliente=${theirs!.id}`);
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toContainText("Sua função nesta barbearia não permite isso.");
  await expect(page.locator("main")).not.toContainText(theirs!.name);
  await page.goto(`/painel/${shop.id}/clientes`);
  await page.getByLabel("Buscar por nome ou telefone").fill(theirs!.name);
  await expect(page.getByText(`Nenhum cliente com "${theirs!.name}".`)).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(theirs!.phone!);
  expect(html).not.toContain(`-${last4}`);
  await expectAccessible(page);
});

test("the front desk opens a walk-in guest's card from the agenda, adds a note, and finds him by his phone", async ({ page, request }, info) => {
  const desk = await logIn(request, DESK);
  const [{ shop }] = (await (await request.get("/v3/staff/shops", { headers: auth(desk) })).json()).items as { shop: { id: number } }[];
  const today = (await (await request.get(`/v3/staff/shops/${shop.id}/agenda`, { headers: auth(desk) })).json()) as { date: string };
  // The days of the journey above (weekdays), at the next time it leaves free.
  const day = new Date(Date.parse(`${today.date}T12:00:00Z`) + (info.project.name === "phone" ? 1 : 2) * 86_400_000).toISOString().slice(0, 10);
  const agenda = (await (await request.get(`/v3/staff/shops/${shop.id}/agenda?date=${day}`, { headers: auth(desk) })).json()) as {
    columns: { barber: { id: number; name: string } }[];
    services: { id: number; name: string }[];
  };
  // A guest of this run only: a name and a phone typed at the counter, no account.
  const stamp = String(Date.now()).slice(-4);
  const guest = { name: `Walter Balcão ${info.project.name}`, phone: `(11) 9${info.project.name === "phone" ? "7" : "8"}${stamp.slice(0, 3)}-${stamp}` };
  let hour: string | undefined;
  let barber = agenda.columns[0].barber;
  let bookingId = 0;
  search: for (const column of [...agenda.columns].reverse()) {
    for (const service of agenda.services) {
      const free = await request.get(
        `/v3/appointment/available-times?barbershop_id=${shop.id}&barber_id=${column.barber.id}&services=${service.id}&date=${day}`,
      );
      if (free.status() !== 200) continue;
      const times = await free.json();
      hour = [...times.morning, ...times.afternoon, ...times.night][0] as string | undefined;
      if (!hour) continue;
      const res = await request.post(`/v3/staff/shops/${shop.id}/agenda/bookings`, {
        headers: { ...auth(desk), "idempotency-key": `guest-e2e-${info.project.name}-${Date.now()}` },
        data: { barber_id: column.barber.id, services: [service.id], date: day, start_hour: hour, client: guest },
      });
      expect(res.status()).toBe(201);
      bookingId = ((await res.json()) as { booking: { id: number } }).booking.id;
      barber = column.barber;
      break search;
    }
  }
  expect(hour).toBeDefined();

  await setSession(page, desk);
  await page.goto(`/painel/${shop.id}/agenda?dia=${day}`);
  if (info.project.name === "phone") await page.getByLabel("Barbeiro").selectOption(String(barber.id));
  await page.getByRole("button", { name: new RegExp(`^${hour} às .*${guest.name}`) }).click();
  await page
    .getByRole("dialog", { name: new RegExp(`^Agendamento ${hour}`) })
    .getByRole("link", { name: "Ver ficha do cliente" })
    .click();

  await expect(page).toHaveURL(new RegExp(`/painel/${shop.id}/clientes\\?convidado=${bookingId}$`));
  const card = page.getByRole("article", { name: new RegExp(`^${guest.name}`) });
  await expect(card).toBeVisible();
  await expect(card.getByText("Convidado", { exact: true })).toBeVisible();
  await expect(card.getByText(new RegExp(`${hour} com ${barber.name}`)).first()).toBeVisible();
  const text = `Prefere tesoura (${info.project.name} ${Date.now()})`;
  await card.getByLabel("Nova nota").fill(text);
  await card.getByRole("button", { name: "Adicionar nota" }).click();
  const note = card.getByRole("listitem").filter({ hasText: text });
  await expect(note).toBeVisible();
  // His own note: he changes it.
  await note.getByRole("button", { name: "Editar" }).click();
  await card.getByRole("textbox", { name: "Editar" }).fill(`${text}, sem máquina`);
  await card.getByRole("button", { name: "Salvar" }).click();
  await expect(card.getByRole("listitem").filter({ hasText: `${text}, sem máquina` })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `test-results/clients-guest-card-${info.project.name}.png`, fullPage: true });

  // Four digits of his phone find him in the list, marked as a guest, and his card keeps the note.
  await page.goto(`/painel/${shop.id}/clientes`);
  await page.getByLabel("Buscar por nome ou telefone").fill(stamp);
  const found = page.getByRole("link", { name: new RegExp(`^${guest.name}`) });
  await expect(found.getByText("Convidado", { exact: true })).toBeVisible();
  await found.click();
  await expect(page.getByRole("article", { name: new RegExp(`^${guest.name}`) }).getByText(`${text}, sem máquina`)).toBeVisible();
});
