import { Link } from "@/components/ui/link";
import { getT } from "@/lib/i18n/server";

/** On every page but the home page: one line for owners, which does not take the screen of a client. */
export async function OwnerLink() {
  const { t } = await getT("common");
  return (
    <p className="container-page border-b border-line py-3 text-sm text-muted">
      {t("owner.kicker")}:{" "}
      <Link href="/painel/nova" className="inline-flex min-h-11 items-center text-primary underline-offset-2 hover:underline">
        {t("owner.action")}
      </Link>
    </p>
  );
}

/** On the home page: invites barbershop owners to register their shop (the join wizard at /painel/nova). */
export async function OwnerCta() {
  const { t } = await getT("common");
  const platforms = [t("owner.ios"), t("owner.android"), t("owner.web")];
  return (
    <section aria-labelledby="owner-cta-title" className="border-b border-line">
      <div className="container-page grid gap-6 py-10 md:grid-cols-[1.4fr_1fr] md:items-center">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t("owner.kicker")}</p>
          <h2 id="owner-cta-title" className="mt-1 text-2xl font-bold md:text-3xl">
            {t("owner.title")}
          </h2>
          <p className="mt-2 max-w-xl text-muted">{t("owner.body")}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("owner.platforms")}>
            {platforms.map((p) => (
              <li key={p} className="rounded-full border border-line px-3 py-1 text-sm">
                {p}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex md:justify-end">
          <Link href="/painel/nova" className="btn-primary">
            {t("owner.action")}
          </Link>
        </div>
      </div>
    </section>
  );
}
