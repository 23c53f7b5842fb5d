import { expectAccessible } from "./axe";
import { type APIRequestContext, expect, test } from "./clock";
import { logIn, setSession } from "./booking-fixtures";
import { FULL_CHROMIUM } from "./browsers";

// "Receber no navegador" on the alerts page: the click asks the permission, registers the console's service worker
// and subscribes. A headless Chromium has no push service of its own to subscribe at (Google's, unreachable here), so
// the journey checks the worker and what the page says either way; the push itself is tested against a local push
// service in tests/api/push.db.test.ts.
// The full browser: the headless shell has no Push API, so the switch would stay off.
test.use({ locale: "pt-BR", launchOptions: FULL_CHROMIUM });

const DESK = { login: "recepcao@navalha.app", password: "demo1234" };

test("the switch registers the console's service worker and asks for the permission on the click", async ({ page, context, request }) => {
  const desk = await logIn(request, DESK);
  const auth = { authorization: `Bearer ${desk.token}` };
  const [{ shop }] = (await (await request.get("/v3/staff/shops", { headers: auth })).json()).items as { shop: { id: number } }[];
  const settings = await (await request.get(`/v3/staff/shops/${shop.id}/alerts/push`, { headers: auth })).json();
  expect(settings).toMatchObject({ enabled: true, public_key: expect.stringMatching(/^[\w-]{87}$/) });
  await setSession(page, desk);
  await context.grantPermissions(["notifications"]);
  await page.goto(`/painel/${shop.id}/alertas`);
  const toggle = page.getByRole("switch", { name: /Receber no navegador/ });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  // Nothing is registered before the click.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await expectAccessible(page);
  await toggle.click();
  await expect(page.getByText(/Este navegador vai receber seus alertas|O navegador não conseguiu se inscrever/)).toBeVisible({ timeout: 20_000 });
  const worker = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration("/");
    return (reg?.active ?? reg?.waiting ?? reg?.installing)?.scriptURL ?? null;
  });
  expect(worker).toMatch(/\/sw\.js$/);
  await expectAccessible(page);
});
