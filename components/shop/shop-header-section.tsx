import { favoriteLabels } from "@/components/favorites/favorite-labels";
import type { TShop } from "@/lib/contract/shops";
import { formatRating } from "./format";
import { ShareShop } from "./share-shop";
import { ShopFavorite } from "./shop-favorite";
import { ShopBadges } from "./shop-badges";
import type { Translate } from "@/lib/i18n/translate";

const mapsUrl = (shop: TShop) => `https://www.google.com/maps/search/?api=1&query=${shop.latitude},${shop.longitude}`;

/**
 * The top of the shop page: open or closed, name and heart, rating, price, today's hours, then `children` (the
 * next free times, above the fold of a phone) and the address.
 */
export function ShopHeaderSection({
  shop,
  price,
  today,
  t,
  lng,
  children,
}: {
  shop: TShop;
  price: string | null;
  today: number;
  t: Translate;
  lng: string;
  children?: React.ReactNode;
}) {
  const todayHours = shop.opening_hours.filter((h) => h.weekday === today);
  return (
    <header>
      <div className="flex flex-wrap items-center gap-2">
        <ShopBadges isOpenNow={shop.is_open_now} isNew={shop.is_new} t={t} lng={lng} opensNext={shop.opens_next} />
      </div>
      <div className="mt-2 flex items-start justify-between gap-3">
        <h1 className="min-w-0 text-2xl leading-tight font-bold break-words md:text-4xl">{shop.name}</h1>
        <div className="flex shrink-0 items-center gap-2">
          <ShareShop
            title={shop.name}
            labels={{
              share: t("share.action"),
              whatsapp: t("share.whatsapp"),
              copy: t("share.copy"),
              copied: t("share.copied"),
              copyFailed: t("share.copyFailed"),
              text: t("share.text", { name: shop.name, neighborhood: shop.neighborhood }),
            }}
          />
          <ShopFavorite shopId={shop.id} slug={shop.slug} labels={{ mark: t("favorite.mark"), favorite: favoriteLabels(t, shop.name) }} />
        </div>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-0 text-sm">
        {shop.rating_count > 0 ? (
          <a href="#ratings" className="inline-flex min-h-11 items-center gap-1 hover:text-primary">
            <span aria-hidden="true" className="text-primary">
              ★
            </span>
            <span className="font-semibold">{formatRating(lng, shop.rating_avg)}</span>
            <span className="text-muted">({t("card.reviews", { count: shop.rating_count })})</span>
          </a>
        ) : (
          <span className="text-muted">{t("card.noReviews")}</span>
        )}
        {price ? <span className="text-muted">{price}</span> : null}
        <span className="text-muted">
          {t("hours.todayLabel")}: {todayHours.length ? todayHours.map((h) => `${h.opens}–${h.closes}`).join(", ") : t("hours.closed")}
        </span>
      </p>
      {children}
      {/* The map's link is a 44 px target: beside the address as its own item (next line when the address fills
          the width), not inside its text, where it made the address's last line 44 px tall on a phone. */}
      <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
        <span>
          {shop.address} – {shop.neighborhood}, {shop.city} - {shop.state}
        </span>
        <a
          href={mapsUrl(shop)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-semibold text-primary hover:underline"
        >
          {t("openMap")}
          <span className="sr-only"> ({t("newTab")})</span>
        </a>
      </p>
    </header>
  );
}
