import { Link } from "@/components/ui/link";
import type { TShopCard } from "@/lib/contract/shops";
import type { Translate } from "@/lib/i18n/translate";
import { FavoriteButton } from "@/components/favorites/favorite-button";
import { favoriteLabels } from "@/components/favorites/favorite-labels";
import { ShopBadges } from "./shop-badges";
import { formatDistance, formatMoney, formatPriceRange, formatRating, freeTimeDay, freeTimeHref } from "./format";

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
  compact = false,
}: {
  shop: TShopCard;
  t: Translate;
  lng: string;
  headingLevel?: 2 | 3;
  /** The first card of a page: likely its largest paint, so its photo is not lazy. */
  priority?: boolean;
  /** On a phone, a row (a small photo or mark beside the name, the times below) rather than a card with a large photo. */
  compact?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const price = formatPriceRange(lng, shop.price_from, shop.price_to);
  // A compact card is, below `sm`, a grid: the photo beside the name, place and figures (the body's box gives way to
  // its children), the times across the whole row.
  const c = (phone: string, always = "") => (compact ? `${always} ${phone}` : always);
  return (
    <article
      className={`card group relative flex h-full flex-col overflow-hidden transition-colors hover:border-primary ${compact ? "max-sm:grid max-sm:grid-cols-[4rem_minmax(0,1fr)] max-sm:content-start max-sm:gap-x-3 max-sm:p-3" : ""}`}
      data-testid="shop-card"
    >
      <div
        className={c(
          "max-sm:row-span-3 max-sm:aspect-square max-sm:w-16 max-sm:self-start max-sm:overflow-hidden max-sm:rounded-lg",
          "relative aspect-[16/9] bg-surface-2",
        )}
      >
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
        ) : compact ? (
          // The small mark of a shop without a photo, on a phone.
          <span aria-hidden="true" className="flex h-full w-full items-center justify-center text-2xl font-bold text-primary sm:hidden">
            {shop.name.trim().charAt(0).toUpperCase()}
          </span>
        ) : null}
        <div className={c("max-sm:hidden", "absolute top-2 right-14 left-2 flex flex-wrap items-start gap-1.5")}>
          <ShopBadges isOpenNow={shop.is_open_now} isNew={shop.is_new} t={t} lng={lng} opensNext={shop.opens_next} overPhoto />
        </div>
      </div>
      {/* Over the photo's corner on a card, at the row's end on a phone. */}
      <div className="absolute top-1 right-1 z-10">
        <FavoriteButton shopId={shop.id} initial={shop.is_favorite} labels={favoriteLabels(t, shop.name)} />
      </div>
      <div className={c("max-sm:contents", "flex flex-1 flex-col gap-1 p-4")}>
        <Heading className={c("max-sm:col-start-2 max-sm:pr-10", "text-base leading-snug font-semibold")}>
          {/* The name's link covers the card (::after); with the keyboard, the ring goes round the whole card. */}
          <Link
            href={`/barbearia/${shop.slug}`}
            className="after:absolute after:inset-0 after:rounded-[var(--radius-card)] after:content-[''] hover:text-primary focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-primary"
          >
            {shop.name}
          </Link>
        </Heading>
        <p className={c("max-sm:col-start-2 max-sm:flex max-sm:min-w-0 max-sm:items-center max-sm:gap-2", "text-sm text-muted")}>
          <span className={c("max-sm:min-w-0 max-sm:truncate")}>
            {shop.neighborhood}, {shop.city}
          </span>
          {compact ? (
            // The badges leave the small photo: on a phone they end the place's line, in their short words.
            <span className="flex shrink-0 gap-1 sm:hidden">
              <ShopBadges isOpenNow={shop.is_open_now} isNew={shop.is_new} t={t} lng={lng} opensNext={shop.opens_next} overPhoto />
            </span>
          ) : null}
        </p>
        <dl className={`${c("max-sm:col-start-2 max-sm:pt-0.5")} mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-2 text-sm`}>
          <div className="flex items-center gap-1">
            <dt className="sr-only">{t("card.rating")}</dt>
            <dd>
              <span aria-hidden="true" className="text-primary">
                ★
              </span>{" "}
              {shop.rating_count > 0 ? (
                <>
                  <span className="font-semibold">{formatRating(lng, shop.rating_avg)}</span>{" "}
                  {/* In a compact row on a phone the eye reads the count alone; a screen reader still hears "12 reviews". */}
                  <span className="text-muted">
                    (<span className={c("max-sm:sr-only")}>{t("card.reviews", { count: shop.rating_count })}</span>
                    {compact ? (
                      <span aria-hidden="true" className="sm:hidden">
                        {shop.rating_count}
                      </span>
                    ) : null}
                    )
                  </span>
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
              <dd className="text-muted">
                {/* A compact row on a phone shows the price from; the range is read out all the same. */}
                <span className={c("max-sm:sr-only")}>{price}</span>
                {compact ? (
                  <span aria-hidden="true" className="sm:hidden">
                    {formatMoney(lng, shop.price_from!)}
                  </span>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
        {shop.next_free_times?.length ? <FreeTimeChips shop={shop} t={t} lng={lng} compact={compact} /> : null}
      </div>
    </article>
  );
}

/** "Hoje", "Amanhã", "sex., 28/11": the day of a free time, read where the shop is. */
function dayLabel(startsAt: string, t: Translate, lng: string): string {
  const day = freeTimeDay(lng, startsAt);
  return day === "today" ? t("card.today") : day === "tomorrow" ? t("card.tomorrow") : day;
}

/** The next free times of the shop's featured service, named, by day: each opens the booking with service, barber (or any), date and time chosen (lists, favourites). */
export function FreeTimeChips({ shop, t, lng, compact = false }: { shop: TShopCard; t: Translate; lng: string; compact?: boolean }) {
  const days = new Map<string, NonNullable<TShopCard["next_free_times"]>>();
  for (const f of shop.next_free_times ?? []) days.set(f.starts_at.slice(0, 10), [...(days.get(f.starts_at.slice(0, 10)) ?? []), f]);
  const offset = /([+-]\d{2}:\d{2})$/.exec(shop.next_free_times![0].starts_at)?.[1] ?? "";
  return (
    <div
      className={`relative z-10 mt-3 ${compact ? "max-sm:col-span-2 max-sm:mt-2 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1" : ""}`}
    >
      <p className={`text-xs text-muted ${compact ? "max-sm:hidden" : ""}`}>
        {/* The dot stays at the end of the first line when the zone wraps to the next (a line never starts with it). */}
        {t("card.nextFreeFor", { service: shop.next_free_times![0].service_name })}
        {"\u00a0· "}
        <span className="whitespace-nowrap">{t("card.zone", { offset })}</span>
      </p>
      {compact && (
        // A phone's row says it in short, so that it stays on one line and four rows fit a screen.
        <p className="text-xs text-muted max-sm:w-full sm:hidden">
          {t("card.nextFreeShort", { service: shop.next_free_times![0].service_name })}
          {"\u00a0· "}
          <span className="whitespace-nowrap">UTC{offset}</span>
        </p>
      )}
      {[...days.values()].map((times) => {
        const day = dayLabel(times[0].starts_at, t, lng);
        return (
          // On a phone the day goes above its times, so three times fit in one row even at 320 px.
          // In a compact row the days follow each other on one line, each before its times.
          <div
            key={times[0].starts_at}
            className={`mt-2 flex items-start gap-1 sm:mt-1 sm:flex-row sm:items-center sm:gap-2 ${compact ? "max-sm:mt-0 max-sm:flex-row max-sm:items-center max-sm:gap-1.5" : "flex-col"}`}
          >
            <span className={`shrink-0 text-sm font-medium sm:w-20 ${compact ? "max-sm:text-xs" : ""}`}>{day}</span>
            <ul className={`flex flex-wrap gap-2 ${compact ? "max-sm:gap-1.5" : ""}`}>
              {times.map((f) => {
                const time = f.starts_at.slice(11, 16);
                return (
                  <li key={f.starts_at}>
                    <Link
                      href={freeTimeHref(shop.slug, f)}
                      aria-label={t("card.bookServiceAt", { service: f.service_name, when: `${day} ${time}`, shop: shop.name })}
                      className={`inline-flex min-h-11 min-w-16 items-center justify-center rounded-full border border-primary/60 px-3 text-sm ${compact ? "max-sm:min-w-14 max-sm:px-2" : ""} font-semibold text-primary tabular-nums hover:bg-primary hover:text-primary-ink`}
                      prefetch={false}
                    >
                      {time}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
