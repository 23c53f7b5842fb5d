import { expectAccessible } from "./axe";
import { expect, test } from "./clock";

const LANGUAGES = [
  { lng: "pt-BR", footer: "Termos de uso" },
  { lng: "en", footer: "Terms of use" },
  { lng: "es", footer: "Términos de uso" },
];

for (const { lng, footer } of LANGUAGES) {
  test(`home page in ${lng} renders in that language with no serious accessibility violation`, async ({ page }) => {
    await page.goto(`/?lng=${lng}`);
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: footer })).toBeVisible();
    await expectAccessible(page);
  });
}

test("the language chosen with ?lng= is remembered by a cookie", async ({ page }) => {
  await page.goto("/?lng=es");
  await page.goto("/faq");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});

test("the terms and the privacy notice say, in the page's language, the day their text last changed", { tag: "@phone" }, async ({ request }, info) => {
  // The phone project only: server HTML: once is enough.
  // The days of components/legal/updated.ts, as a reader and as a machine reads them.
  for (const [url, line] of [
    ["/privacidade?lng=pt-BR", 'Atualizado em <time dateTime="2026-12-02">2 de dezembro de 2026</time>'],
    ["/privacidade?lng=en", 'Updated on <time dateTime="2026-12-02">December 2, 2026</time>'],
    ["/termos-de-uso?lng=es", 'Actualizado el <time dateTime="2026-11-24">24 de noviembre de 2026</time>'],
  ]) {
    expect(await (await request.get(url)).text(), url).toContain(line);
  }
});

test(
  "the contact page's e-mail addresses and WhatsApp number open the mail app and the chat; its hours are named in words",
  { tag: "@phone" },
  async ({ page }, info) => {
    // The phone project only: a phone's page: once is enough.
    await page.goto("/fale-conosco?lng=en");
    const main = page.locator("article");
    // In the text (every address it gives) and in the card under it.
    await expect(main.getByRole("link", { name: "contato@navalha.app" }).first()).toHaveAttribute("href", "mailto:contato@navalha.app");
    expect(await main.getByRole("link", { name: "contato@navalha.app" }).count()).toBeGreaterThanOrEqual(4);
    await expect(main.getByRole("link", { name: "privacidade@navalha.app" })).toHaveAttribute("href", "mailto:privacidade@navalha.app");
    const chats = main.getByRole("link", { name: "+55 11 4000-1234" });
    await expect(chats).toHaveCount(2);
    for (const chat of await chats.all()) await expect(chat).toHaveAttribute("href", "https://wa.me/551140001234");
    await expect(main.locator("dt", { hasText: "Opening hours" })).toBeVisible();
  },
);
