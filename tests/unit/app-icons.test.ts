import sharp from "sharp";
import { GET as icon } from "@/app/icons/[file]/route";
import { GET as manifest } from "@/app/manifest.webmanifest/route";
import { APP_ICONS, type AppIcon } from "@/lib/brand/app-icons";
import { NextRequest } from "next/server";

async function iconOf(file: string) {
  return icon(new Request(`http://localhost/icons/${file}`), { params: Promise.resolve({ file }) });
}

async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

describe("home-screen icons", () => {
  it.each(Object.entries(APP_ICONS))("%s is a PNG of its size, drawn from the brand mark", async (file, { size, bleed }) => {
    const res = await iconOf(file);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", size, size]);
    // A maskable or Apple icon is gold to its corners (a phone cuts its own shape; iOS would paint
    // transparency black); the others are the rounded mark on transparent corners.
    const corner = await pixel(png, 0, 0);
    if (bleed) expect(corner).toEqual([0xe5, 0xb8, 0x17, 255]);
    else expect(corner[3]).toBe(0);
    // The razor is drawn: its ink is at the middle of the icon, the safe zone of a maskable one.
    const middle = await pixel(png, Math.round(size * 0.48), Math.round(size * 0.5));
    expect(middle.slice(0, 3).every((c) => c < 0x40)).toBe(true);
  });

  it("answers 404 for an icon it does not draw", async () => {
    expect((await iconOf("icon-1024.png")).status).toBe(404);
  });
});

describe("web app manifest", () => {
  const read = async (search = "") => {
    const res = await manifest(new NextRequest(`http://localhost/manifest.webmanifest${search}`));
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    return res.json();
  };

  it("names the app, opens its home page with browser controls, in the dark theme, with icons that exist", async () => {
    const m = await read();
    expect(m).toMatchObject({
      id: "/",
      name: "Navalha",
      short_name: "Navalha",
      lang: "pt-BR",
      start_url: "/",
      scope: "/",
      display: "minimal-ui",
      theme_color: "#0e0e10",
      background_color: "#0e0e10",
    });
    expect(m.description).toMatch(/barbearia/i);
    const icons = m.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => i.purpose)).toEqual(expect.arrayContaining(["any", "maskable"]));
    expect(icons.some((i) => i.sizes === "512x512" && i.purpose === "any")).toBe(true);
    expect(icons.some((i) => i.sizes === "192x192")).toBe(true);
    for (const i of icons) {
      const file = i.src.replace("/icons/", "") as AppIcon;
      expect(i.sizes).toBe(`${APP_ICONS[file].size}x${APP_ICONS[file].size}`);
      expect((await iconOf(file)).status).toBe(200);
    }
  });

  it("speaks the language asked, opens the site in it, and stays one app", async () => {
    const en = await read("?lng=en");
    expect([en.lang, en.start_url, en.id]).toEqual(["en", "/?lng=en", "/"]);
    expect(en.description).toMatch(/barbershop/i);
    const es = await read("?lng=es");
    expect([es.lang, es.start_url]).toEqual(["es", "/?lng=es"]);
    expect(es.description).toMatch(/barber/i);
    expect(es.description).not.toBe(en.description);
    // Shortcuts (a long press on the icon) to the client's appointments, favourites and the search, in its language.
    expect(es.shortcuts.map((s: { url: string }) => s.url)).toEqual(["/agendamentos?lng=es", "/favoritos?lng=es", "/barbearias?lng=es"]);
    expect(en.shortcuts.map((s: { name: string }) => s.name)).toEqual(["My appointments", "Favourites", "Barbershops"]);
    expect((await read()).shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])[0]).toEqual(["Meus agendamentos", "/agendamentos"]);
    // A language it does not speak gets Portuguese.
    expect((await read("?lng=fr")).lang).toBe("pt-BR");
  });
});
