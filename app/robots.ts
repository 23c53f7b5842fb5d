import type { MetadataRoute } from "next";
import { siteUrl } from "@/components/shop/seo";

// Read at request time: the running deployment's PUBLIC_SITE_URL, never the one of the machine that built it.
export const dynamic = "force-dynamic";

// Pages no crawler needs: the API, the dev outbox, a guest's free-time alert, the rating link's page, and a
// signed-in client's or a sign-in's pages.
const PRIVATE = [
  "/v3/",
  "/dev/",
  "/aviso/",
  "/avaliar",
  "/perfil",
  "/agendamentos",
  "/favoritos",
  "/entrar",
  "/cadastro",
  "/recuperar-senha",
  "/redefinir-senha",
];

// The apps that draw a link's preview when it is sent in a chat or a post. A client's private link to their
// booking (/agendamento/<id>?token=…, which "Send to my WhatsApp" puts in their own chat) previews as its
// shop and "Your appointment at …", nothing of the client (decision 0033); search engines stay out of it.
const PREVIEWERS = ["facebookexternalhit", "WhatsApp", "Twitterbot", "TelegramBot", "Slackbot-LinkExpanding", "Discordbot", "LinkedInBot"];

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      { userAgent: "*", allow: "/", disallow: [...PRIVATE, "/agendamento/"] },
      { userAgent: PREVIEWERS, allow: "/", disallow: PRIVATE },
    ],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
