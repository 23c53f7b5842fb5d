import { Link } from "@/components/ui/link";
import { getT } from "@/lib/i18n/server";
import { OwnerLink } from "./owner-cta";

export const FOOTER_LINKS = [
  { href: "/termos-de-uso", key: "footer.terms" },
  { href: "/privacidade", key: "footer.privacy" },
  { href: "/faq", key: "footer.faq" },
  { href: "/transparencia", key: "footer.transparency" },
  { href: "/fale-conosco", key: "footer.contact" },
] as const;

export async function SiteFooter() {
  const { t } = await getT("common");
  return (
    <footer className="below-fold mt-16 border-t border-line bg-surface [contain-intrinsic-block-size:auto_20rem]">
      <OwnerLink />
      <div className="container-page flex flex-col gap-6 py-8 md:flex-row md:items-center md:justify-between">
        <nav aria-label={t("footer.nav")}>
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            {FOOTER_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="inline-flex min-h-11 items-center text-sm text-muted hover:text-primary">
                  {t(l.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-muted">{t("footer.copyright", { year: 2026 })}</p>
      </div>
    </footer>
  );
}
