import { type Page, expect, test } from "./clock";
import { DEMO, chooseFirstFreeTime, codeAskingShop, findBookableShop, findShopWithNextFreeTimes } from "./booking-fixtures";

// The booking on a 375 px phone as a guest, from the shop page to the confirmation, counting the taps
// and measuring each step: where its card ends (it should fit the 667 px screen above the bottom bar)
// and how tall the page is. The figures are printed and quoted in the README.

type Measure = { step: string; cardBottom: number; barTop: number | null; pageHeight: number; pageWidth: number };

async function measure(page: Page, step: string): Promise<Measure> {
  return page.evaluate((s) => {
    const card = document.querySelector(`section[aria-labelledby="step-${s}"]`) ?? document.querySelector("main");
    const bar = document.getElementById("booking-bar");
    return {
      step: s,
      cardBottom: Math.round(card!.getBoundingClientRect().bottom + scrollY),
      barTop: bar ? Math.round(bar.getBoundingClientRect().top) : null,
      pageHeight: document.documentElement.scrollHeight,
      pageWidth: document.documentElement.scrollWidth,
    };
  }, step);
}

test("a guest books one service on a 375 × 667 phone in at most 8 taps", { tag: "@phone" }, async ({ page, request }, info) => {
  // The phone project only: the phone journey.
  await page.setViewportSize({ width: 375, height: 667 });
  let taps = 0;
  const tap = async (target: ReturnType<Page["locator"]>) => {
    taps++;
    await target.tap();
  };
  const steps: Measure[] = [];

  // A shop and a service that more than one barber performs, so that "Any barber" is offered.
  const list = (await (await request.get("/v3/client/barbershops-by-name?name=Barbearia&limit=20")).json()) as { items: { id: number; slug: string }[] };
  let found: { slug: string; service: number } | null = null;
  // In a fixed order: the list's own order follows the shops' review counts, which the seed (dated from today) and
  // other journeys change. The journey takes a team of at most three, as its figures in the README were measured:
  // with "Any barber" a larger team's afternoon can hold 18 times (five rows), and that period scrolls. The
  // largest team's barber step is measured too (below).
  // Not the shop where booking-guest.spec's other guests made it ask for a WhatsApp code: that would be a ninth tap.
  const asking = await codeAskingShop(request);
  let largest: { slug: string; service: number; size: number } | null = null;
  let leftOut: { slug: string; service: number; size: number; out: number } | null = null;
  for (const shop of [...list.items].sort((a, b) => a.id - b.id)) {
    const answer = (await (await request.get(`/v3/barbershop/team/barbers/${shop.id}`)).json()) as { id: number }[] | { items: { id: number }[] };
    const team = Array.isArray(answer) ? answer : answer.items;
    const counts = new Map<number, number>();
    for (const b of team) {
      const svc = (await (await request.get(`/v3/barbershop/${shop.id}/barber/${b.id}/services`)).json()) as { id: number }[] | { items: { id: number }[] };
      const services = Array.isArray(svc) ? svc : svc.items;
      for (const s of services) counts.set(s.id, (counts.get(s.id) ?? 0) + 1);
    }
    const shared = [...counts].find(([, n]) => n >= 2);
    if (shared && (!largest || team.length > largest.size)) largest = { slug: shop.slug, service: shared[0], size: team.length };
    // The service the fewest (but two, so "Any barber" is offered too) of the largest team do: the most tiles that
    // cannot be picked (greyed, "Não faz este serviço") in the tallest grid.
    const [rarest, doing] = [...counts].filter(([, n]) => n >= 2).sort((a, b) => a[1] - b[1])[0] ?? [0, 0];
    const out = team.length - doing;
    if (doing >= 2 && out > 0 && (!leftOut || team.length > leftOut.size || (team.length === leftOut.size && out > leftOut.out)))
      leftOut = { slug: shop.slug, service: rarest, size: team.length, out };
    if (shared && !found && team.length <= 3 && shop.id !== asking.id) found = { slug: shop.slug, service: shared[0] };
  }
  expect(found, "a seeded shop has a service done by two barbers").toBeTruthy();

  await page.goto(`/barbearia/${found!.slug}?lng=pt-BR`);
  await tap(page.locator(`a[href$="/agendar?service=${found!.service}"]`).first());
  await expect(page.locator("#step-barber")).toBeVisible();
  steps.push(await measure(page, "barber"));

  await tap(page.getByRole("button", { name: /Qualquer barbeiro/ }));
  await expect(page.locator("#step-when")).toBeVisible();
  const days = page.locator('section[aria-labelledby="step-when"] [role="group"]').first().locator("button:not([disabled])");
  await expect(days.first()).toBeVisible();
  const times = page.locator('[role="group"][aria-labelledby^="period-"] button');
  // A chosen day has loaded: its times, or the message that it has none.
  const dayLoaded = times.first().or(page.locator('section[aria-labelledby="step-when"] [role="status"]').filter({ hasText: /./ }));
  // The first day with a free time is chosen by itself (tomorrow onwards if today is over): its times show
  // without a tap. A day is tapped only if none in the strip had one.
  await expect(dayLoaded).toBeVisible();
  for (let i = 0; (await times.count()) === 0; i++) {
    await tap(days.nth(i));
    await expect(dayLoaded).toBeVisible();
  }
  steps.push(await measure(page, "when"));
  // How full the step is depends on the clock (the rest of today, then whole days), so it is also measured
  // with the fullest period of the next open days. These looks are not taps of the journey.
  for (let i = 1; i <= 3 && i < (await days.count()); i++) {
    await days.nth(i).click();
    await expect(dayLoaded).toBeVisible();
    const periods = page.getByRole("group", { name: "Períodos do dia" }).getByRole("button");
    for (let p = 0; p < (await periods.count()); p++) {
      await periods.nth(p).click();
      await expect(periods.nth(p)).toHaveAttribute("aria-pressed", "true");
      const shown = await measure(page, "when");
      if (shown.cardBottom > steps.at(-1)!.cardBottom) steps[steps.length - 1] = { ...shown, step: "when" };
    }
  }
  await expect(times.first()).toBeVisible();

  await tap(times.first());
  await expect(page.locator("#step-review")).toBeVisible();
  steps.push(await measure(page, "review"));
  await tap(page.getByLabel("Nome completo"));
  await page.keyboard.type("Cliente Rápido");
  await tap(page.getByLabel("Celular"));
  await page.keyboard.type("11987650000");
  await tap(page.locator("#booking-bar").getByRole("button", { name: "Confirmar agendamento" }));

  await expect(page).toHaveURL(/\/agendamento\/\d+\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: "Seu horário está agendado!" })).toBeFocused();
  steps.push(await measure(page, "confirmation"));

  // The barber step of the largest team (a team of four already scrolled when each barber was a row).
  await page.goto(`/barbearia/${largest!.slug}/agendar?lng=pt-BR&service=${largest!.service}&step=barber`);
  await expect(page.locator("#step-barber")).toBeVisible();
  steps.push({ ...(await measure(page, "barber")), step: `barber (team of ${largest!.size})` });
  // And of a large team with the most barbers who cannot be picked (their tiles once ran 4 px under the bar).
  if (leftOut) {
    await page.goto(`/barbearia/${leftOut.slug}/agendar?lng=pt-BR&service=${leftOut.service}&step=barber`);
    await expect(page.locator("#step-barber")).toBeVisible();
    steps.push({ ...(await measure(page, "barber")), step: `barber (team of ${leftOut.size}, ${leftOut.out} who don't do it)` });
  }

  console.log(
    `booking-phone: ${taps} taps; ${steps.map((s) => `${s.step}: card ends at ${s.cardBottom} px (bar at ${s.barTop ?? "-"}), page ${s.pageHeight} px`).join("; ")}`,
  );
  expect(taps).toBeLessThanOrEqual(8);
  for (const s of steps) expect(s.pageWidth, `${s.step} is no wider than the phone`).toBeLessThanOrEqual(375);
  // The barber and the day-and-time steps end above the bottom bar of a 667 px screen.
  for (const s of steps.filter((x) => x.step.startsWith("barber") || x.step === "when"))
    expect(s.cardBottom, `${s.step} fits above the bar`).toBeLessThanOrEqual(s.barTop!);
});

test(
  "signing in half-way comes back to the same step with every choice kept; 320 px pages are no wider than the screen",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: the phone journey.
    const { shop, barber, service } = await findBookableShop(request, 5);
    await page.goto(`/barbearia/${shop.slug}/agendar?lng=pt-BR&service=${service.id}&barber=${barber.id}`);
    await page.waitForLoadState("networkidle");
    const hour = await chooseFirstFreeTime(page);
    const chosen = new URL(page.url()).search;
    await page.getByRole("link", { name: "Já tem conta? Entre" }).click();
    await expect(page).toHaveURL(/\/entrar\?next=/);
    await page.getByLabel("E-mail ou celular").fill(DEMO.login);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/agendar\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(Object.fromEntries(new URLSearchParams(chosen)));
    await expect(page.locator("#step-review")).toBeVisible();
    await expect(page.locator('section[aria-labelledby="step-review"]')).toContainText(hour);
    await expect(page.getByText(/Agendando como /)).toBeVisible();

    // At 320 px no page is wider than the screen, no button, link, heading or line of text is narrower than
    // its words (the review step's "Cambiar" beside a long Spanish date was, and an appointment card's shop
    // name beside its status) or shows them cut short, and the bottom bar's total is whole.
    await page.setViewportSize({ width: 320, height: 640 });
    for (const url of [
      `/barbearia/${shop.slug}/agendar${chosen}`,
      `/barbearia/${shop.slug}/agendar${chosen}&lng=es`,
      `/barbearia/${shop.slug}/agendar?service=${service.id}&step=when&barber=any`,
      `/barbearia/${shop.slug}`,
      `/barbearia/${shop.slug}?lng=es`,
      "/",
      "/cidade/sao-paulo",
      "/barbearias?latitude=-23.5614&longitude=-46.6823",
      "/agendamentos",
      "/favoritos",
      "/perfil",
    ]) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${url} at 320 px`).toBeLessThanOrEqual(320);
      // Nor cut short with "…": a favourite's "Vila Olímpia · São Paulo" was, beside its picture and heart (words
      // only for screen readers are clipped on purpose).
      const spilling = await page.evaluate(() =>
        [...document.querySelectorAll("main a, main button, main p, main h1, main h2, main h3, main li")]
          .filter((el) => !el.closest(".sr-only") && ["visible", "hidden"].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.textContent?.trim()}: ${el.scrollWidth} px of words in ${el.clientWidth} px`),
      );
      expect(spilling, `${url} at 320 px`).toEqual([]);
      // A strip of days opens at its start, its first chip in line with the text above it: snapping to a chip
      // without the strip's padding scrolled it by that padding, so the chip touched the screen's edge.
      const strips = await page.evaluate(() =>
        [...document.querySelectorAll("main *")].filter((el) => getComputedStyle(el).scrollSnapType.startsWith("x")).map((el) => el.scrollLeft),
      );
      expect(strips, `${url}: strips scrolled at 320 px`).toEqual(strips.map(() => 0));
      // Every tab of a tab bar is on screen, in one line (the shop's "Valoraciones" was cut off).
      const tabBars = await page.locator('[role="tablist"]').evaluateAll((lists) =>
        lists.map((l) => ({
          fits: l.scrollWidth <= l.clientWidth,
          oneLine: [...l.children].every((tab) => {
            const words = document.createRange();
            words.selectNodeContents(tab);
            return words.getClientRects().length === 1;
          }),
        })),
      );
      for (const bar of tabBars) expect(bar, `${url}: tabs at 320 px`).toEqual({ fits: true, oneLine: true });
    }
    await page.goto(`/barbearia/${shop.slug}/agendar${chosen}`);
    const total = page.locator("#booking-bar .text-primary").first();
    await expect(total).toHaveText(/^R\$\s\d+,\d\d$/);
    const whole = await total.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth);
    expect(whole).toBe(true);
  },
);

test("a day tapped half off the edge of the date strip slides in whole", { tag: "@phone" }, async ({ page, request }, info) => {
  // The phone project only: the phone journey.
  await page.setViewportSize({ width: 375, height: 667 });
  const { shop, barber, service } = await findBookableShop(request, 6);
  await page.goto(`/barbearia/${shop.slug}/agendar?lng=pt-BR&service=${service.id}&barber=${barber.id}&step=when`);
  const strip = page.getByRole("group", { name: "Datas" });
  await expect(strip.locator("button:not([disabled])").first()).toBeVisible();
  // Where a day is, against the strip's visible box: its left and right edges.
  const edges = () =>
    strip.evaluate((g) => {
      const box = g.getBoundingClientRect();
      return [...g.querySelectorAll("button")].map((b) => {
        const r = b.getBoundingClientRect();
        return { left: r.left - box.left, right: box.right - r.right, width: r.width, enabled: !b.disabled };
      });
    });
  // The day the strip's right edge cuts: partly in view. When that day is closed (on a Tuesday the strip's edge
  // falls on Sunday), the strip is scrolled on by one day, as a finger would, until an open day is the cut one.
  let cut = -1;
  for (let shift = 0; shift < 7 && cut < 0; shift++) {
    const days = await edges();
    const edge = days.findIndex((d) => d.left >= 0 && d.right < 0 && d.right > -d.width);
    if (edge > 0 && days[edge].enabled) cut = edge;
    else {
      await strip.evaluate((g, by) => g.scrollBy({ left: by, behavior: "instant" }), days[1].left - days[0].left);
      await expect.poll(async () => (await edges())[0].left).toBeLessThan(days[0].left);
    }
  }
  expect(cut, "an open day is cut by the strip's right edge").toBeGreaterThan(0);
  // A finger on the part that shows (a locator's tap would first scroll the whole day into view itself).
  const [day, box] = [(await strip.locator("button").nth(cut).boundingBox())!, (await strip.boundingBox())!];
  await page.touchscreen.tap((day.x + box.x + box.width) / 2, day.y + day.height / 2);
  await expect(strip.locator("button").nth(cut)).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await edges())[cut].right).toBeGreaterThanOrEqual(0);
  expect((await edges())[cut].left).toBeGreaterThanOrEqual(0);
});

test("from a shared shop link, a guest books one of the shop page's next free times in four taps", { tag: "@phone" }, async ({ page, request }, info) => {
  // The phone project only: the phone journey.
  await page.setViewportSize({ width: 375, height: 667 });
  const shop = await findShopWithNextFreeTimes(request);
  // The run's clock (playwright.config.ts) and the seed agree on "now": some seeded shop always has one.
  expect(shop, "a seeded shop with a free time today or tomorrow").toBeTruthy();
  await page.goto(`/barbearia/${shop!.slug}?lng=pt-BR`);
  const times = page.getByRole("region", { name: /^Próximos horários livres para / });
  const first = times.getByRole("link").first();
  await expect(first).toBeVisible();
  // Above the bottom bar of a 667 px screen, with nothing else to do first.
  const [chip, bar] = await Promise.all([first.boundingBox(), page.getByRole("link", { name: "Agendar", exact: true }).last().boundingBox()]);
  expect(chip!.y + chip!.height).toBeLessThanOrEqual(bar!.y);
  const label = (await first.getAttribute("aria-label"))!;
  const hour = /(\d\d:\d\d) na /.exec(label)![1];
  let taps = 0;
  const tap = async (target: ReturnType<Page["locator"]>) => {
    taps++;
    await target.tap();
  };
  await tap(first);
  await expect(page).toHaveURL(
    new RegExp(`/barbearia/${shop!.slug}/agendar\\?service=\\d+&barber=(\\d+|any)&date=\\d{4}-\\d\\d-\\d\\d&time=${hour.replace(":", "%3A")}`),
  );
  await expect(page.locator('section[aria-labelledby="step-review"]')).toContainText(hour);
  await tap(page.getByLabel("Nome completo"));
  await page.keyboard.type("Cliente do Link");
  await tap(page.getByLabel("Celular"));
  await page.keyboard.type("11987651111");
  await tap(page.locator("#booking-bar").getByRole("button", { name: "Confirmar agendamento" }));
  await expect(page.getByRole("heading", { level: 1, name: "Seu horário está agendado!" })).toBeFocused();
  await expect(page.locator("main")).toContainText(hour);
  expect(taps).toBe(4);
});

test("at 320 px every placeholder is whole in its field, in the three languages", { tag: "@phone" }, async ({ page, request }, info) => {
  // The phone project only: the phone journey.
  await page.setViewportSize({ width: 320, height: 640 });
  // The placeholders a field shows, measured in its own font against the room inside its padding: a cut
  // example ("tu@correo.com o (11) 912…", "Barrio, ciudad o barbería, p. ej.: Pin…") says less than none.
  const cut = () =>
    page.locator("input[placeholder]:visible").evaluateAll((inputs) => {
      const ctx = document.createElement("canvas").getContext("2d")!;
      return (inputs as HTMLInputElement[]).flatMap((el) => {
        const s = getComputedStyle(el);
        ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
        const text = ctx.measureText(el.placeholder).width;
        return text > room ? [`"${el.placeholder}": ${Math.ceil(text)} px in ${Math.floor(room)} px`] : [];
      });
    });
  const { shop, barber, service } = await findBookableShop(request, 7);
  for (const lng of ["pt-BR", "en", "es"]) {
    for (const url of ["/", "/entrar", "/cadastro", "/recuperar-senha"]) {
      await page.goto(`${url}?lng=${lng}`);
      await page.waitForLoadState("networkidle");
      expect(await cut(), `${url}?lng=${lng}`).toEqual([]);
    }
    // A guest's name and phone, on the booking's last step.
    await page.goto(`/barbearia/${shop.slug}/agendar?lng=${lng}&service=${service.id}&barber=${barber.id}`);
    await chooseFirstFreeTime(page);
    await expect(page.locator("input[autocomplete=name]")).toBeVisible();
    expect(await cut(), `booking's details in ${lng}`).toEqual([]);
  }
});

test(
  "nothing stays under the booking bar at 320 and 375 px: the WhatsApp opt-in, and the page's last line",
  { tag: "@phone" },
  async ({ page, request }, info) => {
    // The phone project only: the phone's bar.
    const { shop, barber, service } = await findBookableShop(request, 14);
    const under = () =>
      page.evaluate(() => {
        const bar = document.getElementById("booking-bar")!.getBoundingClientRect();
        const box = (el: Element | null | undefined) => (el ? el.getBoundingClientRect() : null);
        const optIn = box(document.querySelector('input[type="checkbox"][name="whatsapp_opt_in"]')?.closest("label"));
        const footer = document.querySelector("footer");
        const last = box(footer?.lastElementChild ?? footer);
        return { barTop: bar.top, optInBottom: optIn?.bottom ?? null, lastBottom: last?.bottom ?? null };
      });
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 640 });
      await page.goto(`/barbearia/${shop.slug}/agendar?lng=pt-BR&barber=${barber.id}&service=${service.id}`);
      await chooseFirstFreeTime(page);
      // Reached by the keyboard, the opt-in's whole label is above the bar.
      await page.locator('input[type="checkbox"][name="whatsapp_opt_in"]').focus();
      const focused = await under();
      expect(focused.optInBottom, `${width} px`).not.toBeNull();
      expect(focused.optInBottom!, `${width} px: the opt-in`).toBeLessThanOrEqual(focused.barTop);
      // Scrolled to the end, the footer's last line is above it too.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      const end = await under();
      expect(end.lastBottom!, `${width} px: the page's end`).toBeLessThanOrEqual(end.barTop);
    }
  },
);
