import type { Page } from "@playwright/test";
import { expect, test } from "./clock";
import { expectAccessible } from "./axe";
import { logIn, setSession } from "./booking-fixtures";
import { outboxPath } from "./outbox";
import { TEAM_E2E } from "./team-data";

// The shop's team: its owner invites a barber by e-mail from the team page; the barber opens the link from the
// message (read on the development outbox) in a browser of his own, signs up, accepts, and lands on his own profile.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const randomPhone = () => String(Math.floor(10_000_000 + Math.random() * 89_999_999));
const visitor = () => ({ "x-forwarded-for": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

/** Signs the owner in (the session keys of lib/api/session.ts, set before the app loads) and answers his shop's id. */
async function signInOwner(page: Page): Promise<number> {
  const login = await logIn(page.request, { login: TEAM_E2E.owner.email, password: TEAM_E2E.owner.password });
  await setSession(page, login);
  const { token } = login;
  const shops = (await (await page.request.get("/v3/staff/shops", { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: { shop: { id: number; slug: string } }[];
  };
  return shops.items.find((i) => i.shop.slug === TEAM_E2E.slug)!.shop.id;
}

test("an owner invites a barber, who accepts in his own browser and sees his own profile", async ({ page, browser }) => {
  await page.setExtraHTTPHeaders(visitor());
  await page.goto("/?lng=pt-BR");
  const shopId = await signInOwner(page);
  const email = `barbeiro-${unique()}@example.com`;
  // The phone and desktop runs share the shop: each barber has a name of his own.
  const barberName = `Rafael Navalha ${unique()}`;

  await page.goto(`/painel/${shopId}/equipe`);
  await expect(page.getByRole("heading", { name: "Equipe", level: 1 })).toBeVisible();
  await expect(page.getByText(TEAM_E2E.owner.name)).toBeVisible();
  const form = page.getByRole("form", { name: "Convidar para a equipe" });
  await form.getByRole("textbox", { name: "Nome" }).fill("Rafa Navalha");
  await form.getByRole("radio", { name: "E-mail" }).check();
  await form.getByRole("textbox", { name: "E-mail" }).fill(email);
  await form.getByRole("button", { name: "Enviar convite" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Convite enviado para Rafa Navalha." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Convites em aberto" })).toContainText(email);
  await expectAccessible(page);

  // The e-mail, on the development outbox: its link is single-use.
  await page.goto(outboxPath());
  const message = page.getByTestId("outbox-message").filter({ hasText: email }).first();
  await expect(message).toContainText("Convite para a equipe da Barbearia Equipe E2E");
  const link = /\/convite\/[A-Za-z0-9_-]+/.exec(await message.innerText())![0];

  // The barber, in a browser of his own.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, extraHTTPHeaders: visitor() });
  await context.clock.install({ time: Date.now() });
  const barber = await context.newPage();
  await barber.goto("/?lng=pt-BR");
  await barber.goto(link);
  await expect(barber.getByRole("heading", { name: "Convite da Barbearia Equipe E2E" })).toBeVisible();
  await expect(barber.getByText("Rafa Navalha, a Barbearia Equipe E2E (Cidade Equipe) convidou você para a equipe como barbeiro.")).toBeVisible();
  await expectAccessible(barber);
  await barber.getByRole("link", { name: "Criar conta e aceitar" }).click();
  await expect(barber).toHaveURL(/\/cadastro\?next=/);
  await barber.getByLabel("Nome completo").fill(barberName);
  await barber.getByLabel("E-mail").fill(email);
  await barber.getByLabel("Celular").pressSequentially(`119${randomPhone()}`);
  await barber.getByLabel("Senha", { exact: true }).fill("barbeiro1");
  await barber.getByLabel("Confirme a senha").fill("barbeiro1");
  await barber.getByRole("button", { name: "Criar conta" }).click();
  await expect(barber).toHaveURL(new RegExp(`${link}$`));
  await barber.getByRole("button", { name: "Aceitar e entrar na equipe" }).click();

  // His own profile: his name, his week and time off, which he may change.
  await expect(barber).toHaveURL(new RegExp(`/painel/${shopId}/equipe/\\d+$`));
  await expect(barber.getByRole("heading", { name: "Meu perfil", level: 1 })).toBeVisible();
  await expect(barber.getByLabel("Nome", { exact: true })).toHaveValue(barberName);
  await barber.getByLabel("Sobre você (curto)").fill("Degradê e barba na navalha.");
  await barber.getByRole("button", { name: "Salvar" }).first().click();
  await expect(barber.getByRole("status").filter({ hasText: "Salvo." }).first()).toBeVisible();
  await expectAccessible(barber);

  // The link works once.
  await barber.goto(link);
  await expect(barber.getByRole("alert").filter({ hasText: "Este convite já foi usado." })).toBeVisible();
  await context.close();

  // The owner sees him on the team, and the change in the shop's history.
  await page.goto(`/painel/${shopId}/equipe`);
  await expect(page.getByText(barberName)).toBeVisible();
  await page.goto(`/painel/${shopId}/historico`);
  await expect(page.getByRole("heading", { name: "Histórico de alterações" })).toBeVisible();
  await expect(page.getByText("Entrou na equipe").first()).toBeVisible();
  await expect(page.getByText("Convite enviado", { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
});
