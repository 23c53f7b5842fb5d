import { type Page, expect, test } from "./clock";
import { findBookableShop } from "./booking-fixtures";

// A guest books with the keyboard alone (Tab, Space and Enter, never the mouse), in each language.

type Focused = { tag: string; id: string; type: string | null; text: string; disabled: boolean };

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? "",
      id: el?.id ?? "",
      type: el?.getAttribute("type") ?? null,
      disabled: Boolean(el?.disabled),
      text: (el?.labels?.[0]?.textContent || el?.closest("label")?.textContent || el?.getAttribute("aria-label") || el?.textContent || "").trim(),
    };
  });
}

/** The focused control (or the card around a hidden one) shows the focus. */
async function expectFocusShown(page: Page) {
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return getComputedStyle(el.closest("label") ?? el).outlineStyle;
  });
  expect(outline).not.toBe("none");
}

/** The focused control is not under the sticky bar (WCAG 2.4.11), when the bar is shown. */
async function expectNotCovered(page: Page) {
  const covered = await page.evaluate(() => {
    const bar = document.getElementById("booking-bar");
    const el = document.activeElement as HTMLElement;
    if (!bar || getComputedStyle(bar).display === "none" || bar.contains(el)) return false;
    const r = el.getBoundingClientRect();
    return r.top >= bar.getBoundingClientRect().top;
  });
  expect(covered).toBe(false);
}

/** Presses Tab until the focused element is the one wanted. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, what: string) {
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press("Tab");
    if (wanted(await focused(page))) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

const TEXT = {
  "pt-BR": { cont: "Continuar", confirm: "Confirmar agendamento", name: "Nome completo", phone: "Celular", done: "Seu horário está agendado!" },
  en: { cont: "Continue", confirm: "Confirm booking", name: "Full name", phone: "Mobile phone", done: "Your appointment is booked!" },
  es: { cont: "Continuar", confirm: "Confirmar reserva", name: "Nombre completo", phone: "Celular", done: "¡Tu cita está reservada!" },
} as const;

for (const [lng, text] of Object.entries(TEXT) as [keyof typeof TEXT, (typeof TEXT)[keyof typeof TEXT]][]) {
  // Portuguese on the phone (with its bottom bar), the others on the desktop.
  test(`a guest completes a booking with the keyboard alone in ${lng}`, { tag: lng === "pt-BR" ? "@phone" : "@desktop" }, async ({ page, request }) => {
    const { shop, barber, service } = await findBookableShop(request, ["pt-BR", "en", "es"].indexOf(lng) + 2);
    await page.goto(`/barbearia/${shop.slug}/agendar?lng=${lng}`);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("html")).toHaveAttribute("lang", lng);

    // 1. The service: a checkbox, ticked with Space; Continue with Enter. The next step's heading takes the focus.
    await tabTo(page, (f) => f.type === "checkbox" && f.text.includes(service.name), "the service");
    await page.keyboard.press("Space");
    await expectFocusShown(page);
    await tabTo(page, (f) => f.tag === "button" && f.text === text.cont, "Continue");
    await expectNotCovered(page);
    await page.keyboard.press("Enter");
    await expect(page.locator("#step-barber")).toBeFocused();

    // 2. The barber: a button; Enter chooses him and moves on.
    await tabTo(page, (f) => f.tag === "button" && f.text.includes(barber.name), "the barber");
    await expectFocusShown(page);
    await expectNotCovered(page);
    await page.keyboard.press("Enter");
    await expect(page.locator("#step-when")).toBeFocused();

    // 3. The day: the strip is one tab stop (the chosen day); the arrows go to the next days until one shows
    // free times; 4. its first time.
    const times = page.locator('[role="group"][aria-labelledby^="period-"] button');
    const strip = page.locator('section[aria-labelledby="step-when"] [role="group"]').first();
    await expect(strip.locator("button[tabindex='0']")).toHaveCount(1);
    for (let d = 0; d < 21 && (await times.count()) === 0; d++) {
      if (d === 0) await tabTo(page, (f) => f.tag === "button" && /\d{4}/.test(f.text) && !f.disabled, "a day");
      else await page.keyboard.press("ArrowRight");
      await expectFocusShown(page);
      await page.keyboard.press("Enter");
      await expect(times.first().or(page.locator('section[aria-labelledby="step-when"] [role="status"]').filter({ hasText: /./ }))).toBeVisible();
    }
    await tabTo(page, (f) => f.tag === "button" && /^\d\d:\d\d$/.test(f.text), "a time");
    const hour = (await focused(page)).text;
    await expectNotCovered(page);
    await page.keyboard.press("Enter");
    await expect(page.locator("#step-review")).toBeFocused();

    // 5. Name and phone, then confirm with Enter.
    await tabTo(page, (f) => f.tag === "input" && f.text.includes(text.name), "the name");
    await page.keyboard.type("Teclado Convidado");
    await page.keyboard.press("Tab");
    expect((await focused(page)).text).toContain(text.phone);
    await page.keyboard.type("11923456789");
    await expectNotCovered(page);
    await tabTo(page, (f) => f.tag === "button" && f.text === text.confirm, "the confirm button");
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/agendamento\/\d+\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: text.done })).toBeFocused();
    await expect(page.getByText(new RegExp(`${hour}–`))).toBeVisible();
    await expect(page.getByText("(11) 92345-6789")).toBeVisible();
  });
}
