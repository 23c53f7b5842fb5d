import type { Metadata } from "next";
import { Suspense } from "react";
import { FavoritesList } from "@/components/favorites/favorites-list";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("account");
  return { title: t("favorites.title"), robots: { index: false } };
}

export default async function FavoritesPage() {
  const { t } = await getT("account");
  return (
    <section className="container-page py-8 md:py-12">
      <h1 className="text-2xl font-bold md:text-3xl">{t("favorites.title")}</h1>
      <p className="mt-1 mb-6 text-muted">{t("favorites.subtitle")}</p>
      <Suspense>
        <FavoritesList />
      </Suspense>
    </section>
  );
}
