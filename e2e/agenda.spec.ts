import { expectAccessible } from "./axe";
import { type APIRequestContext, expect, type Page, test } from "./clock";
import { DEMO, logIn, type Login, setSession } from "./booking-fixtures";

// The shop's agenda, open at the front desk: a client books on the site in another browser context and the booking
// appears without a reload; a walk-in is booked in two taps from an empty time.
test.use({ locale: "pt-BR" });

const DESK = { login: "recepcao@navalha.app", password: "demo1234" };

async function openAgenda(page: Page, login: Login, path: string) {
  await setSession(page, login);
  await page.goto(path);
  await expect(page.getByRole("status").filter({ hasText: "Ao vivo" })).toBeVisible();
}

test("the front desk's agenda shows a booking made on the site without a reload, and books a walk-in in two taps", async ({ page, browser, request }, info) => {
  const desk = await logIn(request, DESK);
  const auth = { authorization: `Bearer ${desk.token}` };
  const [{ shop }] = (await (await request.get("/v3/staff/shops", { headers: auth })).json()).items as { shop: { id: number } }[];
  const today = (await (await request.get(`/v3/staff/shops/${shop.id}/agenda`, { headers: auth })).json()) as { date: string };
  // Tomorrow, a whole day ahead (each project its own day, so that the two never meet).
  const day = new Date(Date.parse(`${today.date}T12:00:00Z`) + (info.project.name === "phone" ? 1 : 2) * 86_400_000).toISOString().slice(0, 10);
  const agenda = (await (await request.get(`/v3/staff/shops/${shop.id}/agenda?date=${day}`, { headers: auth })).json()) as {
    columns: { barber: { id: number; name: string } }[];
    services: { id: number; name: string }[];
  };
  await openAgenda(page, desk, `/painel/${shop.id}/agenda?dia=${day}`);
  // On a phone the day's controls fit two rows above the grid; the time zone and the legend wait under a menu.
  if (info.project.name === "phone") {
    const column = page.locator("section[aria-labelledby^='agenda-col-'] >> visible=true").first();
    expect((await column.boundingBox())!.y).toBeLessThan(300);
    await page.getByRole("button", { name: "Mais opções do dia" }).click();
  }
  await expect(page.getByText(/Horários no fuso da barbearia: .*\(America\/Sao_Paulo\)/)).toBeVisible();
  if (info.project.name === "phone") await page.keyboard.press("Escape");

  // A client books on the site, in a browser context of its own.
  const client = await browser.newContext();
  const clientApi = client.request;
  const me = await logIn(clientApi, DEMO);
  const barber = agenda.columns[0].barber;
  let booked: { id: number; start_hour: string } | null = null;
  for (const service of agenda.services) {
    const times = await (
      await clientApi.get(`/v3/appointment/available-times?barbershop_id=${shop.id}&barber_id=${barber.id}&services=${service.id}&date=${day}`)
    ).json();
    const hour = [...times.morning, ...times.afternoon, ...times.night][0] as string | undefined;
    if (!hour) continue;
    const res = await clientApi.post("/v3/appointments/new-appointment", {
      headers: { authorization: `Bearer ${me.token}`, "idempotency-key": `agenda-e2e-${info.project.name}-${Date.now()}` },
      data: { barbershop_id: shop.id, barber_id: barber.id, services: [service.id], date: day, start_hour: hour },
    });
    expect(res.status()).toBe(201);
    booked = { id: ((await res.json()) as { appointment: { id: number } }).appointment.id, start_hour: hour };
    break;
  }
  expect(booked).not.toBeNull();
  if (info.project.name === "phone") await page.getByLabel("Barbeiro").selectOption(String(barber.id));
  await expect(page.getByRole("button", { name: new RegExp(`^${booked!.start_hour} às .*${me.user.name}`) })).toBeVisible({ timeout: 5_000 });
  await client.close();

  // A walk-in: the first free time of the column, then the name and phone, then confirm.
  const free = page.getByRole("button", { name: new RegExp(`livre com ${barber.name}: agendar$`) }).first();
  const label = (await free.getAttribute("aria-label"))!;
  const time = label.slice(0, 5);
  await free.click();
  const sheet = page.getByRole("dialog", { name: `${barber.name} às ${time}` });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel("Nome do cliente (ou busque um cliente)").fill("Cliente Balcão E2E");
  await sheet.getByLabel("Telefone do cliente").fill("(11) 97777-6655");
  await expectAccessible(page);
  await sheet.getByRole("button", { name: "Confirmar o agendamento" }).click();
  await expect(sheet).toBeHidden();
  const walkIn = page.getByRole("button", { name: new RegExp(`^${time} às .*Cliente Balcão E2E`) });
  await expect(walkIn).toBeVisible();

  // Its card says how it was made.
  await walkIn.click();
  const card = page.getByRole("dialog", { name: new RegExp(`^Agendamento ${time}`) });
  await expect(card.getByText("Na recepção")).toBeVisible();
  await card.getByRole("button", { name: "Fechar" }).click();
  await expectAccessible(page);
});

test("a barber's agenda shows his own column only", { tag: "@desktop" }, async ({ page, request }, info) => {
  // The desktop project only: the columns are side by side on a desktop.
  const barber = await logIn(request, { login: "barbeiro@navalha.app", password: "demo1234" });
  const auth = { authorization: `Bearer ${barber.token}` };
  const [mine] = (await (await request.get("/v3/staff/shops", { headers: auth })).json()).items as { shop: { id: number }; barber_id: number }[];
  const agenda = (await (await request.get(`/v3/staff/shops/${mine.shop.id}/agenda`, { headers: auth })).json()) as {
    columns: { barber: { id: number; name: string } }[];
  };
  expect(agenda.columns.map((c) => c.barber.id)).toEqual([mine.barber_id]);
  await openAgenda(page, barber, `/painel/${mine.shop.id}/agenda`);
  await expect(page.getByRole("region", { name: agenda.columns[0].barber.name })).toBeVisible();
  await expect(page.locator("section[aria-labelledby^='agenda-col-']")).toHaveCount(1);
  await expect(page.getByLabel("Barbeiro")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Seu calendário" })).toBeVisible();
  await expectAccessible(page);
});
