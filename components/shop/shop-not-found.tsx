import { Link } from "@/components/ui/link";
import { NotFoundContent } from "@/components/ui/not-found-content";
import type { TShopSuggestion } from "@/lib/contract/search";
import type { Translate } from "@/lib/i18n/translate";

/**
 * The unknown-shop page: served by app/not-found.tsx (proxy.ts) and by the shop segment's not-found. A link typed
 * by hand or cut short ("/barbearia/dom-ze-barbeari") lists the shops whose names come nearest to its words.
 */
export function ShopNotFoundContent({ t, suggestions = [] }: { t: Translate; suggestions?: TShopSuggestion[] }) {
  return (
    <NotFoundContent title={t("notFound.title")} body={t("notFound.body")} action={t("notFound.action")} href="/barbearias">
      {suggestions.length > 0 && (
        <div className="mx-auto mt-8 max-w-md text-left">
          <h2 id="not-found-suggestions" className="text-sm font-semibold text-muted">
            {t("notFound.suggestions", { count: suggestions.length })}
          </h2>
          <ul aria-labelledby="not-found-suggestions" className="mt-2 grid gap-2">
            {suggestions.map((s) => (
              <li key={s.id}>
                <Link href={`/barbearia/${s.slug}`} className="card block px-4 py-3 hover:border-primary/60">
                  <span className="block font-semibold break-words">{s.name}</span>
                  <span className="block text-sm break-words text-muted">{[s.neighborhood, `${s.city} - ${s.state}`].filter(Boolean).join(" · ")}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
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
