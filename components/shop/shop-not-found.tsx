import { NotFoundContent } from "@/components/ui/not-found-content";
import type { Translate } from "@/lib/i18n/translate";

/** The unknown-shop page: served by app/not-found.tsx (proxy.ts) and by the shop segment's not-found. */
export function ShopNotFoundContent({ t }: { t: Translate }) {
  return <NotFoundContent title={t("notFound.title")} body={t("notFound.body")} action={t("notFound.action")} href="/barbearias" />;
}

/** What a shop's old link says once the shop has left Navalha: its name, and the shops near where it was. */
export type ClosedShopView = { name: string; place: string; latitude: number; longitude: number };

export function ClosedShopContent({ t, shop }: { t: Translate; shop: ClosedShopView }) {
  const near = new URLSearchParams({ latitude: shop.latitude.toFixed(5), longitude: shop.longitude.toFixed(5) });
  return (
    <NotFoundContent
      title={t("notFound.closed.title", { name: shop.name })}
      body={t("notFound.closed.body")}
      action={t("notFound.closed.action", { place: shop.place })}
      href={`/barbearias?${near.toString()}`}
    />
  );
}
