import { type APIRequestContext, type Page, expect, test } from "./clock";
import { seriousViolations as violations } from "./axe";
import { chooseFirstFreeTime, findBookableShop, signIn } from "./booking-fixtures";

// An axe scan of every page in the three languages: no serious or critical violation. The full tour runs
// on the desktop project; the phone project scans the key pages of a visit and a booking.

// The tours only read: they may run beside each other, on both of the run's workers.
test.describe.configure({ mode: "parallel" });

const LANGUAGES = ["pt-BR", "en", "es"] as const;
type Lng = (typeof LANGUAGES)[number];

async function visit(page: Page, url: string, lng: Lng) {
  await page.goto(`${url}${url.includes("?") ? "&" : "?"}lng=${lng}`);
  // Controls clicked before React hydrates would be reset by it.
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
  await expect(page.locator("main").first()).toBeVisible();
}

async function scanShopTabs(page: Page, slug: string, lng: Lng) {
  const found: string[] = [];
  await visit(page, `/barbearia/${slug}`, lng);
  for (const [i, tab] of (await page.getByRole("tab").all()).entries()) {
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    found.push(...(await violations(page, `shop tab ${i + 1}`)));
  }
  return found;
}

/** Each step of the booking: services, barber (or any), day and time, review; then the page at each step. */
async function scanBookingSteps(page: Page, request: APIRequestContext, lng: Lng) {
  const { shop, barber, service } = await findBookableShop(request);
  const found: string[] = [];
  await visit(page, `/barbearia/${shop.slug}/agendar`, lng);
  found.push(...(await violations(page, "booking: services")));
  await page.locator(`section[aria-labelledby="step-services"] input[type="checkbox"]`).first().check();
  await page
    .locator("button:visible", { hasText: /^(Continuar|Continue)$/ })
    .first()
    .click();
  await expect(page.locator("#step-barber")).toBeVisible();
  found.push(...(await violations(page, "booking: barber")));
  await visit(page, `/barbearia/${shop.slug}/agendar?service=${service.id}&barber=${barber.id}`, lng);
  await expect(page.locator("#step-when")).toBeVisible();
  await chooseFirstFreeTime(page);
  found.push(...(await violations(page, "booking: review")));
  await page.goBack();
  await expect(page.locator("#step-when")).toBeVisible();
  found.push(...(await violations(page, "booking: day and time")));
  return { found, shop };
}

for (const lng of LANGUAGES) {
  test(`public pages in ${lng} have no serious accessibility violation`, { tag: "@desktop" }, async ({ page, request }, info) => {
    // The desktop project only: the full tour runs once; the phone scans the key pages below.
    test.setTimeout(120_000);
    const { shop } = await findBookableShop(request);
    const found: string[] = [];
    // The home page with the place suggestions open.
    await visit(page, "/", lng);
    await page.locator('input[role="combobox"]').first().fill("Pinh");
    await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
    found.push(...(await violations(page, "home: suggestions open")));
    for (const url of [
      "/barbearias?latitude=-23.5614&longitude=-46.6823",
      // The same list with active filters' chips, and as a map.
      "/barbearias?latitude=-23.5614&longitude=-46.6823&category=hair&sort=rating",
      "/barbearias?latitude=-23.5614&longitude=-46.6823&view=map",
      "/barbearias?name=Barbearia",
      "/cidade/sao-paulo",
      "/entrar",
      "/cadastro",
      "/recuperar-senha",
      "/redefinir-senha?token=abcdefghijklmnop",
      // The footer's text pages have one layout in every language: scanned in Portuguese (their HTML is
      // validated in all three by html-valid.spec), which keeps the tours within CI's time.
      ...(lng === "pt-BR" ? ["/termos-de-uso", "/privacidade", "/faq", "/transparencia"] : []),
      "/fale-conosco",
      "/pagina-que-nao-existe",
    ]) {
      await visit(page, url, lng);
      found.push(...(await violations(page, url)));
    }
    found.push(...(await scanShopTabs(page, shop.slug, lng)));
    expect(found).toEqual([]);
  });

  test(`booking steps in ${lng} have no serious accessibility violation`, { tag: "@desktop" }, async ({ page, request }, info) => {
    // The desktop project only: the phone scans the booking in Portuguese below.
    const { found } = await scanBookingSteps(page, request, lng);
    expect(found).toEqual([]);
  });

  test(`signed-in pages in ${lng} have no serious accessibility violation`, { tag: "@desktop" }, async ({ page, request }, info) => {
    // The desktop project only: the phone scans the appointments in Portuguese below.
    // A tour of many pages, each scanned by axe: about a minute on an idle 2-core machine.
    test.setTimeout(180_000);
    const token = await signIn(page, request);
    const auth = { authorization: `Bearer ${token}` };
    const list = (await (await request.get("/v3/client/appointments?scope=upcoming&limit=1", { headers: auth })).json()) as { items: { id: number }[] };
    expect(list.items.length, "the demo client has an upcoming appointment").toBeGreaterThan(0);
    const history = (await (await request.get("/v3/client/appointments?scope=history&limit=50", { headers: auth })).json()) as {
      items: { id: number; can_review: boolean }[];
    };
    const found: string[] = [];
    await visit(page, "/agendamentos", lng);
    await expect(page.getByRole("tab").first()).toBeVisible();
    found.push(...(await violations(page, "appointments: upcoming")));
    await page.getByRole("tab").nth(1).click();
    await expect(page.getByRole("tab").nth(1)).toHaveAttribute("aria-selected", "true");
    found.push(...(await violations(page, "appointments: history")));
    const detail = [list.items[0].id, history.items.find((a) => a.can_review)?.id, history.items.find((a) => !a.can_review)?.id].filter(Boolean);
    for (const url of [...detail.map((id) => `/agendamento/${id}`), "/perfil", "/perfil/email", "/perfil/enderecos", "/favoritos"]) {
      await visit(page, url, lng);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      found.push(...(await violations(page, url)));
    }
    // The account menu and a yes/no question, open.
    await page.getByRole("banner").locator("button[aria-haspopup=menu]").click();
    await expect(page.getByRole("menu")).toBeVisible();
    found.push(...(await violations(page, "account menu open")));
    await page.keyboard.press("Escape");
    await visit(page, `/agendamento/${list.items[0].id}`, lng);
    const cancel = page
      .getByRole("main")
      .getByRole("button")
      .filter({ hasText: /Cancelar|Cancel/ })
      .first();
    if (await cancel.isVisible()) {
      await cancel.click();
      await expect(page.getByRole("dialog")).toBeVisible();
      found.push(...(await violations(page, "cancel question open")));
    }
    expect(found).toEqual([]);
  });
}

test(
  "on a phone, the home, list, shop, booking and appointment pages have no serious accessibility violation",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: the desktop project runs the full tour above.
    // The longest tour (public pages, the booking steps, the shop tabs, the signed-in pages).
    test.setTimeout(180_000);
    const found: string[] = [];
    // The list as a place search leaves it (its place named, a distance chosen).
    for (const url of ["/", "/barbearias?latitude=-23.5667&longitude=-46.6919&place=Pinheiros&distance=5", "/cidade/sao-paulo", "/entrar"]) {
      await visit(page, url, "pt-BR");
      found.push(...(await violations(page, url)));
    }
    const booking = await scanBookingSteps(page, request, "pt-BR");
    found.push(...booking.found, ...(await scanShopTabs(page, booking.shop.slug, "pt-BR")));
    await signIn(page, request);
    for (const url of ["/agendamentos", "/perfil", "/favoritos"]) {
      await visit(page, url, "pt-BR");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      found.push(...(await violations(page, url)));
    }
    expect(found).toEqual([]);
  },
);
