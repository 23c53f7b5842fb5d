import { expectAccessible } from "./axe";
import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "./clock";
import { logIn, setSession } from "./booking-fixtures";

// The owner's reports and reviews: the last 30 days' figures as the API counts them, the CSV file downloaded, and a
// review answered once from the console.
test.use({ locale: "pt-BR" });

const OWNER = { login: "owner@navalha.app", password: "demo1234" };
const visitor = () => ({ "x-forwarded-for": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

async function signIn(page: Page, request: APIRequestContext) {
  const login = await logIn(request, OWNER, visitor());
  await setSession(page, login);
  const { token } = login;
  const auth = { authorization: `Bearer ${token}` };
  const [{ shop }] = (await (await request.get("/v3/staff/shops", { headers: auth })).json()).items as { shop: { id: number } }[];
  return { auth, shopId: shop.id };
}

const money = (v: string) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(Number(v));

test("the owner reads the last 30 days' figures, downloads them as CSV", async ({ page, request }, info) => {
  await page.setExtraHTTPHeaders(visitor());
  const { auth, shopId } = await signIn(page, request);
  const { date: today } = (await (await request.get(`/v3/staff/shops/${shopId}/agenda`, { headers: auth })).json()) as { date: string };
  const from = new Date(Date.parse(`${today}T12:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const expected = (await (await request.get(`/v3/staff/shops/${shopId}/reports?from=${from}&to=${today}`, { headers: auth })).json()) as {
    totals: { revenue: string; visits: number; bookings: number };
    barbers: { name: string; revenue: string }[];
  };

  await page.goto(`/painel/${shopId}/relatorios?lng=pt-BR`);
  await expect(page.getByRole("heading", { name: "Relatórios", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Este mês" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Últimos 30 dias" }).click();
  await expect(page.getByRole("button", { name: "Últimos 30 dias" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("De", { exact: true })).toHaveValue(from);
  await expect(page.getByLabel("Até", { exact: true })).toHaveValue(today);
  const summary = page.getByRole("region", { name: "Resumo" });
  await expect(summary).toContainText(money(expected.totals.revenue));
  await expect(summary).toContainText(expected.totals.bookings === 1 ? "1 agendamento" : `${expected.totals.bookings} agendamentos`);
  if (expected.barbers.length > 0) {
    const row = page.getByRole("region", { name: "Por barbeiro" }).getByRole("row", { name: new RegExp(expected.barbers[0].name) });
    await expect(row).toContainText(money(expected.barbers[0].revenue));
  }
  await expectAccessible(page);

  // A range the report does not take is refused on the page, and nothing is asked of the server.
  await page.getByLabel("De", { exact: true }).fill(today);
  await page.getByLabel("Até", { exact: true }).fill(from);
  await page.getByRole("button", { name: "Ver", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "O período" })).toHaveText(
    "O período precisa terminar no mesmo dia ou depois de começar, e ter no máximo 366 dias.",
  );

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Baixar CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`navalha-relatorio-${shopId}-${from}-${today}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines).toContain(`Faturamento (R$);${expected.totals.revenue.replace(".", ",")}`);
  expect(lines).toContain(`Atendimentos;${expected.totals.visits}`);
});
