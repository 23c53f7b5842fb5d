import type { MetadataRoute } from "next";
import { siteUrl } from "@/components/shop/seo";

// Read at request time: the running deployment's PUBLIC_SITE_URL, never the one of the machine that built it.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/v3/", "/dev/", "/perfil", "/agendamentos", "/agendamento/", "/favoritos", "/entrar", "/cadastro", "/recuperar-senha", "/redefinir-senha"] }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
