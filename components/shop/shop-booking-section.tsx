import { Link } from "@/components/ui/link";
import type { TShop } from "@/lib/contract/shops";
import type { Translate } from "@/lib/i18n/translate";
import { formatMoney } from "./format";

/** The call to book on wide screens: a card that stays beside the page. */
export function ShopBookingCard({ shop, price, bookHref, t, lng }: { shop: TShop; price: string | null; bookHref: string; t: Translate; lng: string }) {
  return (
    <aside className="hidden lg:col-start-2 lg:row-start-1 lg:block" aria-label={t("booking.label")}>
      <div className="card sticky top-20 p-5">
        <p className="text-lg font-bold">{t("booking.title")}</p>
        <p className="mt-1 text-sm text-muted">{t("booking.body")}</p>
        {price ? <p className="mt-3 text-sm">{t("booking.from", { price: formatMoney(lng, shop.price_from ?? "0") })}</p> : null}
        <Link href={bookHref} className="btn-primary mt-4 w-full">
          {t("booking.cta")}
        </Link>
      </div>
    </aside>
  );
}

/** The call to book on phones: a bar that stays at the bottom of the screen. */
export function ShopBookingBar({ bookHref, t }: { bookHref: string; t: Translate }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-bg p-3 lg:hidden">
      <Link href={bookHref} className="btn-primary w-full">
        {t("booking.cta")}
      </Link>
    </div>
  );
}
