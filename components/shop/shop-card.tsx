import Link from "next/link";
import type { TShopCard } from "@/lib/contract/shops";
import type { Translate } from "@/lib/i18n/translate";
import { FavoriteButton } from "@/components/favorites/favorite-button";
import { favoriteLabels } from "@/components/favorites/favorite-labels";
import { ShopBadges } from "./shop-badges";
import { formatDistance, formatPriceRange, formatRating } from "./format";

/**
 * One shop in a list. No hooks: it renders on the server (city page, first list page) and inside
 * client lists alike, with the caller's `t` for the "shop" namespace.
 */
export function ShopCard({
  shop,
  t,
  lng,
  headingLevel = 3,
  priority = false,
}: {
  shop: TShopCard;
  t: Translate;
  lng: string;
  headingLevel?: 2 | 3;
  /** The first card of a page: likely its largest paint, so its photo is not lazy. */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const price = formatPriceRange(lng, shop.price_from, shop.price_to);
  return (
    <article className="card group relative flex h-full flex-col overflow-hidden transition-colors hover:border-primary" data-testid="shop-card">
      <div className="relative aspect-[16/9] bg-surface-2">
        {shop.cover_url ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={shop.cover_url}
            alt=""
            width={640}
            height={360}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : null}
        <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
          <ShopBadges isOpenNow={shop.is_open_now} isNew={shop.is_new} t={t} overPhoto />
        </div>
        <div className="absolute top-1 right-1 z-10">
          <FavoriteButton shopId={shop.id} initial={shop.is_favorite} labels={favoriteLabels(t, shop.name)} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Heading className="text-base leading-snug font-semibold">
          <Link href={`/barbearia/${shop.slug}`} className="after:absolute after:inset-0 after:content-[''] hover:text-primary focus-visible:outline-none">
            {shop.name}
          </Link>
        </Heading>
        <p className="text-sm text-muted">
          {shop.neighborhood}, {shop.city}
        </p>
        <dl className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-2 text-sm">
          <div className="flex items-center gap-1">
            <dt className="sr-only">{t("card.rating")}</dt>
            <dd>
              <span aria-hidden="true" className="text-primary">
                ★
              </span>{" "}
              {shop.rating_count > 0 ? (
                <>
                  <span className="font-semibold">{formatRating(lng, shop.rating_avg)}</span>{" "}
                  <span className="text-muted">({t("card.reviews", { count: shop.rating_count })})</span>
                </>
              ) : (
                <span className="text-muted">{t("card.noReviews")}</span>
              )}
            </dd>
          </div>
          {shop.distance_km != null ? (
            <div>
              <dt className="sr-only">{t("card.distance")}</dt>
              <dd className="text-muted">{formatDistance(lng, shop.distance_km)}</dd>
            </div>
          ) : null}
          {price ? (
            <div>
              <dt className="sr-only">{t("card.price")}</dt>
              <dd className="text-muted">{price}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </article>
  );
}
