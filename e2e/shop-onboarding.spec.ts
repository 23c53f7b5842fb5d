import sharp from "sharp";
import { expect, test, type Page } from "./clock";
import { expectAccessible } from "./axe";
import { logIn, setSession } from "./booking-fixtures";

// A barbershop joins on a 375 px phone: the owner signs up, goes through the wizard at /painel/nova (name, CEP, number,
// pin, contacts, photos, description, hours, services, preview, publish) and the shop is published with one barber
// (the owner), three services and its hours. Then a client finds it near its address and opens its booking page.
// The journey counts the screens it saw, the taps it made and the fields it typed, and prints them (docs/console.md).
// The CEP lookup, the geocoder and the tiles are the local stand-ins of tests/fakes/geo.ts (scripts/e2e-server.sh).

test.beforeEach(async ({ page }) => {
  await page.goto("/?lng=pt-BR");
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const randomMobile = () => String(Math.floor(10_000_000 + Math.random() * 89_999_999));

/** What a person does, counted: a new screen, a tap, a field typed. */
function counter(page: Page) {
  const screens = new Set<string>();
  let taps = 0;
  let fields = 0;
  return {
    screen: (name: string) => screens.add(name),
    tapped: () => {
      taps++;
    },
    tap: async (locator: ReturnType<Page["getByRole"]>) => {
      taps++;
      await locator.click();
    },
    type: async (locator: ReturnType<Page["getByRole"]>, value: string, opts: { sequential?: boolean } = {}) => {
      fields++;
      if (opts.sequential) await locator.pressSequentially(value);
      else await locator.fill(value);
    },
    /** The wizard's screen shown next (its form's data-step). */
    wizardScreen: async (step: string) => {
      await expect(page.locator(`form[data-step="${step}"]`)).toBeVisible();
      screens.add(`wizard:${step}`);
    },
    totals: () => ({ screens: screens.size, taps, fields, list: [...screens] }),
  };
}

test("an owner goes from sign-up to a published shop on a phone, and a client finds it and opens its booking page", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setExtraHTTPHeaders({
    "x-forwarded-for": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const c = counter(page);
  const shopName = `Barbearia Onboard ${unique()}`;
  const next = async (label = "Continuar") => c.tap(page.getByRole("button", { name: label }));

  // The console is for signed-in accounts: a visitor is sent to sign in, and comes back.
  await page.goto("/painel/nova");
  await expect(page).toHaveURL(/\/entrar\?next=%2Fpainel%2Fnova/);

  // Sign up.
  await page.goto("/cadastro?next=/painel/nova");
  c.screen("sign-up");
  await c.type(page.getByLabel("Nome completo"), "Rafael Dono");
  await c.type(page.getByLabel("E-mail"), `dono-${unique()}@example.com`);
  await c.type(page.getByLabel("Celular"), `119${randomMobile()}`, { sequential: true });
  await c.type(page.getByLabel("Senha", { exact: true }), "barbearia1");
  await c.type(page.getByLabel("Confirme a senha"), "barbearia1");
  await c.tap(page.getByRole("button", { name: "Criar conta" }));
  await expect(page).toHaveURL(/\/painel\/nova$/);

  // 1. Name.
  await expect(page.getByRole("heading", { name: "Como se chama a barbearia?" })).toBeVisible();
  await c.wizardScreen("name");
  await c.type(page.getByRole("textbox", { name: "Nome da barbearia", exact: true }), shopName);
  await next();

  // 2. CEP: an unknown one is said so; a known one fills the street, neighbourhood and city. The shop opens in Belo
  // Horizonte, away from the São Paulo lists whose length and order other journeys count.
  await expect(page.getByRole("heading", { name: "Qual é o CEP?" })).toBeVisible();
  await c.wizardScreen("cep");
  await page.getByRole("textbox", { name: "CEP", exact: true }).fill("99999-999");
  await expect(page.locator("form [role=alert]")).toContainText("Não encontramos este CEP");
  await c.type(page.getByRole("textbox", { name: "CEP", exact: true }), "30130010");
  await expect(page.getByRole("textbox", { name: "Rua", exact: true })).toHaveValue("Avenida Afonso Pena");
  await expect(page.getByRole("textbox", { name: "Bairro", exact: true })).toHaveValue("Centro");
  await expect(page.getByRole("textbox", { name: "Cidade", exact: true })).toHaveValue("Belo Horizonte - MG");
  await next();

  // 3. Number and complement.
  await c.wizardScreen("number");
  await c.type(page.getByRole("textbox", { name: "Número", exact: true }), "595");
  await next();

  // 4. The pin, placed by the geocoder on the map (tiles from the configured server), confirmed.
  await c.wizardScreen("pin");
  const map = page.getByRole("region", { name: "Mapa da barbearia" });
  await expect(map.locator(".leaflet-marker-icon")).toBeVisible();
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  await expect(map.getByText("OpenStreetMap")).toBeVisible();
  // Nothing typed is lost on reload: the draft comes back at the same screen.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Confira o ponto no mapa" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Mapa da barbearia" }).locator(".leaflet-marker-icon")).toBeVisible();
  await next();

  // 5. WhatsApp (the same number takes calls by default).
  await expect(page.getByRole("heading", { name: "Como os clientes falam com vocês?" })).toBeVisible();
  await c.wizardScreen("contacts");
  await c.type(page.getByRole("textbox", { name: "WhatsApp da barbearia", exact: true }), `119${randomMobile()}`, { sequential: true });
  await next();

  // 6. Photos: one not an image is refused, a real one becomes the cover.
  await c.wizardScreen("photos");
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: "notas.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await expect(page.locator("form [role=alert]")).toBeVisible();
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#e5b817" } })
    .png()
    .toBuffer();
  // One tap on "Adicionar fotos" opens the phone's own picker (not one of ours, so not counted as a screen).
  c.tapped();
  await input.setInputFiles({ name: "fachada.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("img", { name: "Foto 1 da barbearia" })).toBeVisible();
  await next();

  // 7. Description and amenities.
  await c.wizardScreen("about");
  await c.type(page.getByRole("textbox", { name: "Descrição", exact: true }), "Corte clássico e barba na navalha, com café.");
  await c.tap(page.getByText("Wi-Fi", { exact: true }));
  await next();

  // 8. Hours: Monday to Saturday 09:00–19:00 already; kept.
  await c.wizardScreen("hours");
  await expect(page.getByLabel("Segunda: Abre")).toHaveValue("09:00");
  await expect(page.getByLabel("Sábado: Fecha")).toHaveValue("19:00");
  await expect(page.getByRole("checkbox", { name: "Domingo" })).not.toBeChecked();
  await next();

  // 9. Services: haircut, beard and the combo ticked with typical durations and prices; one price edited.
  await c.wizardScreen("services");
  await expect(page.getByRole("checkbox", { name: "Corte de cabelo", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Barba", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Corte e barba" })).toBeChecked();
  // The owner cuts hair too unless he says otherwise: his is the shop's one barber column.
  await expect(page.getByRole("checkbox", { name: "Eu também atendo como barbeiro" })).toBeChecked();
  await c.type(page.locator('[data-service="Corte de cabelo"]').getByRole("textbox", { name: "Preço (R$)" }), "50,00");
  await next();

  // 10. The preview shows the page as a client will see it; publish.
  await c.wizardScreen("preview");
  const preview = page.getByTestId("shop-preview");
  await expect(preview.getByRole("heading", { name: shopName })).toBeVisible();
  await expect(preview).toContainText("Avenida Afonso Pena, 595");
  await expect(preview).toContainText("Corte de cabelo");
  await expect(preview).toContainText("R$ 50,00");
  await expectAccessible(page, undefined, ["wcag2a", "wcag2aa"]);
  await next("Publicar agora");

  // 11. Published.
  await expect(page.getByRole("heading", { name: "Sua barbearia está no ar!" })).toBeVisible();
  await c.wizardScreen("done");
  const totals = c.totals();
  console.log(
    `shop onboarding at ${page.viewportSize()?.width} px: ${totals.screens} screens, ${totals.taps} taps, ${totals.fields} typed fields (${totals.list.join(" → ")})`,
  );
  // The sign-up and the wizard's screens: at most 12.
  expect(totals.screens).toBeLessThanOrEqual(12);

  // The console's home says it is published; the header offers the console.
  await c.tap(page.getByRole("link", { name: "Ir para o painel" }));
  await expect(page).toHaveURL(/\/painel\/\d+$/);
  const consoleHome = new URL(page.url()).pathname;
  await expect(page.getByTestId("publication")).toContainText("Sua barbearia está publicada");
  await expect(
    page
      .getByRole("navigation", { name: `Painel de ${shopName}` })
      .last()
      .getByRole("link", { name: "Página" }),
  ).toBeVisible();
  await expectAccessible(page, undefined, ["wcag2a", "wcag2aa"]);
  await page.getByRole("button", { name: /Menu da conta/ }).click();
  await expect(page.getByRole("menuitem", { name: "Painel da barbearia" })).toBeVisible();
  await page.keyboard.press("Escape");

  // A client, not signed in, finds it near its address and opens its booking page.
  const client = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: "pt-BR" });
  const visitor = await client.newPage();
  await visitor.goto("/barbearias?lng=pt-BR&latitude=-19.9230&longitude=-43.9340&distance=1");
  const card = visitor.getByRole("link", { name: shopName }).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.click();
  await expect(visitor).toHaveURL(/\/barbearia\/barbearia-onboard-/);
  const slug = new URL(visitor.url()).pathname.split("/")[2];
  await expect(visitor.getByRole("heading", { name: shopName, level: 1 })).toBeVisible();
  await visitor.locator('a[href*="/agendar"]').first().click();
  await expect(visitor).toHaveURL(/\/agendar/);
  await expect(visitor.getByText("Corte de cabelo").first()).toBeVisible();

  // What clients see follows the owner's changes within 5 s: the page editor changes the description.
  await visitor.goto(`/barbearia/${slug}?lng=pt-BR`);
  await expect(visitor.getByText("Corte clássico e barba na navalha, com café.")).toBeVisible();
  await page.goto(`${consoleHome}/pagina`);
  await expect(page.getByRole("heading", { name: "Página da barbearia" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Mapa da barbearia" }).locator(".leaflet-marker-icon")).toBeVisible();
  await expectAccessible(page, undefined, ["wcag2a", "wcag2aa"]);
  await page.getByRole("textbox", { name: "Em português" }).fill("Corte clássico, barba na navalha e sobrancelha.");
  await page.getByRole("textbox", { name: "Em inglês (opcional)" }).fill("Classic cuts and straight-razor shaves.");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Página salva.")).toBeVisible();
  const savedAt = Date.now();
  await expect(async () => {
    await visitor.reload();
    await expect(visitor.getByText("Corte clássico, barba na navalha e sobrancelha.")).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 5_000 });
  console.log(`the shop page showed the change ${Date.now() - savedAt} ms after it was saved`);
  // A reader in English gets the English description.
  await visitor.goto(`/barbearia/${slug}?lng=en`);
  await expect(visitor.getByText("Classic cuts and straight-razor shaves.")).toBeVisible();
  await client.close();
});

test("a barber of one shop opens his own shop's console, and is refused another shop's", async ({ page, request }) => {
  const login = await logIn(request, { login: "barbeiro@navalha.app", password: "demo1234" });
  const { token } = login;
  const mine = (await (await request.get("/v3/staff/shops", { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: { shop: { id: number; name: string } }[];
  };
  const own = mine.items[0].shop;
  const list = (await (await request.get("/v3/client/barbershops-by-name?name=Barbearia&limit=20")).json()) as { items: { id: number }[] };
  const other = list.items.find((s) => s.id !== own.id)!;
  await setSession(page, login);

  // His own: the pages a barber's permissions open, and not the owner's.
  await page.goto(`/painel/${own.id}?lng=pt-BR`);
  const nav = page.getByRole("navigation", { name: `Painel de ${own.name}` }).last();
  await expect(nav.getByRole("link", { name: "Agenda" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Página" })).toHaveCount(0);
  await expect(page.getByText("Só o dono publica ou tira a barbearia do ar.")).toBeVisible();

  // Another shop's: refused, with the reason.
  await page.goto(`/painel/${other.id}?lng=pt-BR`);
  await expect(page.getByRole("alert").filter({ hasText: "Você não faz parte da equipe desta barbearia." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Minhas barbearias" })).toBeVisible();
});
