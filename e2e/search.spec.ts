import { type APIRequestContext, expect, test } from "./clock";

// A person looks for a barbershop in Pinheiros, narrows the list, loads more, opens a shop
// and reads its tabs. Runs on the phone (375 px) and desktop (1440 px) projects.
test("search a neighbourhood, filter, load more, open a shop and switch tabs", async ({ page }) => {
  await page.goto("/?lng=pt-BR");

  // Location: typed neighbourhood with suggestions from our own places.
  const box = page.getByRole("combobox", { name: "Onde você quer cortar?" });
  await box.fill("Pinhei");
  const suggestion = page.getByRole("option", { name: /^Pinheiros\s*São Paulo - SP/ });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(box).toHaveValue("Pinheiros, São Paulo - SP");
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("savedAddress") ?? "null"));
  expect(saved).toMatchObject({ label: "Pinheiros, São Paulo - SP", latitude: expect.any(Number), longitude: expect.any(Number) });

  // Nearby shops appear on the home page once the place is known.
  const nearby = page.getByRole("region", { name: /Barbearias perto de Pinheiros/ });
  await expect(nearby.getByTestId("shop-card").first()).toBeVisible();
  await nearby.getByRole("link", { name: /Ver (todas as \d+|a barbearia)/ }).click();

  // The list: filters live in the URL.
  await expect(page).toHaveURL(/\/barbearias\?.*latitude=.*distance=5/);
  await expect(page.getByRole("heading", { level: 1, name: "Barbearias perto de Pinheiros, São Paulo - SP" })).toBeVisible();
  // On a phone the filters open in a sheet from their button; on a larger screen they unfold in the page.
  if (page.viewportSize()!.width < 768) await page.getByRole("button", { name: "Filtros", exact: true }).click();
  else await page.getByText("Filtros e ordenação").click();
  await page.getByLabel("Distância máxima").selectOption("10");
  await page.getByLabel("Ordenar por").selectOption("rating");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/distance=10/);
  await expect(page).toHaveURL(/sort=rating/);
  // The filters are a plain GET form, so this is a new document: "Carregar mais" answers once React has
  // hydrated it (a click before that did nothing in one CI run).
  await page.waitForLoadState("networkidle");

  const cards = page.getByTestId("shop-card");
  await expect(cards).toHaveCount(20);
  const ratings = await cards.locator("dd").first().allInnerTexts();
  expect(ratings.length).toBeGreaterThan(0);
  await expect(page.getByText(/Mostrando 20 de \d+/)).toBeVisible();

  // Load more appends the next page and keeps the first.
  await page.getByRole("link", { name: "Carregar mais" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(20);
  await expect(page.getByText(/Mostrando (2[1-9]|[3-9]\d) de \d+/)).toBeVisible();

  // Open the first shop of the list.
  const firstLink = page.getByRole("listitem").getByRole("heading", { level: 2 }).first().getByRole("link");
  const shopName = (await firstLink.innerText()).trim();
  await firstLink.click();
  await expect(page).toHaveURL(/\/barbearia\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: shopName })).toBeVisible();
  await expect(page.getByRole("link", { name: "Abrir no mapa (abre em nova aba)" })).toHaveAttribute("href", /google\.com\/maps\/search\/\?api=1&query=-?\d/);

  // Tabs: About is open; Ratings and Hours by click and keyboard.
  const about = page.getByRole("tab", { name: "Sobre" });
  await expect(about).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Avaliações" }).click();
  await expect(page.getByRole("tab", { name: "Avaliações" })).toHaveAttribute("aria-selected", "true");
  const ratingsPanel = page.getByRole("tabpanel", { name: "Avaliações" });
  await expect(ratingsPanel).toBeVisible();
  await expect(ratingsPanel.getByText(/avaliaç(ão|ões)/).first()).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Horários" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Horários" }).getByRole("table")).toBeVisible();
  // Tab moves on to the open panel, and shows where focus is (WCAG 2.4.7).
  await page.keyboard.press("Tab");
  const hours = page.getByRole("tabpanel", { name: "Horários" });
  await expect(hours).toBeFocused();
  await expect(hours).toHaveCSS("outline-style", "solid");

  // Booking starts from the shop, a barber or a service.
  const slug = new URL(page.url()).pathname.split("/").pop();
  await expect(page.getByRole("link", { name: /^Agendar com / }).first()).toHaveAttribute("href", new RegExp(`/barbearia/${slug}/agendar\\?barber=\\d+`));
  await expect(page.getByRole("link", { name: /^Agendar / }).first()).toHaveAttribute("href", new RegExp(`/barbearia/${slug}/agendar`));
});

// More shops near Pinheiros than two pages of the list hold (the demo data has them within 10 km).
const LONG_LIST = "/barbearias?latitude=-23.5614&longitude=-46.6823&place=Pinheiros&distance=10&sort=distance";

test("with the keyboard, a shop card shows where focus is: a ring round the whole card", { tag: "@desktop" }, async ({ page }, info) => {
  // The desktop project only: keyboard.
  await page.goto("/cidade/sao-paulo?lng=en");
  const link = page.getByTestId("shop-card").first().getByRole("link").first();
  for (let i = 0; i < 40 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  const ring = await link.evaluate((el) => {
    const after = getComputedStyle(el, "::after");
    const card = el.closest("article")!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return { style: after.outlineStyle, width: after.outlineWidth, coversCard: box.width < card.width && after.position === "absolute" };
  });
  expect(ring).toEqual({ style: "solid", width: "2px", coversCard: true });
});

test("'Carregar mais' appends in place, moves focus to the first new shop, and a reload keeps the longer list", async ({ page }) => {
  await page.goto(`${LONG_LIST}&lng=pt-BR`);
  await page.waitForLoadState("networkidle");
  const cards = page.getByTestId("shop-card");
  await expect(cards).toHaveCount(20);
  const firstTwenty = await cards.getByRole("heading", { level: 2 }).allInnerTexts();

  await page.getByRole("link", { name: "Carregar mais" }).click();
  await expect(cards).toHaveCount(40);
  await expect(page.getByText(/^Mostrando 40 de \d+$/)).toBeVisible();
  await expect(cards.nth(20).getByRole("heading", { level: 2 }).getByRole("link")).toBeFocused();
  // No new document: the page appended, and the address now says how many shops it shows.
  await expect(page).toHaveURL(/&lng=pt-BR&shown=40$/);
  expect((await cards.getByRole("heading", { level: 2 }).allInnerTexts()).slice(0, 20)).toEqual(firstTwenty);

  await page.reload();
  await expect(cards).toHaveCount(40);
  expect((await cards.getByRole("heading", { level: 2 }).allInnerTexts()).slice(0, 20)).toEqual(firstTwenty);
});

test("'Load more' tapped before any JavaScript runs shows the longer list in English, from its first new shop", async ({ browser, baseURL, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 375, height: 667 } });
  const page = await context.newPage();
  await page.goto(`${LONG_LIST}&lng=en`);
  const cards = page.getByTestId("shop-card");
  await expect(cards).toHaveCount(20);
  const total = Number(/of (\d+)/.exec(await page.getByText(/^Showing 20 of \d+$/).innerText())?.[1]);
  expect(total).toBeGreaterThan(40);

  const more = page.getByRole("link", { name: "Load more" });
  await expect(more).toHaveAttribute("href", /&shown=40&lng=en#more$/);
  await more.click();
  await expect(page).toHaveURL(/&shown=40&lng=en#more$/);
  await expect(cards).toHaveCount(40);
  await expect(page.getByText(`Showing 40 of ${total}`)).toBeVisible();
  // The browser lands on the first new shop: the 21st of the v3 list in the same order.
  const { items } = await (
    await request.get("/v3/client/barbershops-with-location-home?latitude=-23.5614&longitude=-46.6823&distance=10&sort=distance&skip=20&limit=1")
  ).json();
  await expect(page.locator("#more").getByRole("heading", { level: 2 })).toHaveText(items[0].name);
  await expect(page.locator("#more")).toBeInViewport();
  // ...below the sticky header, not under it.
  expect((await page.locator("#more").boundingBox())?.y).toBeGreaterThanOrEqual((await page.getByRole("banner").boundingBox())?.height ?? Infinity);
  await expect(page.getByRole("link", { name: "Load more" })).toHaveAttribute("href", /&shown=60&lng=en#more$/);
  await context.close();
});

test("the search box finds a shop by its name typed without accents, by keyboard, in English", async ({ page, request }) => {
  const [shop] = (await (await request.get("/v3/client/barbershops-with-location-home?latitude=-23.5614&longitude=-46.6823&distance=5&limit=1")).json()).items;
  const typed = String(shop.name)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  await page.goto("/?lng=en");
  const box = page.getByRole("combobox", { name: "Where do you want your cut?" });
  await box.focus();
  await page.keyboard.type(typed, { delay: 20 });
  const shops = page.getByRole("group", { name: "Barbershops" });
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // Name and street: two shops may share a name.
  const option = shops.getByRole("option", { name: new RegExp(`^${literal(shop.name)}\\s*${literal(shop.address)}`) });
  await expect(option).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /suggestions?\. Use the arrow keys/ })).toBeAttached();
  // Down the list until the shop is the active option, then Enter.
  for (let i = 0; i < 12 && (await option.getAttribute("aria-selected")) !== "true"; i++) await box.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) ?? "");
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/barbearia/${shop.slug}\\?lng=en$`));
  await expect(page.getByRole("heading", { level: 1, name: shop.name })).toBeVisible();
});

test("on a phone, 'use my location' on the home page brings the shops near you into view", { tag: "@phone" }, async ({ page, context }, info) => {
  // The phone project only: a phone journey.
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: -23.5614, longitude: -46.6823 });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/?lng=pt-BR");
  await page.getByRole("button", { name: "Usar minha localização" }).tap();
  // The results sit below the whole form: without this, the tap changed nothing on screen.
  const heading = page.getByRole("heading", { level: 2, name: "Barbearias perto de você" });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page.getByRole("region", { name: "Barbearias perto de você" }).getByTestId("shop-card").first()).toBeVisible();
  // A place remembered from this visit shows its shops on the next one, without moving the page.
  await page.goto("/faq?lng=pt-BR");
  await page.goto("/?lng=pt-BR");
  await expect(page.getByRole("heading", { level: 2, name: "Barbearias perto de você" })).toBeAttached();
  expect(await page.evaluate(() => scrollY)).toBe(0);
  // Your own position, chosen on a Portuguese page, reads in English on an English one, and so does its list.
  await page.goto("/?lng=en");
  await expect(page.getByRole("heading", { level: 2, name: "Barbershops near you" })).toBeAttached();
  await expect(page.getByRole("combobox", { name: "Where do you want your cut?" })).toHaveValue("My location");
  await page
    .getByRole("region", { name: "Barbershops near you" })
    .getByRole("link", { name: /^See all \d+$/ })
    .tap();
  // The list names where that is (its link may be shared, and "near you" would be wrong for whoever opens it).
  await expect(page.getByRole("heading", { level: 1, name: /^Barbershops near [^,]+, São Paulo - SP$/ })).toBeVisible();
  await expect(page).toHaveTitle(/^Barbershops near [^,]+, São Paulo - SP · Navalha$/);
  expect(new URL(page.url()).searchParams.get("place")).toBeNull();
});

test("when: tomorrow afternoon from the home page, then the list's strip; every time shown is in the window", async ({ page }) => {
  await page.goto("/?lng=pt-BR");
  await page.evaluate(() =>
    localStorage.setItem("savedAddress", JSON.stringify({ label: "Pinheiros, São Paulo - SP", latitude: -23.5667, longitude: -46.6919 })),
  );
  await page.reload();
  const when = page.getByRole("group", { name: "Quando" });
  await when.getByText("Amanhã", { exact: true }).click();
  await when.getByText("Tarde", { exact: true }).click();
  await expect(when.getByRole("radio", { name: "Tarde (12h–18h)" })).toBeChecked();
  const nearby = page.getByRole("region", { name: /Barbearias perto de Pinheiros/ });
  const times = nearby.getByRole("link", { name: /^Agendar .+, amanhã \d\d:\d\d, na /i });
  await expect(times.first()).toBeVisible();
  for (const label of await times.allTextContents()) expect(label >= "12:00" && label < "18:00").toBe(true);
  // The times are the shop's local time, and say so.
  await expect(nearby.getByText(/Próximos horários livres para .+\s· horário da barbearia, UTC-03:00/).first()).toBeVisible();

  // "See all" carries the day and the window to the list, whose strip shows them chosen.
  await nearby.getByRole("link", { name: /Ver (todas as \d+|a barbearia)/ }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}.*after=12%3A00&before=18%3A00/);
  const strip = page.getByRole("navigation", { name: "Quando" });
  await expect(strip.getByRole("link", { name: /^Tarde/ })).toHaveAttribute("aria-current", "true");
  await expect(strip.locator('a[aria-current="true"]').nth(0)).toContainText("Amanhã");

  // Night instead: the list's times move past 18:00.
  await strip.getByRole("link", { name: /^Noite/ }).click();
  await expect(page).toHaveURL(/after=18%3A00/);
  await expect(page).not.toHaveURL(/before=/);
  await expect(strip.getByRole("link", { name: /^Noite/ })).toHaveAttribute("aria-current", "true");
  const listTimes = page.getByTestId("shop-card").getByRole("link", { name: /^Agendar .+, amanhã \d\d:\d\d, na /i });
  if ((await page.getByTestId("shop-card").count()) > 0) {
    await expect(listTimes.first()).toBeVisible();
    for (const label of await listTimes.allTextContents()) expect(label >= "18:00").toBe(true);
  } else {
    await expect(page.getByText(/Nenhum horário livre amanhã a partir das 18:00/)).toBeVisible();
  }
});

test("a shop is reachable by id and answers 404 for an unknown slug", async ({ page, request }) => {
  const list = await request.get("/v3/client/barbershops-by-name?name=barbearia&limit=1");
  const shop = (await list.json()).items[0];
  await page.goto(`/barbearia/id/${shop.id}?lng=pt-BR`);
  await expect(page).toHaveURL(new RegExp(`/barbearia/${shop.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: shop.name })).toBeVisible();
  const missing = await page.goto("/barbearia/nao-existe-esta-barbearia");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Barbearia não encontrada" })).toBeVisible();
  // No name comes near those words: no list of shops.
  await expect(page.getByRole("list", { name: /Você procurava/ })).toHaveCount(0);
  // A link cut short (or mistyped) lists the shops whose names come nearest, this one among them.
  const cut = await page.goto(`/barbearia/${shop.slug.slice(0, -2)}?lng=pt-BR`);
  expect(cut?.status()).toBe(404);
  const nearest = page.getByRole("list", { name: /Você procurava (esta barbearia|uma destas)\?/ });
  await expect(nearest.getByRole("link", { name: new RegExp(`^${shop.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) })).toHaveAttribute(
    "href",
    `/barbearia/${shop.slug}`,
  );
  expect(await nearest.getByRole("link").count()).toBeLessThanOrEqual(3);
});

test("a city's link with a typo lists the cities with shops whose names come nearest", { tag: "@phone" }, async ({ page }, info) => {
  // The phone project only: once is enough.
  const typo = await page.goto("/cidade/sao-pualo?lng=en");
  expect(typo?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "City not found" })).toBeVisible();
  const nearest = page.getByRole("list", { name: /Were you looking for (this city|one of these)\?/ });
  await expect(nearest.getByRole("link", { name: "São Paulo - SP" })).toHaveAttribute("href", "/cidade/sao-paulo?lng=en");
  await page.goto("/cidade/atlantida?lng=pt-BR");
  await expect(page.getByRole("heading", { level: 1, name: "Cidade não encontrada" })).toBeVisible();
  await expect(page.getByRole("list", { name: /Você procurava/ })).toHaveCount(0);
});

test(
  "a shop's or city's link typed with capitals or pasted with punctuation goes to its page, its query kept",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: server answers: once is enough.
    const list = await request.get("/v3/client/barbershops-by-name?name=barbearia&limit=1");
    const shop = (await list.json()).items[0];
    const typed = shop.slug.replace(/(^|-)([a-z])/g, (_: string, dash: string, c: string) => dash + c.toUpperCase());
    for (const [path, to] of [
      [`/barbearia/${typed}?lng=en`, `/barbearia/${shop.slug}?lng=en`],
      [`/barbearia/${shop.slug.toUpperCase()}/agendar`, `/barbearia/${shop.slug}/agendar`],
      ["/cidade/Sao-Paulo?page=2", "/cidade/sao-paulo?page=2"],
      // The punctuation of the message the link was pasted in.
      [`/barbearia/${shop.slug}).`, `/barbearia/${shop.slug}`],
      [`/barbearia/${shop.slug}%E2%80%9D?lng=es`, `/barbearia/${shop.slug}?lng=es`],
    ]) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(308);
      expect(new URL(answer.headers().location, "http://x").pathname + new URL(answer.headers().location, "http://x").search).toBe(to);
    }
    expect((await request.get("/barbearia/Nao-Existe-Esta", { maxRedirects: 0 })).status()).toBe(404);
    await page.goto(`/barbearia/${typed}?lng=en`);
    await expect(page).toHaveURL(new RegExp(`/barbearia/${shop.slug}\\?lng=en$`));
    await expect(page.getByRole("heading", { level: 1, name: shop.name })).toBeVisible();
  },
);

test("a place chosen without a distance whose 500 m hold no shop opens on the nearest step that holds one, and says so", async ({ page }) => {
  // Pinheiros' centre has no shop within 500 m in the demo data (the nearest is 530 m away).
  await page.goto("/barbearias?lng=en&latitude=-23.5667&longitude=-46.6919&place=Pinheiros");
  const note = page.getByRole("status").filter({ hasText: "No barbershop within 500 m" });
  // (A distance's number and unit are joined by a no-break space, which a pattern's \s matches.)
  await expect(note).toHaveText(/^No barbershop within 500\sm: showing those within (\d+)\skm\.$/);
  const km = /within (\d+)\s+km\.$/.exec((await note.textContent())!)![1];
  await expect(page.getByText(`Within ${km} km ·`)).toBeVisible();
  await expect(page.getByTestId("shop-card").first()).toBeVisible();
  // A link from this list keeps the distance it shows.
  const day = page.locator('nav[aria-labelledby="when-title"] a').nth(2);
  await expect(day).toHaveAttribute("href", new RegExp(`distance=${km}&`));
});

test("the home page's preview near a place with no shop within 5 km says so and offers a wider search", async ({ page }) => {
  await page.goto("/?lng=en");
  await page.evaluate(() => localStorage.setItem("savedAddress", JSON.stringify({ label: "Sinop, MT", latitude: -11.86, longitude: -55.5 })));
  await page.reload();
  const nearby = page.getByRole("region", { name: "Barbershops near Sinop, MT" });
  await expect(nearby.getByText("No barbershop within 5 km of here yet.")).toBeVisible();
  const wider = nearby.getByRole("link", { name: "Widen the search to 20 km" });
  await expect(wider).toHaveAttribute("href", /distance=20(&|$)/);
  await wider.click();
  await expect(page.getByRole("heading", { level: 1, name: "Barbershops near Sinop, MT" })).toBeVisible();
  await expect(page.getByText(/^Within 20\skm ·/)).toBeVisible();
});

test("the empty state offers a wider distance", async ({ page }) => {
  await page.goto("/barbearias?lng=pt-BR&latitude=-23.5667&longitude=-46.6919&place=Pinheiros&distance=0.5&min_price=99000");
  await expect(page.getByText("Nenhuma barbearia corresponde aos filtros aplicados.")).toBeVisible();
  await page.getByRole("link", { name: /Ampliar a busca para 1 km/ }).click();
  await expect(page).toHaveURL(/distance=1(&|$)/);
});

test(
  "the most reviewed shop of a city shows its latest reviews, then more on request, in the page's language",
  { tag: "@desktop" },
  async ({ page, request }, info) => {
    // The desktop project only: the same components on both screens; once is enough.
    await page.goto("/cidade/sao-paulo?lng=pt-BR");
    // The city page goes best rated first; the most reviewed shop is the list by name's first.
    await page.goto(await mostReviewedShopPath(request));
    await expect(page).toHaveURL(/\/barbearia\/[a-z0-9-]+$/);
    await page.getByRole("tab", { name: "Avaliações" }).click();
    const panel = page.getByRole("tabpanel", { name: "Avaliações" });
    const total = Number(
      (
        await panel
          .getByText(/^\d+ avaliações$/)
          .first()
          .innerText()
      ).split(" ")[0],
    );
    expect(total).toBeGreaterThan(10);
    const reviews = panel.getByRole("listitem").filter({ has: page.locator("time") });
    await expect(reviews.first()).toBeVisible();
    const first = await reviews.count();
    expect(first).toBeLessThan(total);
    // These words come from the server (this page ships no i18next).
    await page.waitForLoadState("networkidle");
    await panel.getByRole("link", { name: "Ver mais avaliações" }).click();
    await expect(panel.getByRole("list", { name: "Mais avaliações" })).toBeVisible();
    // The reviews route gives ten more at a time.
    await expect(reviews).toHaveCount(Math.min(total, first + 10));
    await expect(panel.getByText(/^Atendido por /).first()).toBeVisible();
    // In place: no new document.
    await expect(page).toHaveURL(/\/barbearia\/[a-z0-9-]+#ratings$/);
  },
);

/** The demo's most reviewed shop named "barbearia" (the list by name, with no place, goes most reviewed first). */
async function mostReviewedShopPath(request: APIRequestContext): Promise<string> {
  const { items } = (await (await request.get("/v3/client/barbershops-by-name?name=barbearia&limit=1")).json()) as { items: { slug: string }[] };
  return `/barbearia/${items[0].slug}`;
}

test("a link to a shop's reviews opens the Ratings tab, and another tab then replaces it", { tag: "@phone" }, async ({ page, request }, info) => {
  // The phone project only: the same component on both screens; once is enough.
  await page.goto("/cidade/sao-paulo?lng=pt-BR");
  // (The city page goes best rated first: its first shop may have few reviews.)
  const shopPath = await mostReviewedShopPath(request);
  // The tab itself, and a review inside it (where "Ver mais avaliações" without JavaScript lands).
  for (const link of [`${shopPath}#ratings`, `${shopPath}?reviews=15#more-reviews`]) {
    await page.goto(link);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("tab", { name: "Avaliações" })).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("#ratings")).toBeVisible();
    await page.getByRole("tab", { name: "Sobre" }).click();
    await expect(page.locator("#about")).toBeVisible();
    // (The stylesheet shows a linked panel for pages without JavaScript; once hydrated, the tabs decide.)
    await expect(page.locator("#ratings")).toBeHidden();
  }
});

test(
  "'See more reviews' tapped before any JavaScript runs shows ten more in English, from the first new one",
  { tag: "@phone" },
  async ({ browser, baseURL, request }, info) => {
    // The phone project only: server HTML: once is enough.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 375, height: 667 } });
    const page = await context.newPage();
    // A shop with many reviews (the city page goes best rated first, not most reviewed).
    const shopPath = await mostReviewedShopPath(request);
    const { barbershop } = await (await request.get(`/v3/client/barbershop-by-slug?slug=${shopPath.split("/").pop()}`)).json();
    const { items: apiReviews, total } = await (await request.get(`/v3/client/barbershop/${barbershop.id}/reviews?skip=0&limit=15`)).json();
    // More than the first page of five (the demo's most reviewed shop has 13).
    expect(total).toBeGreaterThan(5);
    expect(apiReviews).toHaveLength(Math.min(total, 15));

    await page.goto(`${shopPath}?lng=en`);
    const panel = page.locator("#ratings");
    // (The tab is hidden until the link opens it: CSS locators, which count hidden elements too.)
    const names = panel.locator("li:has(time) p.font-semibold");
    await expect(names).toHaveCount(5);
    const more = panel.locator("a", { hasText: "See more reviews" });
    await expect(more).toHaveAttribute("href", `${shopPath}?reviews=15&lng=en#more-reviews`);
    // Where a visitor follows it from: the Ratings tab, opened by its link (#ratings) without JavaScript.
    await page.goto(`${shopPath}?lng=en#ratings`);
    await expect(panel).toBeVisible();
    await more.click();

    await expect(page).toHaveURL(`${shopPath}?reviews=15&lng=en#more-reviews`);
    // The Ratings tab opens without JavaScript, with the reviews route's first fifteen (or all), in its order;
    // the browser lands on the sixth, below the sticky header.
    await expect(panel).toBeVisible();
    await expect(names).toHaveText(apiReviews.map((r: { client_name: string }) => r.client_name));
    await expect(page.locator("#more-reviews")).toBeInViewport();
    await expect(page.locator("#more-reviews p.font-semibold")).toHaveText(apiReviews[5].client_name);
    expect((await page.locator("#more-reviews").boundingBox())?.y).toBeGreaterThanOrEqual((await page.getByRole("banner").boundingBox())?.height ?? Infinity);
    if (total > 15) await expect(panel.getByRole("link", { name: "See more reviews" })).toHaveAttribute("href", `${shopPath}?reviews=25&lng=en#more-reviews`);
    else await expect(panel.getByRole("link", { name: "See more reviews" })).toHaveCount(0);
    await context.close();
  },
);

test(
  "on a phone the list is compact rows: at least four a screen, each with its name, rating, distance and next times",
  { tag: "@phone" },
  async ({ page }, info) => {
    // The phone project only: phone.
    await page.goto(`${LONG_LIST}&lng=pt-BR`);
    const rows = page.getByTestId("shop-card");
    await expect(rows).toHaveCount(20);
    // One screen from the first row: the page scrolled so that it sits just below the sticky header.
    const header = (await page.getByRole("banner").boundingBox())!.height;
    await rows.first().evaluate((el, top) => window.scrollBy(0, el.getBoundingClientRect().top - top), header);
    const screen = page.viewportSize()!.height;
    const boxes = await rows.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, width: r.width })));
    const inScreen = boxes.filter((b) => b.top >= 0 && b.bottom <= screen);
    expect(inScreen.length).toBeGreaterThanOrEqual(4);
    // No row is wider than the screen, and none is a tall card.
    for (const b of boxes) expect(b.width).toBeLessThanOrEqual(375);
    for (const b of boxes.slice(0, 4)) expect(b.bottom - b.top).toBeLessThan(200);
    const first = rows.first();
    await expect(first.getByRole("heading", { level: 2 }).getByRole("link")).toBeVisible();
    await expect(first.locator("dd").first()).toContainText("★");
    await expect(first.locator("dd").nth(1)).toHaveText(/\d+(,\d+)?\s(k?m)$/);
    await expect(first.getByRole("link", { name: /^Agendar .+ \d\d:\d\d, na / }).first()).toBeInViewport();
  },
);

test("the same list on a map: pins named for screen readers, reached with the keyboard, the tiles with their attribution", async ({ page }) => {
  await page.goto(`${LONG_LIST}&lng=pt-BR`);
  const names = await page.getByTestId("shop-card").getByRole("heading", { level: 2 }).allInnerTexts();
  expect(names).toHaveLength(20);
  const view = page.getByRole("navigation", { name: "Ver resultados como" });
  await expect(view.getByRole("link", { name: "Lista" })).toHaveAttribute("aria-current", "page");
  await view.getByRole("link", { name: "Mapa" }).click();
  await expect(page).toHaveURL(/[?&]view=map/);
  await expect(view.getByRole("link", { name: "Mapa" })).toHaveAttribute("aria-current", "page");

  const map = page.getByRole("region", { name: "Mapa das barbearias da lista" });
  await expect(map).toBeVisible();
  const pins = map.getByTestId("map-pin");
  await expect(pins).toHaveCount(20);
  expect((await pins.evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")))).sort()).toEqual([...names].sort());
  // The tiles come from the configured server (the local one in tests), with its attribution.
  await expect(map.locator("img.leaflet-tile").first()).toHaveAttribute("src", /^http:\/\/127\.0\.0\.1:\d+\/tiles\/\d+\/\d+\/\d+\.png$/);
  await expect(map.locator(".leaflet-control-attribution")).toContainText("OpenStreetMap");
  // Scrolled up under the sticky header (on a phone, and the Filtros row below it), the map passes beneath them.
  await page.evaluate((by) => window.scrollBy(0, by), (await map.boundingBox())!.y - 20);
  const onTop = await map.evaluate((box) => {
    const x = box.getBoundingClientRect().left + box.getBoundingClientRect().width / 2;
    const header = document.querySelector("header")!;
    const row = document.getElementById("list-filters-bar");
    return {
      header: header.contains(document.elementFromPoint(x, header.getBoundingClientRect().bottom - 10)),
      row: row ? row.contains(document.elementFromPoint(x, row.getBoundingClientRect().bottom - 4)) : null,
    };
  });
  expect(onTop).toEqual({ header: true, row: test.info().project.name === "phone" ? true : null });
  // The same pins as a list of links.
  const list = page.getByRole("list", { name: "Barbearias no mapa" });
  await expect(list.getByRole("link")).toHaveCount(20);
  expect((await list.getByRole("link").allInnerTexts()).sort()).toEqual([...names].sort());

  // A pin with the keyboard: Tab reaches it, Enter opens its name, a link to the shop.
  await pins.first().focus();
  await expect(pins.first()).toBeFocused();
  const pinName = await pins.first().getAttribute("aria-label");
  await page.keyboard.press("Enter");
  const popupLink = map.locator(".leaflet-popup-content a");
  await expect(popupLink).toHaveText(pinName!);
  await expect(popupLink).toHaveAttribute("href", /^\/barbearia\/[a-z0-9-]+$/);

  // Back to the list: the same shops.
  await view.getByRole("link", { name: "Lista" }).click();
  await expect(page).not.toHaveURL(/view=map/);
  await expect(page.getByTestId("shop-card")).toHaveCount(20);
});

// On a phone the same filters open in a bottom sheet: e2e/list-filters.spec.ts.
test("filters apply where the visitor is, fold away, and show as chips that each remove their filter", { tag: "@desktop" }, async ({ page }) => {
  await page.goto(`${LONG_LIST}&lng=pt-BR`);
  await page.waitForLoadState("networkidle");
  // One control for the time of day: the strip's windows; the filters have no hour of their own.
  await page.getByText("Filtros e ordenação").click();
  await expect(page.getByLabel("A partir de")).toHaveCount(0);
  await page.getByLabel("Tipo de serviço").selectOption("beard");
  await page.getByLabel("Ordenar por").selectOption("rating");
  // The visitor has scrolled down the page a little (the apply button in view, as on a phone).
  await page.evaluate(() => window.scrollBy(0, 150));
  await page.getByRole("button", { name: "Aplicar filtros" }).scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/category=beard/);
  await expect(page).toHaveURL(/sort=rating/);
  // No new document at the top of the page: the panel folds away and the new list starts where the visitor is.
  await expect(page.getByRole("button", { name: "Aplicar filtros" })).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(page.getByRole("list", { name: "Barbearias encontradas" }).or(page.getByRole("status")).first()).toBeInViewport();

  const chips = page.getByRole("list", { name: "Filtros ativos" });
  await expect(chips.getByRole("link")).toHaveCount(2);
  await chips.getByRole("link", { name: "Remover filtro: Melhor avaliação" }).click();
  await expect(page).toHaveURL(/sort=distance/);
  await expect(page).toHaveURL(/category=beard/);
  await expect(chips.getByRole("link")).toHaveCount(1);
  await chips.getByRole("link", { name: /^Remover filtro: / }).click();
  await expect(page).not.toHaveURL(/category=/);
  await expect(page.getByRole("list", { name: "Filtros ativos" })).toHaveCount(0);
});
