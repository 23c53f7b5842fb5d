import { type NextRequest } from "next/server";
import { manifestIcons } from "@/lib/brand/app-icons";
import { MARK } from "@/lib/brand/brand-mark";
import { getT } from "@/lib/i18n/server";
import { FALLBACK_LANG, inLanguage, matchLang } from "@/lib/i18n/settings";

// The shop console's web app manifest (its pages name it; the site's is /manifest.webmanifest): a barber or the
// front desk installs the console apart from the client site, and it opens standalone, which Safari on iPhone and
// iPad requires before it lets a web app receive Web Push alerts (docs/decisions/0054-web-push.md).
export async function GET(req: NextRequest) {
  const asked = req.nextUrl.searchParams.get("lng");
  const lng = (asked && matchLang(asked)) || FALLBACK_LANG;
  const { t } = await getT("console", { lng });
  const manifest = {
    id: "/painel",
    name: `Navalha · ${t("title")}`,
    short_name: t("title"),
    lang: lng,
    dir: "ltr",
    start_url: inLanguage("/painel", lng),
    scope: "/painel",
    display: "standalone",
    background_color: MARK.background,
    theme_color: MARK.background,
    categories: ["business", "productivity"],
    icons: manifestIcons(),
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
