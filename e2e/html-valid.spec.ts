import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "./clock";
import { findBookableShop, logIn, setSession } from "./booking-fixtures";
import { outboxPath } from "./outbox";

// The Nu HTML Checker (npm vnu-jar, run with the machine's Java) on the server's HTML of the public pages,
// in the three languages, and on the console's pages as the browser has drawn them, in one run each: 0 errors.

const JAR = path.join(process.cwd(), "node_modules/vnu-jar/build/dist/vnu.jar");

/** The checker's errors on `files`, each line without the folder; none: []. */
function vnuErrors(files: string[], dir: string): string[] {
  let report = "";
  try {
    execFileSync("java", ["-jar", JAR, "--errors-only", "--format", "gnu", ...files], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (err) {
    // vnu exits non-zero when it found errors and writes them to stderr.
    report = String((err as { stderr?: string }).stderr ?? err);
  }
  return report
    .split("\n")
    .filter((l) => /error/i.test(l))
    .map((l) => l.replace(dir, "").slice(0, 300));
}

test("the public pages are valid HTML in the three languages", { tag: "@phone" }, async ({ request, playwright }, info) => {
  // The phone project only: server HTML: once is enough.
  test.setTimeout(120_000);
  const { shop } = await findBookableShop(request);
  const pages = [
    "/",
    // A long list, past its first page (its "Load more" link and the anchor of its first new shop).
    "/barbearias?latitude=-23.5614&longitude=-46.6823&distance=10&shown=40",
    "/cidade/sao-paulo",
    `/barbearia/${shop.slug}`,
    // Its reviews past the first page (the link for more and the anchor of the first new one).
    `/barbearia/${shop.slug}?reviews=15`,
    `/barbearia/${shop.slug}/agendar`,
    "/faq",
    "/privacidade",
    "/termos-de-uso",
    "/transparencia",
    "/fale-conosco",
    "/entrar",
    "/pagina-que-nao-existe",
    "/barbearia/barbearia-que-nao-existe",
    "/cidade/cidade-que-nao-existe",
    // A city's list past its last page (a link from when it had more shops).
    "/cidade/sao-paulo?page=99",
    // A link cut off mid-character (a stray byte of "ã"): Next's router alone answered a bare 500.
    "/cidade/s%E3",
  ];
  const dir = mkdtempSync(path.join(tmpdir(), "navalha-vnu-"));
  try {
    const files: string[] = [];
    for (const page of pages) {
      for (const lng of ["pt-BR", "en", "es"]) {
        // A fresh client each time, as a crawler: no language cookie from the page before.
        const ctx = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
        const html = await (await ctx.get(`${page}${page.includes("?") ? "&" : "?"}lng=${lng}`)).text();
        await ctx.dispose();
        // Every page, the 404s included, says its language and has its content in the HTML (not only after JavaScript).
        expect(html, `${page} in ${lng}`).toContain(`<html lang="${lng}"`);
        expect(html, `${page} in ${lng}`).toMatch(/<h1[ >]/);
        const file = path.join(dir, `${files.length}-${lng}-${page.replace(/[^a-z0-9]+/gi, "_")}.html`);
        writeFileSync(file, html);
        files.push(file);
      }
    }
    expect(vnuErrors(files, dir)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const OWNER = { login: "owner@navalha.app", password: "demo1234" };

/** The page once the console has drawn it: its heading shown, no skeleton or busy region left. */
async function drawn(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator(".animate-pulse, [aria-busy='true']")).toHaveCount(0);
  return page.content();
}

test("the console's pages are valid HTML in the three languages, signed in as the demo owner", { tag: "@desktop" }, async ({ page, request }) => {
  // The desktop project only: the console's markup is the same at every width.
  test.setTimeout(180_000);
  const login = await logIn(request, OWNER);
  const { token } = login;
  const auth = { authorization: `Bearer ${token}` };
  const [{ shop }] = (await (await request.get("/v3/staff/shops", { headers: auth })).json()).items as { shop: { id: number } }[];
  const barbers = (await (await request.get(`/v3/staff/shops/${shop.id}/barbers`, { headers: auth })).json()).items as { id: number }[];
  // An invitation's page, as the person invited opens it from the message.
  const email = `convite-vnu-${Date.now().toString(36)}@example.com`;
  const invited = await request.post(`/v3/staff/shops/${shop.id}/invitations`, {
    headers: auth,
    data: { name: "Barbeiro Convidado", roles: ["barber"], channel: "email", recipient: email },
  });
  expect(invited.status()).toBe(201);
  const outbox = await (await request.get(`${outboxPath()}&to=${encodeURIComponent(email)}`)).text();
  const invitation = /\/convite\/[A-Za-z0-9_-]+/.exec(outbox)?.[0];
  expect(invitation, "the invitation's link on the outbox").toBeTruthy();

  await setSession(page, login);
  const base = `/painel/${shop.id}`;
  const pages = [
    "/painel",
    "/painel/nova",
    base,
    `${base}/agenda`,
    `${base}/horarios`,
    `${base}/pagina`,
    `${base}/alertas`,
    `${base}/servicos`,
    `${base}/historico`,
    `${base}/equipe`,
    `${base}/equipe/${barbers[0].id}`,
    invitation!,
  ];
  const dir = mkdtempSync(path.join(tmpdir(), "navalha-vnu-console-"));
  try {
    const files: string[] = [];
    for (const lng of ["pt-BR", "en", "es"]) {
      for (const at of pages) {
        const html = await drawn(page, `${at}?lng=${lng}`);
        expect(html, `${at} in ${lng}`).toContain(`<html lang="${lng}"`);
        const file = path.join(dir, `${files.length}-${lng}-${at.replace(/[^a-z0-9]+/gi, "_")}.html`);
        writeFileSync(file, html);
        files.push(file);
      }
    }
    expect(vnuErrors(files, dir)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
