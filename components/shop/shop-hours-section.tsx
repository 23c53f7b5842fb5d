import type { TShop } from "@/lib/contract/shops";
import { zoneLabel } from "@/components/booking/format";
import { weekdayName } from "./format";
import type { Translate } from "@/lib/i18n/translate";

/** The shop page's Hours tab: the week from Monday, today marked, in the shop's zone. */
export function ShopHoursSection({ shop, today, t, lng }: { shop: TShop; today: number; t: Translate; lng: string }) {
  return (
    <div>
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">{t("hours.caption")}</caption>
        <tbody>
          {[1, 2, 3, 4, 5, 6, 0].map((d) => {
            const ranges = shop.opening_hours.filter((h) => h.weekday === d);
            return (
              <tr key={d} className={`border-b border-line ${d === today ? "font-semibold text-primary" : ""}`}>
                <th scope="row" className="py-2.5 pr-4 text-left font-medium">
                  {weekdayName(lng, d)}
                  {d === today ? <span className="ml-2 text-xs">({t("hours.today")})</span> : null}
                </th>
                <td className="py-2.5 text-right">
                  {ranges.length ? ranges.map((h) => `${h.opens}–${h.closes}`).join(", ") : <span className="text-muted">{t("hours.closed")}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-muted">{t("hours.zone", { zone: zoneLabel(lng, shop.timezone, new Date().toISOString()) })}</p>
    </div>
  );
}
