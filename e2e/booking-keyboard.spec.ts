import { type Page, expect, test } from "@playwright/test";
import { findBookableShop } from "./booking-fixtures";

// A guest books with the keyboard alone: Tab, arrows, Space and Enter, never the mouse.

test.use({ locale: "pt-BR" });

type Focused = { tag: string; name: string | null; type: string | null; value: string | null; checked: boolean; text: string };

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? "",
      name: el?.getAttribute("name") ?? null,
      type: el?.getAttribute("type") ?? null,
      value: el?.value ?? null,
      checked: Boolean(el?.checked),
      text: (el?.labels?.[0]?.textContent || el?.closest("label")?.textContent || el?.getAttribute("aria-label") || el?.textContent || "").trim(),
    };
  });
}

/** The hidden radio's card shows the focus, or a keyboard user would not know where they are. */
async function expectFocusShown(page: Page) {
  const outline = await page.evaluate(() => getComputedStyle((document.activeElement as HTMLElement).closest("label")!).outlineStyle);
  expect(outline).not.toBe("none");
}

/** Presses Tab until the focused element is the one wanted. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, what: string) {
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press("Tab");
    if (wanted(await focused(page))) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

test("a guest completes a booking with the keyboard alone", async ({ page, request }, info) => {
  test.skip(info.project.name !== "desktop", "keyboards belong to the desktop project");
  const { shop, barber, service } = await findBookableShop(request);
  await page.goto(`/barbearia/${shop.slug}/agendar?lng=pt-BR`);
  await expect(page.getByRole("heading", { level: 1, name: `Agendar na ${shop.name}` })).toBeVisible();

  // 1. The barber: Tab enters the group, arrows move (and choose), Space chooses the first.
  await tabTo(page, (f) => f.name === "barber", "the barbers");
  if ((await focused(page)).text.includes(barber.name)) await page.keyboard.press("Space");
  for (let i = 0; i < 30 && !(await focused(page)).text.includes(barber.name); i++) await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: new RegExp(barber.name) })).toBeChecked();
  await expectFocusShown(page);

  // 2. The service: a checkbox, ticked with Space.
  await tabTo(page, (f) => f.type === "checkbox" && f.text.includes(service.name), "the service");
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: new RegExp(service.name) }).first()).toBeChecked();

  // 3. The date: the first open day, then the next ones with the arrow until free times show.
  await tabTo(page, (f) => f.name === "date", "the dates");
  await expectFocusShown(page);
  if (!(await focused(page)).checked) await page.keyboard.press("Space");
  const times = page.locator('input[name="time"]');
  const none = page.getByText("Nenhum horário disponível no período.");
  for (let i = 0; i < 14; i++) {
    await expect(times.first().or(none)).toBeVisible();
    if (await times.count()) break;
    await page.keyboard.press("ArrowRight");
  }
  expect(await times.count()).toBeGreaterThan(0);

  // 4. The time: the first one offered.
  await tabTo(page, (f) => f.name === "time", "the times");
  await expectFocusShown(page);
  await page.keyboard.press("Space");
  const hour = await page.locator('input[name="time"]:checked').getAttribute("value");
  expect(hour).toMatch(/^\d\d:\d\d$/);

  // 5. Name and phone, then confirm with Enter.
  await tabTo(page, (f) => f.tag === "input" && f.text.includes("Nome completo"), "the name");
  await page.keyboard.type("Teclado Convidado");
  await page.keyboard.press("Tab");
  expect((await focused(page)).text).toContain("Celular");
  await page.keyboard.type("11923456789");
  await tabTo(page, (f) => f.tag === "button" && f.text === "Confirmar agendamento", "the confirm button");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/agendamento\/\d+\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: /Agendamento nº \d+/ })).toBeVisible();
  await expect(page.getByText(new RegExp(`${hour}–`))).toBeVisible();
  await expect(page.getByText("(11) 92345-6789")).toBeVisible();
});
