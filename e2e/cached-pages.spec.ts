import { expect, test } from "./clock";
import { pageGrid } from "../lib/edge/page-cache";
import { DEMO } from "./booking-fixtures";

// Shop, city and home pages come from a cache (lib/edge/page-cache.ts), one copy per language,
// with a Content Security Policy of their inline scripts' hashes; a change to what they show (here a
// review) drops them within a poll (PAGE_CACHE_POLL_MS, 1 s) of its commit. Only documents (Accept:
// text/html, as a browser opens a page) come from it; Next's client navigations stay soft.
const HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
// A page is kept until the next quarter hour (pageGrid): one rendered across that boundary is not
// kept, by design, so requests that straddled it are sent again.
async function withinQuarter<T>(send: () => Promise<T>): Promise<T> {
  for (;;) {
    const quarter = pageGrid(Date.now());
    const answer = await send();
    if (pageGrid(Date.now()) === quarter) return answer;
  }
}

test(
  "a shop page comes from the cache, runs under a policy of hashes, and shows a new review within 5 s",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: one run is enough: the cache does not depend on the screen.
    const login = await request.post("/v3/login", { data: DEMO });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const history = (await (await request.get("/v3/client/appointments?scope=history&limit=100", { headers: auth })).json()) as {
      items: { id: number; can_review: boolean; barbershop: { slug: string } }[];
    };
    // The last one: e2e/booking-client.spec.ts rates the first.
    const done = history.items.findLast((a) => a.can_review);
    expect(done, "the demo client has a completed appointment to rate").toBeTruthy();
    const path = `/barbearia/${done!.barbershop.slug}`;

    // Rendered once, then served from the cache with the same bytes.
    const get = () => request.get(path, { headers: { cookie: "lng=pt-BR", accept: HTML } });
    const [first, second] = await withinQuarter(async () => [await get(), await get()] as const);
    expect(second.headers()["x-page-cache"]).toBe("hit");
    expect(await second.text()).toBe(await first.text());
    // Sent as kept, gzipped, by server.mjs before Next sees the request; a client that takes no gzip gets
    // the same page through Next (proxy.ts).
    expect(second.headers()["content-encoding"]).toBe("gzip");
    const plain = await request.get(path, { headers: { cookie: "lng=pt-BR", accept: HTML, "accept-encoding": "identity" } });
    expect(plain.headers()["x-page-cache"]).toBe("hit");
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    expect(await plain.text()).toBe(await first.text());
    const csp = second.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(/script-src [^;]*/.exec(csp)![0]).not.toMatch(/unsafe-inline|nonce|strict-dynamic/);

    // English is a copy of its own, in English.
    const [en, enAgain] = await withinQuarter(async () => {
      const en = await request.get(`${path}?lng=en`, { headers: { accept: HTML } });
      return [en, await request.get(path, { headers: { cookie: "lng=en", accept: HTML } })] as const;
    });
    expect(await en.text()).toContain('<html lang="en"');
    expect(enAgain.headers()["x-page-cache"]).toBe("hit");
    expect(await (await request.get(path, { headers: { cookie: "lng=pt-BR", accept: HTML } })).text()).toContain('<html lang="pt-BR"');

    // The browser runs the kept page: no policy violation, and it hydrates (the tabs answer).
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${path}?lng=pt-BR`);
    await page.getByRole("tab", { name: "Avaliações" }).click();
    await expect(page.getByRole("tab", { name: "Avaliações" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/#ratings$/);
    expect(violations).toEqual([]);

    // A new review: the page shows it within 5 s of the answer.
    const comment = `Corte impecável ${Date.now()}`;
    const rated = await request.post("/v3/client/add-review", { headers: auth, data: { appointment_id: done!.id, rating: 5, comment } });
    expect(rated.ok()).toBeTruthy();
    const since = Date.now();
    let shown = false;
    while (!shown && Date.now() - since < 5_000) {
      shown = (await (await request.get(path, { headers: { cookie: "lng=pt-BR", accept: HTML } })).text()).includes(comment);
      if (!shown) await new Promise((r) => setTimeout(r, 200));
    }
    expect(shown, "the new review is on the shop page within 5 s").toBe(true);
    await page.reload(); // the address still names #ratings
    await expect(page.getByText(comment)).toBeVisible();
  },
);

test("city and home pages come from the cache too, and other pages do not", { tag: "@phone" }, async ({ request }, info) => {
  // The phone project only: one run is enough.
  for (const url of ["/", "/cidade/sao-paulo", "/cidade/sao-paulo?page=2"]) {
    await request.get(url, { headers: { cookie: "lng=es", accept: HTML } });
    const again = await request.get(url, { headers: { cookie: "lng=es", accept: HTML } });
    expect(again.headers()["x-page-cache"], url).toBe("hit");
    expect(await again.text()).toContain('<html lang="es"');
  }
  // An unknown city: proxy.ts sends it to the real not-found page, in the page's language, never kept.
  for (let i = 0; i < 2; i++) {
    const missing = await request.get("/cidade/atlantida", { headers: { cookie: "lng=es", accept: HTML } });
    expect(missing.status()).toBe(404);
    expect(missing.headers()["x-page-cache"]).toBeUndefined();
    const html = await missing.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Ciudad no encontrada");
  }
  // A city's list past its last page: the not-found page too, never kept.
  const past = await request.get("/cidade/sao-paulo?page=99", { headers: { cookie: "lng=es", accept: HTML } });
  expect(past.status()).toBe(404);
  expect(past.headers()["x-page-cache"]).toBeUndefined();
  expect(await past.text()).toContain("Página no encontrada");
  for (const url of ["/barbearias", "/faq", "/entrar"]) {
    await request.get(url, { headers: { accept: HTML } });
    const again = await request.get(url, { headers: { accept: HTML } });
    expect(again.headers()["x-page-cache"], url).toBeUndefined();
    expect(again.headers()["content-security-policy"]).toMatch(/'nonce-/);
  }
});

test("a link to a cached page stays a client-side navigation (Next's RSC request is not answered with HTML)", { tag: "@phone" }, async ({ page }, info) => {
  // The phone project only: one run is enough.
  await page.goto("/faq?lng=pt-BR");
  await page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 1));
  await page.getByRole("link", { name: "Navalha" }).first().click();
  await expect(page).toHaveURL(/\/(\?lng=pt-BR)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(1);
});
