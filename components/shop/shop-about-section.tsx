import { formatPhoneBr } from "@/lib/contract/common";
import type { TShop } from "@/lib/contract/shops";
import type { Translate } from "@/lib/i18n/translate";

/** The shop page's About tab: description, amenities and how to reach the shop. */
export function ShopAboutSection({ shop, t }: { shop: TShop; t: Translate }) {
  return (
    <div className="flex flex-col gap-5">
      {shop.description ? <p className="leading-relaxed whitespace-pre-line">{shop.description}</p> : <p className="text-muted">{t("about.noDescription")}</p>}
      {shop.amenities.length > 0 ? (
        <div>
          <h2 className="font-semibold">{t("about.amenities")}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {shop.amenities.map((a) => (
              <li key={a} className="rounded-full border border-line px-3 py-1 text-sm">
                {a}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h2 className="font-semibold">{t("about.contact")}</h2>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {shop.phone ? (
            <li>
              {t("about.phone")}:{" "}
              <a href={`tel:${shop.phone}`} className="inline-flex min-h-11 items-center text-primary hover:underline">
                {formatPhoneBr(shop.phone)}
              </a>
            </li>
          ) : null}
          {shop.whatsapp ? (
            <li>
              WhatsApp:{" "}
              <a href={`https://wa.me/${shop.whatsapp.replace(/\D/g, "")}`} className="inline-flex min-h-11 items-center text-primary hover:underline" rel="noopener noreferrer" target="_blank">
                {formatPhoneBr(shop.whatsapp)}
              </a>
            </li>
          ) : null}
          {shop.instagram ? (
            <li>
              Instagram:{" "}
              <a href={`https://instagram.com/${shop.instagram.replace(/^@/, "")}`} className="inline-flex min-h-11 items-center text-primary hover:underline" rel="noopener noreferrer" target="_blank">
                @{shop.instagram.replace(/^@/, "")}
              </a>
            </li>
          ) : null}
          <li>
            {shop.address} – {shop.neighborhood}, {shop.city} - {shop.state}
          </li>
        </ul>
      </div>
    </div>
  );
}
