import Link from "next/link";
import { getT } from "@/lib/i18n/server";

// The home page proper (location search, nearby shops, city highlights) is built by the search feature.
export default async function HomePage() {
  const { t } = await getT("common");
  return (
    <section className="container-page py-16">
      <h1 className="max-w-2xl text-4xl font-bold md:text-5xl">{t("meta.title")}</h1>
      <p className="mt-4 max-w-xl text-lg text-muted">{t("meta.description")}</p>
      <Link href="/barbearias" className="btn-primary mt-8">
        {t("header.barbershops")}
      </Link>
    </section>
  );
}
