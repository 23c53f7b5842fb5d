import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./clock";
import { findBookableShop } from "./booking-fixtures";

// The Nu HTML Checker (npm vnu-jar, run with the machine's Java) on the server's HTML of the public pages,
// in the three languages, in one run: 0 errors.

const JAR = path.join(process.cwd(), "node_modules/vnu-jar/build/dist/vnu.jar");

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
    let report = "";
    try {
      execFileSync("java", ["-jar", JAR, "--errors-only", "--format", "text", ...files], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (err) {
      // vnu exits non-zero when it found errors and writes them to stderr.
      report = String((err as { stderr?: string }).stderr ?? err);
    }
    expect(
      report
        .split("\n")
        .filter((l) => /error/i.test(l))
        .map((l) => l.replace(dir, "").slice(0, 300)),
    ).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
