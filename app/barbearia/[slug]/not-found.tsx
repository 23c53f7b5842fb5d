import Link from "next/link";
import { getT } from "@/lib/i18n/server";

export default async function ShopNotFound() {
  const { t } = await getT("shop");
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
