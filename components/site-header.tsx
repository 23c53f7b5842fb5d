import { Link } from "@/components/ui/link";
import { getT } from "@/lib/i18n/server";
import { AccountMenu } from "./account-menu";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";

export async function SiteHeader() {
  const { t, lng } = await getT("common");
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg">
      <div className="container-page flex min-h-16 items-center justify-between gap-3">
        <Link href="/" className="flex min-h-11 items-center gap-2 font-bold tracking-tight text-ink" aria-label={t("brand.home")}>
          <Logo />
          <span className="hidden text-lg min-[400px]:inline">
            Navalha<span className="text-primary">.</span>
          </span>
        </Link>
        <nav aria-label={t("header.nav")} className="flex items-center gap-2 sm:gap-3">
          <Link href="/barbearias" className="hidden min-h-11 items-center px-2 text-sm text-muted hover:text-primary md:inline-flex">
            {t("header.barbershops")}
          </Link>
          <LanguageSwitcher lng={lng} label={t("header.language")} />
          <AccountMenu
            labels={{
              signIn: t("header.signIn"),
              appointments: t("header.appointments"),
              favorites: t("header.favorites"),
              profile: t("header.profile"),
              accountMenu: t("header.accountMenu"),
              signOut: t("header.signOut"),
              console: t("header.console"),
            }}
          />
        </nav>
      </div>
    </header>
  );
}
