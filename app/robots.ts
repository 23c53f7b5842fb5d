import type { MetadataRoute } from "next";
import { siteUrl } from "@/components/shop/seo";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/v3/", "/dev/", "/perfil", "/agendamentos", "/agendamento/", "/favoritos", "/entrar", "/cadastro", "/recuperar-senha", "/redefinir-senha"] }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
