import { getT } from "@/lib/i18n/server";

export default async function ShopLoading() {
  const { t } = await getT("shop");
  return (
    <div className="container-page py-6" role="status" aria-live="polite">
      <span className="sr-only">{t("loading")}</span>
      <div className="aspect-[16/9] w-full animate-pulse rounded-[var(--radius-card)] bg-surface-2 md:aspect-[4/1]" />
      <div className="mt-5 h-8 w-2/3 animate-pulse rounded bg-surface-2" />
      <div className="mt-3 h-4 w-1/2 animate-pulse rounded bg-surface-2" />
      <div className="mt-8 h-40 w-full animate-pulse rounded bg-surface-2" />
    </div>
  );
}
