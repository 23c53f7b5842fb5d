import { type NextRequest } from "next/server";
import { iconPath, manifestIcons } from "@/lib/brand/app-icons";
import { MARK } from "@/lib/brand/brand-mark";
import { inLanguage } from "@/lib/i18n/settings";
import { getT } from "@/lib/i18n/server";
import { FALLBACK_LANG, matchLang } from "@/lib/i18n/settings";

// The web app manifest: what a phone needs to put the site on its home screen and open it from there (a client
// who books every few weeks opens it in one tap). One per language (`?lng=en`, named by each page's <head>),
// which opens the site in that language; `id` makes the three one app.
export async function GET(req: NextRequest) {
  const asked = req.nextUrl.searchParams.get("lng");
  const lng = (asked && matchLang(asked)) || FALLBACK_LANG;
  const { t } = await getT("common", { lng });
  const manifest = {
    id: "/",
    name: "Navalha",
    short_name: "Navalha",
    description: t("meta.description"),
    lang: lng,
    dir: "ltr",
    start_url: inLanguage("/", lng),
    scope: "/",
    // Browser controls kept (a back button): the pages are made for a browser. iOS does not support
    // minimal-ui and falls back to its browser, where the client's session is.
    display: "minimal-ui",
    background_color: MARK.background,
    theme_color: MARK.background,
    categories: ["lifestyle", "business"],
    // A long press on the icon goes straight to these (Android), in the manifest's language.
    shortcuts: [
      { name: t("header.appointments"), url: inLanguage("/agendamentos", lng) },
      { name: t("header.favorites"), url: inLanguage("/favoritos", lng) },
      { name: t("header.barbershops"), url: inLanguage("/barbearias", lng) },
    ].map((s) => ({ ...s, icons: [{ src: iconPath("icon-192.png"), sizes: "192x192", type: "image/png" }] })),
    icons: manifestIcons(),
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
