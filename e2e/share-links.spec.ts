import { expect, test } from "./clock";
import { findBookableShop, freeTime } from "./booking-fixtures";
import { HOSTILE } from "./hostile-data";

// Shared links: every public page names itself (canonical, og:url) in its language, lists the others,
// and has a PNG preview; the shop's JSON-LD uses real schema.org types; #ratings works without JavaScript.

const meta = (html: string, re: RegExp) => re.exec(html)?.[1] ?? null;
/** A <meta property=…> or <meta name=…> tag's content, its &amp; read back as &. */
const attr = (html: string, name: string) => meta(html, new RegExp(`<meta (?:property|name)="${name}" content="([^"]+)"`))?.replace(/&amp;/g, "&") ?? null;

/** What the site's card shows, as its alt text says in each language (locales/<lng>/share.json, card.siteAlt). */
const SITE_CARD_ALT: Record<string, string> = {
  "pt-BR": "Navalha — barbearias perto de você",
  en: "Navalha — barbershops near you",
  es: "Navalha — barberías cerca de ti",
};

/** The strictest limit reported for WhatsApp's preview pictures: above it, the preview has none. */
const WHATSAPP_IMAGE_BYTES = 300 * 1024;

test(
  "every public page is its own canonical in its language, with hreflang, og tags and a PNG preview",
  { tag: "@phone" },
  async ({ request, playwright }, info) => {
    // The phone project only: server HTML: once is enough.
    const { shop } = await findBookableShop(request);
    // A crawler keeps no cookie: each page is asked for afresh (the language cookie of one visit would change the next).
    const fresh = async (url: string) => {
      const ctx = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
      const html = await (await ctx.get(url)).text();
      await ctx.dispose();
      return html;
    };
    const images = new Set<string>();
    const pages = [
      "/",
      "/barbearias",
      "/cidade/sao-paulo",
      `/barbearia/${shop.slug}`,
      `/barbearia/${shop.slug}/agendar`,
      "/faq",
      "/privacidade",
      "/termos-de-uso",
      "/entrar",
    ];
    for (const path of pages) {
      for (const lng of ["pt-BR", "en", "es"]) {
        const url = lng === "pt-BR" ? path : `${path}?lng=${lng}`;
        const html = await fresh(url);
        const canonical = meta(html, /<link rel="canonical" href="([^"]+)"/);
        expect(canonical, `${url} canonical`).not.toBeNull();
        expect(new URL(canonical!).pathname + new URL(canonical!).search, `${url} is its own canonical`).toBe(url);
        expect(meta(html, /<meta property="og:url" content="([^"]+)"/), `${url} og:url`).toBe(canonical);
        expect(meta(html, /<meta property="og:locale" content="([^"]+)"/)).toBe({ "pt-BR": "pt_BR", en: "en_US", es: "es_ES" }[lng]);
        for (const l of ["pt-BR", "en", "es", "x-default"]) expect(html, `${url} hreflang ${l}`).toContain(`hrefLang="${l}"`);
        expect(meta(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe("summary_large_image");
        // The pages people share preview with their own title, not the site's general one.
        if (["/", "/cidade/sao-paulo", `/barbearia/${shop.slug}`, `/barbearia/${shop.slug}/agendar`].includes(path)) {
          const ogTitle = meta(html, /<meta property="og:title" content="([^"]+)"/);
          expect(meta(html, /<title>([^<]+)<\/title>/)?.startsWith(ogTitle ?? "-"), `${url} og:title ${ogTitle} is its title`).toBe(true);
        }
        const image = meta(html, /<meta property="og:image" content="([^"]+)"/);
        expect(image, `${url} og:image`).not.toBeNull();
        expect(html).toContain('property="og:image:alt"');
        // One picture, the card in the page's language ("card-en", "site-es"; Portuguese has the bare id).
        expect(html.match(/<meta property="og:image" /g), `${url}: one og:image`).toHaveLength(1);
        const id = new URL(image!).pathname.split("/").at(-1)!;
        expect(id, `${url} og:image in its language`).toMatch(lng === "pt-BR" ? /^(card|site)$/ : new RegExp(`^(card|site)-${lng}$`));
        images.add(new URL(image!).pathname);
        // The picture's description is one for every reader, and describes the picture: the site's card says the site.
        expect(attr(html, "twitter:image:alt"), `${url} twitter:image:alt`).toBe(attr(html, "og:image:alt"));
        if (id.startsWith("site")) expect(attr(html, "og:image:alt"), `${url} site card's alt`).toBe(SITE_CARD_ALT[lng]);
        // Links inside an English (Spanish) page keep English (Spanish), so a crawler stays in that language.
        if (lng !== "pt-BR") {
          const internal = [...html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)]
            .map((m) => m[1].replace(/&amp;/g, "&"))
            .filter((h) => !h.startsWith("/demo/") && !h.startsWith("/uploads/"));
          expect(internal.length, `${url} has internal links`).toBeGreaterThan(0);
          expect(
            internal.filter((h) => !h.includes(`lng=${lng}`)),
            `${url}: links without ?lng=${lng}`,
          ).toEqual([]);
        }
      }
    }

    // Every card named is a 1200 × 630 PNG (the site's, the city's and the shop's, in each language), light
    // enough for WhatsApp, which shows no picture above about 300 KB (lib/server/share/card-image.tsx).
    expect(images.size).toBeGreaterThanOrEqual(9);
    for (const path of images) {
      const answer = await request.get(path);
      expect(answer.headers()["content-type"], path).toBe("image/png");
      const png = await answer.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], path).toEqual([1200, 630]);
      expect(png.length, `${path}: ${png.length} bytes`).toBeLessThanOrEqual(WHATSAPP_IMAGE_BYTES);
    }

    // The shop's preview is a 1200 × 630 PNG; its JSON-LD is a HairSalon with breadcrumbs.
    const html = await (await request.get(`/barbearia/${shop.slug}`)).text();
    const image = new URL(meta(html, /<meta property="og:image" content="([^"]+)"/)!);
    const png = await request.get(`${image.pathname}${image.search}`);
    expect(png.headers()["content-type"]).toBe("image/png");
    const bytes = await png.body();
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
    // A booking link previews with the shop's card too.
    const bookingImage = new URL(meta(await (await request.get(`/barbearia/${shop.slug}/agendar`)).text(), /<meta property="og:image" content="([^"]+)"/)!);
    const bookingPng = await request.get(`${bookingImage.pathname}${bookingImage.search}`);
    expect(bookingPng.headers()["content-type"]).toBe("image/png");
    expect((await bookingPng.body()).readUInt32BE(16)).toBe(1200);
    const types = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1])["@type"]);
    expect(types).toEqual(expect.arrayContaining(["HairSalon", "BreadcrumbList"]));
    expect(types).not.toContain("BarberShop");
  },
);

test("a shared list link previews what it holds, in words the site knows, and opens the same list", { tag: "@phone" }, async ({ request, browser }, info) => {
  // The phone project only: server HTML: once is enough.
  // "Use my location" in Pinheiros: coordinates, no place's name, the default distance (widened to 1 km).
  const html = await (await request.get("/barbearias?latitude=-23.5667&longitude=-46.6919&lng=en")).text();
  expect(meta(html, /<title>([^<]+)<\/title>/)).toBe("Barbershops near Pinheiros, São Paulo - SP · Navalha");
  expect(attr(html, "og:title")).toBe("Barbershops near Pinheiros, São Paulo - SP");
  expect(attr(html, "twitter:title")).toBe("Barbershops near Pinheiros, São Paulo - SP");
  const count = /(\d+) barbershops?, with ratings/.exec(attr(html, "og:description") ?? "");
  expect(attr(html, "og:description"), "says how many, within what").toMatch(
    /^Within 1\skm of Pinheiros, São Paulo - SP: \d+ barbershops?, with ratings, prices and free times\. Book online\.$/,
  );
  expect(attr(html, "description")).toBe(attr(html, "og:description"));
  // Its picture is the place's card (one per place and language), described as such.
  const card = new URL(attr(html, "og:image")!).pathname;
  expect(card).toMatch(/^\/share\/lugar\/\d+\/opengraph-image\/card-en$/);
  expect(attr(html, "og:image:alt")).toBe("Barbershops near Pinheiros, São Paulo - SP on Navalha");
  expect(attr(html, "twitter:image:alt")).toBe(attr(html, "og:image:alt"));
  const png = await request.get(card);
  expect(png.headers()["content-type"]).toBe("image/png");
  const bytes = await png.body();
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  expect(bytes.length).toBeLessThanOrEqual(WHATSAPP_IMAGE_BYTES);
  const pinheirosCard = card.replace(/-en$/, "");
  // og:url (which Facebook opens) keeps the point, the distance shown and the language.
  const ogUrl = new URL(attr(html, "og:url")!);
  expect(ogUrl.pathname).toBe("/barbearias");
  expect(Object.fromEntries(ogUrl.searchParams)).toMatchObject({ latitude: "-23.5667", longitude: "-46.6919", distance: "1", lng: "en" });
  // Opened by someone else (no saved place, no cookie), that URL shows the same list.
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  const page = await context.newPage();
  await page.goto(ogUrl.pathname + ogUrl.search);
  await expect(page.getByRole("heading", { level: 1, name: "Barbershops near Pinheiros, São Paulo - SP" })).toBeVisible();
  await expect(page.getByText(`Within 1\u00a0km · ${count![1]} barbershops`)).toBeVisible();
  await context.close();

  // A point with no known place near it reads "near you", in the page's language; a named place keeps its name.
  const far = await (await request.get("/barbearias?latitude=-11.86&longitude=-55.5&lng=es")).text();
  expect(attr(far, "og:title")).toBe("Barberías cerca de ti");
  expect(new URL(attr(far, "og:image")!).pathname, "no place: the site's card").toBe("/share/opengraph-image/site-es");
  const known = await (
    await request.get(`/barbearias?latitude=-23.5667&longitude=-46.6919&place=${encodeURIComponent("Pinheiros, São Paulo - SP")}&distance=5&lng=pt-BR`)
  ).text();
  expect(attr(known, "og:title")).toBe("Barbearias perto de Pinheiros, São Paulo - SP");
  expect(new URL(attr(known, "og:image")!).pathname, "the named place's card").toBe(pinheirosCard);
  expect(attr(known, "og:description")).toMatch(/^A até 5\skm de Pinheiros, São Paulo - SP: \d+ barbearias, com avaliações/);
  // Results are not for search engines, and say so with one voice: they are noindex and their own canonical
  // (not the bare list page's), with their other languages as alternates.
  expect(attr(known, "robots")).toBe("noindex, follow");
  const link = (html: string, rel: string) => meta(html, new RegExp(`<link rel="${rel}" href="([^"]+)"`))?.replace(/&amp;/g, "&") ?? null;
  expect(link(known, "canonical")).toBe(attr(known, "og:url"));
  const english = meta(known, /<link rel="alternate" hrefLang="en" href="([^"]+)"/)?.replace(/&amp;/g, "&");
  expect(Object.fromEntries(new URL(english!).searchParams)).toMatchObject({ latitude: "-23.5667", longitude: "-46.6919", distance: "5", lng: "en" });
  expect(link(html, "canonical"), "a list from coordinates alone too").toBe(attr(html, "og:url"));

  // A link's own words never reach its preview: a place's name that is not one of ours (a saved address
  // called "Casa", or a link crafted to say anything under our name) previews as the place the point is in.
  for (const words of ["Casa", "GANHE UM IPHONE em golpe.example"]) {
    const html = await (await request.get(`/barbearias?latitude=-23.5667&longitude=-46.6919&place=${encodeURIComponent(words)}&distance=5&lng=pt-BR`)).text();
    expect(attr(html, "og:title")).toBe("Barbearias perto de Pinheiros, São Paulo - SP");
    expect(new URL(attr(html, "og:image")!).pathname, "the card of the place the point is in").toBe(pinheirosCard);
    for (const tag of ["og:description", "twitter:title", "twitter:description", "description", "og:image:alt"])
      expect(attr(html, tag), tag).not.toContain(words);
    // The page and its tab keep the name the link gives (the visitor's own "Casa"), and so does og:url.
    expect(meta(html, /<title>([^<]+)<\/title>/)).toBe(`Barbearias perto de ${words} · Navalha`);
    expect(new URL(attr(html, "og:url")!).searchParams.get("place")).toBe(words);
  }
  const byName = await (await request.get(`/barbearias?name=${encodeURIComponent("GANHE UM IPHONE")}&lng=en`)).text();
  expect(attr(byName, "og:title")).toBe("Barbershops");
  expect(new URL(attr(byName, "og:image")!).pathname).toBe("/share/opengraph-image/site-en");
  for (const tag of ["og:description", "twitter:title", "twitter:description", "description", "og:image:alt"])
    expect(attr(byName, tag), tag).not.toContain("IPHONE");
});

test("a link to book a service with a barber previews with both and keeps them in og:url", { tag: "@phone" }, async ({ request }, info) => {
  // The phone project only: server HTML: once is enough.
  const { shop, barber, service } = await findBookableShop(request);
  const html = await (await request.get(`/barbearia/${shop.slug}/agendar?service=${service.id}&barber=${barber.id}&date=2020-01-01&lng=en`)).text();
  expect(attr(html, "og:title")).toBe(`Book ${service.name} with ${barber.name} at ${shop.name}`);
  expect(attr(html, "twitter:title")).toBe(attr(html, "og:title"));
  // The tab keeps the shop's title: the flow changes its choices without reloading the page.
  expect(meta(html, /<title>([^<]+)<\/title>/)?.replace(/&amp;/g, "&")).toBe(`Book at ${shop.name} · Navalha`);
  const url = new URL(attr(html, "og:url")!);
  expect(url.pathname).toBe(`/barbearia/${shop.slug}/agendar`);
  // The choices that last (not a date, which a shared link would outlive).
  expect(Object.fromEntries(url.searchParams)).toEqual({ service: String(service.id), barber: String(barber.id), lng: "en" });
  // The same link pasted in a message, its punctuation stuck to the end, previews and opens the same.
  const pasted = await (await request.get(`/barbearia/${shop.slug}/agendar?lng=en&service=${service.id}&barber=${barber.id}).`)).text();
  expect([attr(pasted, "og:title"), attr(pasted, "og:url")]).toEqual([attr(html, "og:title"), attr(html, "og:url")]);
  const pastedLng = await (await request.get(`/barbearia/${shop.slug}/agendar?service=${service.id}&lng=es).`)).text();
  expect(attr(pastedLng, "og:title")).toBe(`Reservar ${service.name} en ${shop.name}`);
  // A service or barber the shop does not have is dropped, as the flow drops it.
  const unknown = await (await request.get(`/barbearia/${shop.slug}/agendar?service=999999&barber=999999&lng=pt-BR`)).text();
  expect(attr(unknown, "og:title")).toBe(`Agendar na ${shop.name}`);
  expect(new URL(attr(unknown, "og:url")!).search).toBe("");
  const onlyService = await (await request.get(`/barbearia/${shop.slug}/agendar?service=${service.id}&barber=any&lng=es`)).text();
  expect(attr(onlyService, "og:title")).toBe(`Reservar ${service.name} en ${shop.name}`);
  expect(new URL(attr(onlyService, "og:url")!).searchParams.get("barber")).toBe("any");
});

test("a shop's preview card stays under WhatsApp's limit whatever its photo", { tag: "@phone" }, async ({ request }, info) => {
  // The phone project only: server answers: once is enough.
  // The photo is most of a card's weight: one shop for each cover the seeded shops use.
  const { items } = (await (await request.get("/v3/client/barbershops-by-name?name=Barbearia&limit=100")).json()) as {
    items: { slug: string; cover_url: string | null }[];
  };
  const byCover = new Map(items.filter((s) => s.cover_url).map((s) => [s.cover_url, s.slug]));
  expect(byCover.size, "the seeded shops have several covers").toBeGreaterThanOrEqual(5);
  for (const [cover, slug] of byCover) {
    const answer = await request.get(`/barbearia/${slug}/opengraph-image/card`);
    expect(answer.headers()["content-type"]).toBe("image/png");
    const png = await answer.body();
    expect(png.length, `${slug} (${cover}): ${png.length} bytes`).toBeLessThanOrEqual(WHATSAPP_IMAGE_BYTES);
  }
});

test("a shop link's preview text starts with its rating, reviews and prices, in the page's language", { tag: "@phone" }, async ({ request }, info) => {
  // The phone project only: server HTML: once is enough.
  const { items } = (await (await request.get("/v3/client/barbershops-by-name?name=Barbearia&limit=100")).json()) as {
    items: { slug: string; rating_avg: number; rating_count: number }[];
  };
  const shop = items.find((s) => s.rating_count >= 2)!;
  const en = await (await request.get(`/barbearia/${shop.slug}?lng=en`)).text();
  const description = attr(en, "og:description")!;
  expect(description.startsWith(`★ ${shop.rating_avg.toFixed(1)} · ${shop.rating_count} reviews · R$`), description).toBe(true);
  expect(description.length).toBeLessThanOrEqual(160);
  expect(attr(en, "description")).toBe(description);
  expect(attr(en, "twitter:description")).toBe(description);
  const pt = attr(await (await request.get(`/barbearia/${shop.slug}?lng=pt-BR`)).text(), "og:description")!;
  expect(pt.startsWith(`★ ${shop.rating_avg.toFixed(1).replace(".", ",")} · ${shop.rating_count} avaliações · R$`), pt).toBe(true);
});

test("each page of a city's list has a title of its own and names itself", { tag: "@phone" }, async ({ request }, info) => {
  // The phone project only: server HTML: once is enough.
  const title = async (url: string) => meta(await (await request.get(url)).text(), /<title>([^<]+)<\/title>/);
  expect(await title("/cidade/sao-paulo?lng=en")).toBe("Barbershops in São Paulo: ratings, prices and booking · Navalha");
  const second = await (await request.get("/cidade/sao-paulo?page=2&lng=en")).text();
  expect(meta(second, /<title>([^<]+)<\/title>/)).toBe("Barbershops in São Paulo: ratings, prices and booking – page 2 · Navalha");
  expect(meta(second, /<meta property="og:title" content="([^"]+)"/)).toBe("Barbershops in São Paulo: ratings, prices and booking – page 2");
  expect(meta(second, /<link rel="canonical" href="([^"]+)"/)?.replace(/&amp;/g, "&")).toMatch(/\/cidade\/sao-paulo\?page=2&lng=en$/);
  expect(await title("/cidade/sao-paulo?page=2&lng=es")).toBe("Barberías en São Paulo: valoraciones, precios y reservas – página 2 · Navalha");
});

test("the shop's share button: the phone's share sheet, else WhatsApp and copy-link, with the page's clean link", async ({
  browser,
  request,
  baseURL,
}, info) => {
  const { shop } = await findBookableShop(request);
  // Arrived from Instagram, with more reviews open: the link shared is the shop's, in the page's language.
  const arrived = `/barbearia/${shop.slug}?lng=en&igsh=MWx0c2&reviews=20#ratings`;
  const clean = `${baseURL}/barbearia/${shop.slug}?lng=en`;
  if (info.project.name === "phone") {
    // A phone's share sheet (Web Share API), recorded.
    const context = await browser.newContext({ ...info.project.use, baseURL });
    await context.addInitScript(() => {
      (window as unknown as { shared: ShareData[] }).shared = [];
      navigator.share = async (data?: ShareData) => void (window as unknown as { shared: ShareData[] }).shared.push(data!);
    });
    const page = await context.newPage();
    await page.goto(arrived);
    await page.getByRole("button", { name: "Share" }).tap();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([{ title: shop.name, text: expect.stringContaining(shop.name), url: clean }]);
    await context.close();
    return;
  }
  // Desktop Chromium has no share sheet: the button offers WhatsApp and copy-link.
  const context = await browser.newContext({ ...info.project.use, baseURL, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.goto(arrived);
  const button = page.getByRole("button", { name: "Share" });
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const whatsapp = new URL((await page.getByRole("link", { name: "Send by WhatsApp" }).getAttribute("href"))!);
  expect(whatsapp.origin).toBe("https://wa.me");
  const text = whatsapp.searchParams.get("text")!;
  expect(text.startsWith(`Check out ${shop.name} (`) && text.endsWith(`) on Navalha: ${clean}`), text).toBe(true);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clean);
  // Copying closes the options and gives the focus back to the button.
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();

  // Escape closes them, and so does a click elsewhere on the page.
  await button.press("Enter");
  await expect(page.getByRole("link", { name: "Send by WhatsApp" })).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
  await button.click();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(page.getByRole("link", { name: "Send by WhatsApp" })).toHaveCount(0);
  await context.close();

  // A browser that will not copy (no permission, not HTTPS) shows the link selected, to copy by hand.
  const refusing = await browser.newContext({ ...info.project.use, baseURL });
  await refusing.addInitScript(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException("denied", "NotAllowedError"));
  });
  const page2 = await refusing.newPage();
  await page2.goto(arrived);
  await page2.getByRole("button", { name: "Share" }).click();
  await page2.getByRole("button", { name: "Copy link" }).click();
  const field = page2.getByRole("textbox", { name: "Could not copy. Copy the link here:" });
  await expect(field).toHaveValue(clean);
  await expect(field).toBeFocused();
  expect(await field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, clean.length]);
  await refusing.close();
});

test(
  "a guest's private link, sent to their own WhatsApp, previews as the shop's card without anything private",
  { tag: "@phone" },
  async ({ request }, info) => {
    // The phone project only: server HTML: once is enough.
    // A shop that takes a guest's booking without a code sent to the phone first.
    let booked: { shop: { slug: string; name: string }; service: { name: string }; date: string; id: number; token: string } | null = null;
    for (let nth = 0; nth < 6 && !booked; nth++) {
      const { shop, barber, service } = await findBookableShop(request, nth);
      const { date, hours } = await freeTime(request, shop.id, barber.id, service.id);
      const digits = String(Date.now()).slice(-7);
      const res = await request.post("/v3/appointments/appointment-without-login", {
        data: {
          barbershop_id: shop.id,
          barber_id: barber.id,
          services: [service.id],
          date,
          start_hour: hours[hours.length - 1],
          name: "Prévia Privada",
          phone: `(11) 97${digits.slice(0, 3)}-${digits.slice(3)}`,
        },
      });
      if (res.status() === 428) continue;
      expect(res.status()).toBe(201);
      const answer = (await res.json()) as { appointment: { id: number }; manage_token: string };
      booked = { shop, service, date, id: answer.appointment.id, token: answer.manage_token };
    }
    expect(booked, "a seeded shop takes guests without a code").not.toBeNull();
    const { shop, service, date } = booked!;
    const appointment = { id: booked!.id };
    const manage_token = booked!.token;

    const html = await (await request.get(`/agendamento/${appointment.id}?token=${manage_token}&lng=en`)).text();
    expect(attr(html, "og:title")).toBe(`Your appointment at ${shop.name}`);
    expect(attr(html, "og:description")).toBe("Open it to see, confirm, move or cancel your booking.");
    expect(new URL(attr(html, "og:image")!).pathname).toBe(`/barbearia/${shop.slug}/opengraph-image/card-en`);
    // The token stays in the link it came in: not in og:url, nor anywhere else in the head.
    expect(new URL(attr(html, "og:url")!).search).toBe("?lng=en");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.split(manage_token).length - 1, "the token in the head").toBe(0);
    // Nothing of the client, the day or the service in the preview.
    for (const tag of ["og:title", "og:description", "twitter:title", "twitter:description", "og:image:alt"]) {
      for (const secret of ["Prévia", date, service.name]) expect(attr(html, tag) ?? "", `${tag} has ${secret}`).not.toContain(secret);
    }
    expect(attr(html, "robots")).toBe("noindex, nofollow");

    // A wrong token, or none, previews as the site: the page gives nothing away.
    for (const url of [`/agendamento/${appointment.id}?token=${"x".repeat(43)}&lng=en`, `/agendamento/${appointment.id}?lng=en`]) {
      const other = await (await request.get(url)).text();
      expect(attr(other, "og:title"), url).toBe("Book your barber in seconds");
      expect(other, url).not.toContain(shop.slug);
    }
  },
);

test("a preview card of a link cut off mid-character is a 404, never a server error", { tag: "@phone" }, async ({ request }, info) => {
  // The phone project only: server answers: once is enough.
  for (const path of ["/cidade/s%E3/opengraph-image/card", "/barbearia/s%E3/opengraph-image/card-es"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test("a shop, city or place that is not there has no preview card: a 404, not a picture of 'not found'", { tag: "@phone" }, async ({ request }, info) => {
  // The phone project only: server answers: once is enough.
  const made = `nao-existe-${Date.now()}`;
  for (const path of [
    `/barbearia/${made}/opengraph-image/card`,
    `/barbearia/${made}/opengraph-image/card-en`,
    `/cidade/${made}/opengraph-image/card-es`,
    "/share/lugar/999999999/opengraph-image/card",
    "/share/lugar/99999999999/opengraph-image/card-en",
    "/share/lugar/abc/opengraph-image/card",
  ]) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(404);
    expect(first.headers()["content-type"] ?? "", path).not.toContain("image/");
    // Not kept by a CDN: a name asked before its shop existed gets the shop's card once it does.
    expect(first.headers()["cache-control"], path).toBe("no-store");
    // Asked again (from Next's cache now, if it kept it), still no picture.
    expect((await request.get(path)).status(), `${path} again`).toBe(404);
  }
});

test(
  "a renamed shop's old link, shared before, opens its page under the slug it has now, its query kept",
  { tag: "@phone" },
  async ({ request, page }, info) => {
    // The phone project only: server answers: once is enough.
    // scripts/seed/hostile.ts renames its two shops after making them (migration 0021 remembers the old slugs).
    for (const [path, to] of [
      [`/barbearia/${HOSTILE.renamedFrom}?lng=en`, `/barbearia/${HOSTILE.slug}?lng=en`],
      [`/barbearia/${HOSTILE.renamedFrom}/agendar?service=1&step=barber`, `/barbearia/${HOSTILE.slug}/agendar?service=1&step=barber`],
      // As a message may have it.
      [`/barbearia/Teste-Hostil-Antiga).`, `/barbearia/${HOSTILE.slug}`],
      [`/barbearia/${HOSTILE.closed.renamedFrom}?lng=es`, `/barbearia/${HOSTILE.closed.slug}?lng=es`],
    ]) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(308);
      const location = new URL(answer.headers().location, "http://x");
      expect(location.pathname + location.search, path).toBe(to);
    }
    // The closed shop's old name reaches the page that says it has left, by the slug it had last.
    const closed = await request.get(`/barbearia/${HOSTILE.closed.renamedFrom}`);
    expect(closed.status()).toBe(404);
    expect(await closed.text()).toContain("Fechada");
    expect((await request.get("/barbearia/teste-nunca-existiu", { maxRedirects: 0 })).status()).toBe(404);
    await page.goto(`/barbearia/${HOSTILE.renamedFrom}?lng=en`);
    await expect(page).toHaveURL(new RegExp(`/barbearia/${HOSTILE.slug}\\?lng=en$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hostil");
  },
);

test("a link to a shop's ratings opens them without JavaScript", { tag: "@phone" }, async ({ browser, request }, info) => {
  // The phone project only: once is enough.
  const { shop } = await findBookableShop(request);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
  const page = await context.newPage();
  await page.goto(`/barbearia/${shop.slug}?lng=pt-BR#ratings`);
  await expect(page.locator("#ratings")).toBeVisible();
  await expect(page.locator("#ratings")).toBeInViewport();
  // Nothing will fetch the next free times: no grey chips pulsing for ever, the booking's link instead.
  const freeTimes = page.locator('section[aria-labelledby="free-times-title"]');
  await expect(freeTimes.getByRole("link", { name: "Ver os horários livres" })).toHaveAttribute("href", new RegExp(`^/barbearia/${shop.slug}/agendar`));
  await expect(freeTimes.getByRole("status")).toBeHidden();
  await context.close();
});

test(
  "a phone can put the site on its home screen: a manifest in the page's language, icons that are there, nothing Chrome refuses",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: once is enough.
    for (const [lng, manifestPath, opens] of [
      ["pt-BR", "/manifest.webmanifest", "/"],
      ["en", "/manifest.webmanifest?lng=en", "/?lng=en"],
      ["es", "/manifest.webmanifest?lng=es", "/?lng=es"],
    ]) {
      await page.goto(`/?lng=${lng}`);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", manifestPath);
      const manifest = await (await request.get(manifestPath)).json();
      expect([manifest.lang, manifest.start_url, manifest.display]).toEqual([lng, opens, "minimal-ui"]);
      const icons: string[] = [...manifest.icons.map((i: { src: string }) => i.src), await page.locator('link[rel="apple-touch-icon"]').getAttribute("href")];
      for (const src of icons) {
        const res = await request.get(src);
        expect(res.status(), src).toBe(200);
        expect(res.headers()["content-type"]).toBe("image/png");
      }
      // Chrome's own check of the manifest and its icons (a test's browser is a private window, which it says too).
      const cdp = await page.context().newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
      await cdp.detach();
    }
    // An iPhone names the icon "Navalha", not a shop page's long title.
    const { shop } = await findBookableShop(request);
    await page.goto(`/barbearia/${shop.slug}`);
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute("content", "Navalha");
    // A browser or crawler that asks for /favicon.ico gets the mark.
    const favicon = await request.get("/favicon.ico");
    expect([favicon.status(), favicon.headers()["content-type"]]).toEqual([200, "image/png"]);
  },
);
