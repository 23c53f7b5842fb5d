import { Link } from "@/components/ui/link";
import type { Translate } from "@/lib/i18n/translate";

/** The unknown-shop page: served by app/not-found.tsx (proxy.ts) and by the shop segment's not-found. */
export function ShopNotFoundContent({ t }: { t: Translate }) {
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-3xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-3 text-muted">{t("notFound.body")}</p>
      <Link href="/barbearias" className="btn-primary mt-8">
        {t("notFound.action")}
      </Link>
    </section>
  );
}
