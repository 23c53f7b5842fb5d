import { expect, test } from "@playwright/test";

// Issue 15, a lighter main thread: links prefetch the page they lead to on intent, not as they scroll
// into view, and js-cookie loads when a language is chosen, not with every page.

test("a shop page's links prefetch nothing as it opens; a pointer on the booking link prefetches that page", async ({ page, request }, info) => {
  test.skip(info.project.name !== "desktop", "a pointer that hovers is a desktop's");
  const list = (await (await request.get("/v3/client/barbershops-by-name?name=barbearia&limit=1")).json()) as { items: { slug: string }[] };
  const slug = list.items[0].slug;
  const prefetched: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("_rsc=")) prefetched.push(new URL(req.url()).pathname);
  });
  await page.goto(`/barbearia/${slug}?lng=en`);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  expect(prefetched, "no prefetch on sight").toEqual([]);

  await page.locator(`a[href^="/barbearia/${slug}/agendar"]:visible`).first().hover();
  await expect.poll(() => prefetched).toContain(`/barbearia/${slug}/agendar`);
  expect(prefetched.every((p) => p === `/barbearia/${slug}/agendar`), prefetched.join(", ")).toBe(true);
});

test("choosing a language in the header renders the page in it and remembers the choice", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "lng", value: "pt-BR", url: baseURL! }]);
  await page.goto("/faq");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Idioma").first().selectOption("es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByLabel("Idioma").first()).toHaveValue("es");
  expect((await context.cookies()).find((c) => c.name === "lng")?.value).toBe("es");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});
