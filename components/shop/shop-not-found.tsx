import { NotFoundContent, NotFoundSuggestions } from "@/components/ui/not-found-content";
import type { TShopSuggestion } from "@/lib/contract/search";
import type { Translate } from "@/lib/i18n/translate";

/**
 * The unknown-shop page: served by app/not-found.tsx (proxy.ts) and by the shop segment's not-found. A link typed
 * by hand or cut short ("/barbearia/dom-ze-barbeari") lists the shops whose names come nearest to its words.
 */
export function ShopNotFoundContent({ t, suggestions = [] }: { t: Translate; suggestions?: TShopSuggestion[] }) {
  return (
    <NotFoundContent title={t("notFound.title")} body={t("notFound.body")} action={t("notFound.action")} href="/barbearias">
      <NotFoundSuggestions
        heading={t("notFound.suggestions", { count: suggestions.length })}
        items={suggestions.map((s) => ({
          key: s.id,
          href: `/barbearia/${s.slug}`,
          title: s.name,
          detail: [s.neighborhood, `${s.city} - ${s.state}`].filter(Boolean).join(" · "),
        }))}
      />
    </NotFoundContent>
  );
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
