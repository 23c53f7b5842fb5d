import { expect, test } from "./clock";
import { findBookableShop } from "./booking-fixtures";

// The booking's later steps are not in the page's first load (decision 0033): they come with the first choice.
// When they cannot (the connection dropped after the page opened), the step says so in the page's
// language and "Try again" reloads the page, whose address keeps every choice.

test("a booking whose next step cannot be loaded says so and keeps the choice for a retry", { tag: "@phone" }, async ({ page, request }, info) => {
  // The phone project only: one journey is enough.
  const { shop } = await findBookableShop(request);
  await page.goto(`/barbearia/${shop.slug}/agendar?lng=en`);
  await expect(page.getByRole("heading", { level: 2, name: "Choose the services" })).toBeVisible();
  // Hydrated: ticking a service writes it into the address.
  await page.waitForLoadState("networkidle");

  // From here on no more of the site's code arrives.
  await page.route("**/_next/static/chunks/**", (route) => route.abort("internetdisconnected"));
  await page.getByRole("checkbox").first().check();
  await expect(page).toHaveURL(/service=\d+/);
  await page.locator("#booking-bar").getByRole("button", { name: "Continue" }).tap();
  await expect(page.getByRole("heading", { level: 2, name: "Choose the barber" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "This step could not be loaded. Check your connection and try again." })).toBeVisible();
  const chosen = new URL(page.url()).searchParams.get("service");

  // Back online: the retry opens the same step with the service still chosen.
  await page.unroute("**/_next/static/chunks/**");
  await page.getByRole("button", { name: "Try again" }).tap();
  await expect(page.getByRole("button", { name: /Any barber|★|New/ }).first()).toBeVisible();
  expect(new URL(page.url()).searchParams.get("service")).toBe(chosen);
  await expect(page.getByRole("heading", { level: 2, name: "Choose the barber" })).toBeVisible();
});
