import { expectAccessible } from "./axe";
import type { Locator } from "@playwright/test";
import { type Page, expect, test } from "./clock";

// More shops near Pinheiros than one page of the list holds (the demo data has them within 10 km).
const LONG_LIST = "/barbearias?latitude=-23.5614&longitude=-46.6823&place=Pinheiros&distance=10&sort=distance";

/** Nothing wider than the screen: neither the page nor the sheet scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const sheet = document.querySelector("dialog[open]")!;
    return { page: document.documentElement.scrollWidth, sheet: sheet.scrollWidth, sheetBox: sheet.clientWidth, screen: window.innerWidth };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  expect(widths.sheet).toBeLessThanOrEqual(widths.sheetBox);
}

/** Each of the sheet's own buttons (apply, clear) keeps its words on one line, none cut off. */
async function expectButtonsOnOneLine(sheet: Locator, names: { apply: string; clear: string }) {
  for (const button of [sheet.getByRole("button", { name: names.apply }), sheet.getByRole("link", { name: names.clear })]) {
    await expect(button).toBeVisible();
    const text = await button.evaluate((el) => {
      const words = document.createRange();
      words.selectNodeContents(el);
      const lines = new Set([...words.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return { lines: lines.size, overflows: el.scrollWidth > el.clientWidth };
    });
    expect(text).toEqual({ lines: 1, overflows: false });
  }
}

/** The bottom of the row that holds the "Filtros" button, stuck under the header on a phone. */
async function filtersRowBottom(page: Page): Promise<number> {
  const row = (await page.locator("#list-filters-bar").boundingBox())!;
  return row.y + row.height;
}

test("on a phone, the list's filters open in a bottom sheet and apply without losing the visitor's place", { tag: "@phone" }, async ({ page }, info) => {
  await page.goto(`${LONG_LIST}&lng=pt-BR`);
  const cards = page.getByRole("list", { name: "Barbearias encontradas" }).getByTestId("shop-card");
  await expect(cards).toHaveCount(20);
  // Once the page is live, the filters sit behind one button that says how many are on (none yet).
  const opener = page.getByRole("button", { name: "Filtros", exact: true });
  await expect(opener).toBeVisible();

  // The visitor has scrolled down the list.
  await cards.nth(4).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  await opener.click();
  const sheet = page.getByRole("dialog", { name: "Filtros e ordenação" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("button", { name: "Fechar" })).toBeFocused();
  await page.screenshot({ path: info.outputPath("filters-sheet-375.png") });
  await expectAccessible(page, "the list's filters sheet");
  await page.setViewportSize({ width: 320, height: 640 });
  await expectButtonsOnOneLine(sheet, { apply: "Aplicar filtros", clear: "Limpar filtros" });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath("filters-sheet-320.png") });
  await page.setViewportSize({ width: 375, height: 812 });

  // Escape closes it, back to the button.
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();

  // Tab never leaves the sheet for the page behind it (past its last control, focus may rest on the browser itself).
  await opener.click();
  await expect(sheet).toBeVisible();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    const inside = await sheet.evaluate((dialog) => dialog.contains(document.activeElement) || document.activeElement === document.body);
    expect(inside).toBe(true);
  }

  await sheet.getByLabel("Tipo de serviço").selectOption("beard");
  await sheet.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/category=beard/);
  await expect(page.getByRole("list", { name: "Filtros ativos" }).getByRole("link", { name: "Remover filtro: Barba" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Filtros 1 filtro ativo" })).toBeVisible();

  // The new list is where the visitor is: its count in view and focused, the page not back at its top.
  const count = page.locator("#list-results");
  await expect(count).toBeFocused();
  await expect(count).toHaveText(/^\d+ barbearias?$/);
  await expect(count).toBeInViewport();
  expect((await count.boundingBox())!.y).toBeGreaterThanOrEqual(await filtersRowBottom(page));
  await expect(cards.first()).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test(
  "on a phone, the Filtros button stays at the top of a long list, and a card the keyboard reaches is not hidden under it",
  { tag: "@phone" },
  async ({ page }) => {
    await page.goto(`${LONG_LIST}&lng=pt-BR`);
    const cards = page.getByRole("list", { name: "Barbearias encontradas" }).getByTestId("shop-card");
    await expect(cards).toHaveCount(20);
    const opener = page.getByRole("button", { name: "Filtros", exact: true });
    await expect(opener).toBeVisible();

    // At the end of the list the button is still on screen, right under the site's header, and opens the sheet there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(cards.last()).toBeInViewport();
    await expect(opener).toBeInViewport();
    const header = (await page.getByRole("banner").boundingBox())!;
    expect((await page.locator("#list-filters-bar").boundingBox())!.y).toBeCloseTo(header.y + header.height, 0);
    await opener.click();
    const sheet = page.getByRole("dialog", { name: "Filtros e ordenação" });
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(cards.last()).toBeInViewport();

    // A card whose top the row covers: tabbing into it from the card above brings it out from under the row.
    const card = cards.nth(15);
    const covered = (await card.boundingBox())!.y - ((await filtersRowBottom(page)) - 24);
    await page.evaluate((by) => window.scrollBy(0, by), covered);
    expect((await card.boundingBox())!.y).toBeLessThan(await filtersRowBottom(page));
    await cards
      .nth(14)
      .locator("a, button")
      .last()
      .evaluate((el) => el.focus({ preventScroll: true }));
    await page.keyboard.press("Tab");
    await expect(card.locator(":focus")).toHaveCount(1);
    expect((await card.boundingBox())!.y).toBeGreaterThanOrEqual(await filtersRowBottom(page));
  },
);

test("at 320 px the sheet's buttons keep their words on one line in Spanish", { tag: "@phone" }, async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${LONG_LIST}&lng=es`);
  await page.getByRole("button", { name: "Filtros", exact: true }).click();
  const sheet = page.getByRole("dialog", { name: "Filtros y orden" });
  await expect(sheet).toBeVisible();
  await expectButtonsOnOneLine(sheet, { apply: "Aplicar filtros", clear: "Borrar filtros" });
  await expectNoSidewaysScroll(page);
});
