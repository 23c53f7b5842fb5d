import { expectAccessible } from "./axe";
import { expect, test } from "./clock";
import sharp from "sharp";
import { outboxPath } from "./outbox";

// The whole account journey in Portuguese (the default language): sign up, sign out, recover the
// password by e-mail through the development outbox, sign in, change the e-mail (confirmed by a link),
// change the photo, favourite a shop.

// The browsers ask for English: the journeys choose Portuguese once (a cookie remembers it).
test.beforeEach(async ({ page }) => {
  await page.goto("/?lng=pt-BR");
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const randomPhone = () => {
  const n = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  return `(11) 9${n.slice(0, 4)}-${n.slice(4)}`;
};

test("a client signs up, recovers the password by e-mail, signs in, changes the e-mail, the photo and favourites a shop", async ({ page }) => {
  // Each run is its own visitor for the per-IP limits (the recovery allows one e-mail a minute per IP):
  // with no proxy in front, the e2e server keys on the X-Forwarded-For the caller sends.
  await page.setExtraHTTPHeaders({
    "x-forwarded-for": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const email = `cliente-${unique()}@example.com`;
  const name = "Marina Teste";

  // Sign up (a mismatched confirmation is caught first).
  await page.goto("/cadastro");
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Celular").pressSequentially(randomPhone().replace(/\D/g, ""));
  await page.getByLabel("Senha", { exact: true }).fill("primeira1");
  await page.getByLabel("Confirme a senha").fill("diferente");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("As senhas devem ser iguais.")).toBeVisible();
  await page.getByLabel("Confirme a senha").fill("primeira1");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/$/);
  const menu = page.getByRole("button", { name: /Menu da conta/ });
  await expect(menu).toBeVisible();

  // Sign out.
  await menu.click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page.getByRole("link", { name: "Entrar" }).first()).toBeVisible();

  // Forgot password by e-mail; the link is read on the development outbox.
  await page.goto("/recuperar-senha");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByRole("status")).toContainText("Se este e-mail tiver uma conta");
  // Recovery queues its message after answering (so a real account answers as fast as an unknown one).
  const message = page.getByTestId("outbox-message").filter({ hasText: email }).first();
  await expect(async () => {
    await page.goto(outboxPath());
    await expect(message).toContainText("Redefina sua senha", { timeout: 1_000 });
  }).toPass();
  await message.getByRole("link", { name: "/redefinir-senha" }).click();
  await expect(page).toHaveURL(/\/redefinir-senha\?token=/);
  await page.getByLabel("Nova senha").fill("segunda22");
  await page.getByLabel("Confirme a senha").fill("segunda22");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL(/\/entrar$/);

  // Sign in with the new password.
  await page.getByLabel("E-mail ou celular").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill("segunda22");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("button", { name: /Menu da conta/ })).toBeVisible();

  // Change the e-mail: it needs the password, and nothing changes until the link sent to the new address is confirmed.
  const newEmail = `novo-${unique()}@example.com`;
  await page.goto("/perfil/email");
  await page.getByLabel("E-mail", { exact: true }).fill(newEmail);
  await page.getByLabel("Senha atual").fill("segunda22");
  await page.getByRole("button", { name: "Enviar link de confirmação" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Enviamos um link para ${newEmail}` })).toBeVisible();
  await page.goto(outboxPath());
  const confirmation = page.getByTestId("outbox-message").filter({ hasText: newEmail }).first();
  await expect(confirmation).toContainText("Confirme seu novo e-mail");
  await confirmation.getByRole("link", { name: "/perfil/confirmar-email" }).click();
  await expect(page.getByText(`Usar ${newEmail} como e-mail da sua conta Navalha?`)).toBeVisible();
  await page.getByRole("button", { name: "Confirmar e-mail" }).click();
  await expect(page.getByText(`Pronto: seu e-mail agora é ${newEmail}.`)).toBeVisible();
  await page.goto(outboxPath());
  await expect(page.getByTestId("outbox-message").filter({ hasText: email }).filter({ hasText: "O e-mail da sua conta Navalha foi alterado" })).toHaveCount(1);

  // Change the photo with a PNG made here.
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#e5b817" } })
    .png()
    .toBuffer();
  await page.goto("/perfil");
  await expect(page.getByRole("heading", { name: "Meu perfil" })).toBeVisible();
  await page.locator("#avatar-input").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Foto atualizada com sucesso!")).toBeVisible();
  const avatar = page.getByRole("region", { name: "Foto" }).locator("img");
  await expect(avatar).toHaveAttribute("src", /^\/uploads\/[A-Za-z0-9_-]+\.webp$/);
  const src = await avatar.getAttribute("src");
  const served = await page.request.get(src!);
  expect(served.headers()["content-type"]).toBe("image/webp");

  // Favourite the first shop of the list and find it on the favourites page.
  await page.goto("/barbearias?latitude=-23.5666&longitude=-46.6917&distance=20");
  const card = page.getByTestId("shop-card").first();
  const shopName = (await card.getByRole("heading").innerText()).trim();
  const toggle = card.getByRole("button", { name: `Adicionar ${shopName} aos favoritos` });
  await toggle.click();
  await expect(card.getByRole("button", { name: `Remover ${shopName} dos favoritos` })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/favoritos");
  await expect(page.getByRole("heading", { name: "Favoritos", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: shopName, exact: true })).toBeVisible();
  // Its next free times today and tomorrow, as the API gives them, each opening the booking with the time chosen.
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const fav = (await (await page.request.get("/v3/client/favorites?limit=100&free_times=3", { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: { name: string; slug: string; next_free_times: { starts_at: string; service_name: string }[] }[];
  };
  const mine = fav.items.find((c) => c.name === shopName)!;
  const chips = page
    .getByRole("listitem")
    .filter({ hasText: shopName })
    .getByRole("link", { name: /^Agendar/ });
  await expect(chips).toHaveCount(mine.next_free_times.length);
  // They say what they are for: the card's note and each time name the shop's featured service.
  if (mine.next_free_times.length > 0) {
    await expect(
      page.getByRole("listitem").filter({ hasText: shopName }).getByText(`Próximos horários livres para ${mine.next_free_times[0].service_name}`),
    ).toBeVisible();
  }
  for (const [i, f] of mine.next_free_times.entries()) {
    await expect(chips.nth(i)).toHaveText(f.starts_at.slice(11, 16));
    await expect(chips.nth(i)).toHaveAccessibleName(new RegExp(`^Agendar ${f.service_name}, `));
    await expect(chips.nth(i)).toHaveAttribute(
      "href",
      new RegExp(
        `^/barbearia/${mine.slug}/agendar\\?service=\\d+&barber=(\\d+|any)&date=${f.starts_at.slice(0, 10)}&time=${f.starts_at.slice(11, 13)}%3A${f.starts_at.slice(14, 16)}$`,
      ),
    );
  }

  // Save an address, choose it for search, and the favourites show distances from it.
  await page.goto("/perfil/enderecos");
  await expect(page.getByText("Você ainda não tem endereços salvos.")).toBeVisible();
  await page.getByRole("button", { name: "Adicionar endereço" }).click();
  await page.getByLabel("Nome do endereço").fill("Casa");
  await page.getByLabel("Rua").fill("Rua dos Pinheiros");
  await page.getByLabel("Número").fill("870");
  await page.getByLabel("Bairro").fill("Pinheiros");
  await page.getByLabel("Cidade").fill("São Paulo");
  await page.getByLabel("Estado").fill("SP");
  await page.getByRole("button", { name: "Salvar endereço" }).click();
  const address = page.getByRole("listitem").filter({ hasText: "Rua dos Pinheiros, 870" });
  await expect(address).toContainText("Usado na busca");
  await address.getByRole("button", { name: "Usar na busca" }).click();
  await expect(page.getByText("A busca vai partir de Casa.")).toBeVisible();
  await page.goto("/favoritos");
  await expect(page.getByText("Distâncias a partir de Casa")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: shopName })).toContainText(/a \d+(,\d+)? km/);
  // Your own position, chosen on a Portuguese page, reads in English on the English page.
  await page.evaluate(() =>
    localStorage.setItem("savedAddress", JSON.stringify({ label: "Minha localização", latitude: -23.5666, longitude: -46.6917, here: true })),
  );
  await page.goto("/favoritos?lng=en");
  await expect(page.getByText("Distances from your location")).toBeVisible();
});

test("the sign-up form links its terms and privacy notice, in a tab of their own and in the page's language", async ({ page, context }) => {
  await page.goto("/cadastro?lng=es");
  await page.getByLabel("Nombre completo").fill("Ana Lima");
  const terms = page.getByRole("link", { name: "términos de uso", exact: true });
  await expect(terms).toHaveAttribute("href", "/termos-de-uso?lng=es");
  await expect(terms).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("link", { name: "política de privacidad", exact: true })).toHaveAttribute("href", "/privacidade?lng=es");
  const [tab] = await Promise.all([context.waitForEvent("page"), terms.click()]);
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Términos de uso");
  // What was typed stays on the form.
  await expect(page.getByLabel("Nombre completo")).toHaveValue("Ana Lima");
});

test("the sign-up form says an empty field is required and an unfinished phone is not valid, never how many characters", async ({ page }) => {
  await page.goto("/cadastro?lng=es");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByLabel("Celular")).toHaveAccessibleDescription(/^Campo obligatorio\./);
  await expect(page.getByLabel("Nombre completo")).toHaveAccessibleDescription(/^Campo obligatorio\./);
  await page.getByLabel("Celular").pressSequentially("1234");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByLabel("Celular")).toHaveAccessibleDescription(/^Ingresa un celular válido con código de área\./);
  await expect(page.getByText(/al menos 14/)).toHaveCount(0);
});

test("a reset link cut short says so instead of doing nothing", async ({ page }) => {
  await page.goto("/redefinir-senha?token=abc&lng=en");
  await page.getByLabel("New password").fill("nova12345");
  await page.getByLabel("Confirm password").fill("nova12345");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This link is incomplete or not valid. Ask for a new one below." })).toBeVisible();
});

test("the account pages have no serious accessibility violation", async ({ page }) => {
  for (const path of ["/entrar", "/cadastro", "/recuperar-senha", "/redefinir-senha?token=abc"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  }
});

test("a visitor who favourites a shop is sent to sign in, and the favourites page needs a session", async ({ page }) => {
  await page.goto("/favoritos");
  await expect(page).toHaveURL(/\/entrar\?next=%2Ffavoritos/);
  await page.goto("/barbearias?latitude=-23.5666&longitude=-46.6917&distance=20");
  const card = page.getByTestId("shop-card").first();
  await card.getByRole("button", { name: /aos favoritos/ }).click();
  await expect(page).toHaveURL(/\/entrar\?next=%2Fbarbearias%3F/);
});

test("the login page shows the spec's validation and failure messages", async ({ page }) => {
  await page.goto("/entrar");
  await page.getByLabel("E-mail ou celular").fill("abc");
  await page.getByLabel("Senha", { exact: true }).fill("12");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Deve ter pelo menos 8 caracteres.")).toBeVisible();
  await expect(page.getByText("Deve ter pelo menos 6 caracteres.")).toBeVisible();
  await page.getByLabel("E-mail ou celular").fill("ninguem@example.com");
  await page.getByLabel("Senha", { exact: true }).fill("123456");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Falha no login").first()).toBeVisible();
  // Said once (the title is not repeated as the text), and the toast's close target is at least 24 × 24 px.
  await expect(page.getByText("Falha no login")).toHaveCount(1);
  // The form itself says what to check, and keeps saying it after the toast has gone.
  await expect(page.getByRole("alert").filter({ hasText: "E-mail, celular ou senha incorretos. Confira e tente de novo." })).toBeVisible();
  const close = await page.locator("[data-close-button]").first().boundingBox();
  expect(Math.min(close!.width, close!.height)).toBeGreaterThanOrEqual(24);
});
