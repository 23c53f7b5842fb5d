import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Page, expect, test } from "./clock";
import { freeTime } from "./booking-fixtures";
import { HOSTILE, hostileName } from "./hostile-data";

// Shop, barber, service, review and client names that carry HTML and script (seeded by
// scripts/seed/hostile.ts, or registered here) are shown as text on every page, and no alert fires.

test.use({ locale: "pt-BR" });

/** Fails the test on any alert, confirm or prompt: one would mean a hostile text ran as script. */
function failOnDialog(page: Page) {
  const fired: string[] = [];
  page.on("dialog", async (dialog) => {
    fired.push(dialog.message());
    await dialog.dismiss();
  });
  return {
    async expectNone() {
      expect(fired, "no script from the data ran").toEqual([]);
      // An injected <img src=x> would be an element, not text.
      await expect(page.locator('img[src="x"], svg[onload], b[onmouseover]')).toHaveCount(0);
    },
  };
}

/** The JSON-LD blocks of a page's raw HTML: none may be closed early by the data. */
function jsonLdBlocks(html: string): unknown[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return blocks.map((text) => {
    expect(text).not.toMatch(/<\/?script/i);
    return JSON.parse(text) as unknown;
  });
}

async function hostileShop(request: APIRequestContext) {
  const res = await request.get(`/v3/client/barbershop-by-slug?slug=${HOSTILE.slug}`);
  expect(res.ok(), "scripts/seed/hostile.ts ran before the server started").toBeTruthy();
  const body = (await res.json()) as { id: number } | { barbershop: { id: number } };
  const id = "barbershop" in body ? body.barbershop.id : body.id;
  const team = (await (await request.get(`/v3/barbershop/team/barbers/${id}`)).json()) as { id: number }[] | { items: { id: number }[] };
  const barber = (Array.isArray(team) ? team : team.items)[0];
  const svc = (await (await request.get(`/v3/barbershop/${id}/barber/${barber.id}/services`)).json()) as { id: number }[] | { items: { id: number }[] };
  const service = (Array.isArray(svc) ? svc : svc.items)[0];
  return { id, barberId: barber.id, serviceId: service.id };
}

test(
  "hostile shop, barber, service and review texts are text on the shop, city and list pages, and in JSON-LD",
  { tag: "@desktop" },
  async ({ page, request }, info) => {
    // The desktop project only: the pages are the same on phones.
    const dialogs = failOnDialog(page);

    // The server's HTML: no tag from the data, and JSON-LD that parses back to the original texts.
    const html = await (await request.get(`/barbearia/${HOSTILE.slug}?lng=pt-BR`)).text();
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>alert(");
    expect(html).not.toContain("<svg onload");
    const shopLd = jsonLdBlocks(html).find((b) => (b as { "@type"?: string })["@type"] === "HairSalon") as { name: string; description: string };
    expect(shopLd.name).toBe(HOSTILE.shopName);
    expect(shopLd.description).toBe(HOSTILE.description);

    await page.goto(`/barbearia/${HOSTILE.slug}?lng=pt-BR`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOSTILE.shopName);
    await expect(page).toHaveTitle(new RegExp(HOSTILE.shopName.slice(0, 20).replace(/[()]/g, "\\$&")));
    await expect(page.getByText(HOSTILE.description).first()).toBeVisible();
    await expect(page.getByText(HOSTILE.serviceName).first()).toBeVisible();
    await page.getByRole("tab", { name: "Avaliações" }).click();
    await expect(page.getByRole("tabpanel").getByText(HOSTILE.review).first()).toBeVisible();
    await expect(page.getByRole("tabpanel").getByText(HOSTILE.client.name).first()).toBeVisible();
    await dialogs.expectNone();

    const cityHtml = await (await request.get(`/cidade/${HOSTILE.citySlug}?lng=pt-BR`)).text();
    expect(cityHtml).not.toContain("<img src=x");
    const cityLd = jsonLdBlocks(cityHtml).find((b) => (b as { "@type"?: string })["@type"] === "ItemList") as { itemListElement: { name: string }[] };
    expect(cityLd.itemListElement.map((e) => e.name)).toContain(HOSTILE.shopName);
    await page.goto(`/cidade/${HOSTILE.citySlug}?lng=pt-BR`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(HOSTILE.city);
    await expect(page.getByRole("heading", { level: 2, name: HOSTILE.shopName })).toBeVisible();
    await dialogs.expectNone();

    await page.goto(`/barbearias?latitude=${HOSTILE.latitude}&longitude=${HOSTILE.longitude}&lng=pt-BR`);
    await expect(page.getByText(HOSTILE.shopName).first()).toBeVisible();
    await dialogs.expectNone();
  },
);

test(
  "a client with a hostile name sees it as text in the header, profile, booking, appointments and favourites; the token stays out of URLs and logs",
  { tag: "@desktop" },
  async ({ page, request }, info) => {
    // The desktop project only: the pages are the same on phones.
    const dialogs = failOnDialog(page);
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    const shop = await hostileShop(request);

    // Sign in through the form, as a person would.
    await page.goto("/entrar?lng=pt-BR");
    await page.getByLabel("E-mail ou celular").fill(HOSTILE.client.email);
    await page.getByLabel("Senha", { exact: true }).fill(HOSTILE.client.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).not.toHaveURL(/\/entrar/);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token).toBeTruthy();
    const auth = { authorization: `Bearer ${token}` };
    await expect(page.getByRole("banner").getByText("<img", { exact: true })).toBeVisible();

    // Book and review through the API, as the same client.
    const { date, hours } = await freeTime(request, shop.id, shop.barberId, shop.serviceId);
    const booked = await request.post("/v3/appointments/new-appointment", {
      headers: auth,
      data: { barbershop_id: shop.id, barber_id: shop.barberId, services: [shop.serviceId], date, start_hour: hours[0], notes: HOSTILE.review },
    });
    expect(booked.status()).toBe(201);
    const { appointment } = (await booked.json()) as { appointment: { id: number } };
    const history = (await (await request.get("/v3/client/appointments?scope=history&limit=50", { headers: auth })).json()) as {
      items: { id: number; can_review: boolean }[];
    };
    const toRate = history.items.find((a) => a.can_review);
    if (toRate) {
      const review = await request.post("/v3/client/add-review", { headers: auth, data: { appointment_id: toRate.id, rating: 4, comment: HOSTILE.review } });
      expect(review.status()).toBe(201);
    }

    await page.goto(`/barbearia/${HOSTILE.slug}/agendar?lng=pt-BR`);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Agendar na ${HOSTILE.shopName}`);
    await expect(page.getByText(HOSTILE.serviceName).first()).toBeVisible();
    await page.getByRole("checkbox", { name: HOSTILE.serviceName }).first().check();
    await page.getByRole("button", { name: "Continuar" }).first().click();
    await expect(page.getByText(HOSTILE.barberName).first()).toBeVisible();
    await dialogs.expectNone();

    await page.goto("/agendamentos?lng=pt-BR");
    await expect(page.getByText(HOSTILE.shopName).first()).toBeVisible();
    await page.goto(`/agendamento/${appointment.id}?lng=pt-BR`);
    await expect(page.getByText(HOSTILE.shopName).first()).toBeVisible();
    await expect(page.getByText(HOSTILE.serviceName).first()).toBeVisible();
    await expect(page.getByText(HOSTILE.barberName).first()).toBeVisible();
    await dialogs.expectNone();

    const favourite = await request.post(`/v3/client/favorites/${shop.id}`, { headers: auth });
    expect(favourite.ok()).toBeTruthy();
    await page.goto("/favoritos?lng=pt-BR");
    await expect(page.getByText(HOSTILE.shopName).first()).toBeVisible();
    await dialogs.expectNone();

    await page.goto("/perfil?lng=pt-BR");
    await expect(page.getByLabel("Nome completo")).toHaveValue(HOSTILE.client.name);
    await dialogs.expectNone();

    // The token travels in the Authorization header only.
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((u) => u.includes(token!))).toEqual([]);
    // scripts/e2e-server.sh keeps a copy of the server's output beside its database.
    const log = path.join(path.dirname(process.env.E2E_PGLITE_DIR || "./.data-e2e/pglite"), "server.log");
    if (fs.existsSync(log)) expect(fs.readFileSync(log, "utf8")).not.toContain(token!);
  },
);

test("a guest with a hostile name sees it as text on the private appointment page", { tag: "@phone" }, async ({ page, request }, info) => {
  // The phone project only: the guest journey is the phone-sized one.
  const dialogs = failOnDialog(page);
  const shop = await hostileShop(request);
  const { date, hours } = await freeTime(request, shop.id, shop.barberId, shop.serviceId);
  const name = hostileName(7);
  const res = await request.post("/v3/appointments/appointment-without-login", {
    data: {
      barbershop_id: shop.id,
      barber_id: shop.barberId,
      services: [shop.serviceId],
      date,
      start_hour: hours[hours.length - 1],
      name,
      phone: "(11) 97777-6666",
    },
  });
  expect(res.status()).toBe(201);
  const { appointment, manage_token } = (await res.json()) as { appointment: { id: number }; manage_token: string };
  const html = await (await request.get(`/agendamento/${appointment.id}?token=${manage_token}&lng=pt-BR`)).text();
  expect(html).not.toContain("<img src=x");

  await page.goto(`/agendamento/${appointment.id}?token=${manage_token}&lng=pt-BR`);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText(HOSTILE.shopName).first()).toBeVisible();
  await dialogs.expectNone();
});

test("pages and API answers carry a Content Security Policy and the usual security headers", { tag: "@desktop" }, async ({ request }, info) => {
  // The desktop project only: headers do not depend on the screen.
  const common = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "strict-transport-security": "max-age=63072000; includeSubDomains",
  };
  // A dot in the path (/barbearia/x.y) once kept the proxy, and so the CSP, away from the page.
  for (const url of [
    "/?lng=pt-BR",
    `/barbearia/${HOSTILE.slug}`,
    "/barbearia/x.y",
    "/entrar",
    "/v3/health",
    "/v3/client/barbershops-by-name?name=Barbearia",
    "/v3/client/appointments",
  ]) {
    const res = await request.get(url);
    const headers = res.headers();
    for (const [name, value] of Object.entries(common)) expect(headers[name], `${name} on ${url}`).toBe(value);
    expect(headers["permissions-policy"], `permissions-policy on ${url}`).toContain("camera=()");
    if (url.startsWith("/v3/")) continue;
    const csp = headers["content-security-policy"];
    expect(csp, `CSP on ${url}`).toBeTruthy();
    // Pages served from the cache (decision 0023) name their inline scripts' hashes; the others a fresh nonce.
    if (headers["x-page-cache"]) expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+(;|$)/);
    else expect(csp).toMatch(/script-src 'self' 'nonce-[\w+/=]+' 'strict-dynamic'(;|$)/);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
  }
  // Next's hashed files carry nosniff and none of the page's headers (decision 0033: bytes on every script).
  const page = await (await request.get("/?lng=pt-BR")).text();
  const files = [...page.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  expect(files.length).toBeGreaterThan(1);
  for (const file of files) {
    const headers = (await request.get(file)).headers();
    expect(headers["x-content-type-options"], file).toBe("nosniff");
    for (const name of ["x-frame-options", "referrer-policy", "permissions-policy", "cross-origin-opener-policy", "strict-transport-security"])
      expect(headers[name], `${name} on ${file}`).toBeUndefined();
  }
});

test("a closed shop's old link names it as text, says it has left, and leads to the shops near where it was", { tag: "@phone" }, async ({ page }, info) => {
  // The phone project only: a shared link is opened on a phone.
  const dialogs = failOnDialog(page);
  const { slug, name } = HOSTILE.closed;
  for (const [path, heading, action, lng] of [
    [`/barbearia/${slug}`, `${name} não está mais no Navalha`, "Ver barbearias perto de <i>Bairro</i> Antigo", null],
    // Typed with capitals or pasted with punctuation, it is still that shop's link (before English is chosen).
    [`/barbearia/Teste-Fechada).`, `${name} não está mais no Navalha`, "Ver barbearias perto de <i>Bairro</i> Antigo", null],
    [`/barbearia/${slug}/agendar?lng=en`, `${name} is no longer on Navalha`, "See barbershops near <i>Bairro</i> Antigo", "en"],
    // Its link by id leads to its page, which says so too.
    [`/barbearia/id/${HOSTILE.closed.id}`, `${name} is no longer on Navalha`, "See barbershops near <i>Bairro</i> Antigo", "en"],
  ] as const) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} · Navalha`);
    // The page names the address asked for, not the not-found page's internal one.
    const asked = path.startsWith("/barbearia/id/") ? `/barbearia/${slug}` : path.split("?")[0];
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${asked.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\?lng=en)?$`));
    const near = page.getByRole("link", { name: action });
    const href = new URL((await near.getAttribute("href"))!, "http://x");
    expect([href.pathname, href.searchParams.get("latitude"), href.searchParams.get("longitude"), href.searchParams.get("lng")]).toEqual([
      "/barbearias",
      (HOSTILE.latitude + 0.0027).toFixed(5),
      HOSTILE.longitude.toFixed(5),
      lng,
    ]);
  }
  // The list it leads to holds the open shop beside it.
  await page.getByRole("link", { name: "See barbershops near <i>Bairro</i> Antigo" }).click();
  await expect(page.getByTestId("shop-card").filter({ hasText: "Hostil" }).first()).toBeVisible();
  await dialogs.expectNone();
});
