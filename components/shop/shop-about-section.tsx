import type { TShop } from "@/lib/contract/shops";
import type { Translate } from "@/lib/i18n/translate";
import { amenityName, isKnownAmenity } from "./amenities";
import { type Contact, instagramContact, phoneContact, whatsappContact } from "./contacts";
import { textLang } from "@/lib/i18n/text-lang";

/** The shop page's About tab: description, amenities and how to reach the shop. */
export function ShopAboutSection({ shop, t, lng }: { shop: TShop; t: Translate; lng?: string }) {
  // The reader's language's description where the shop wrote one; else the Portuguese.
  const translated = lng === "en" || lng === "es" ? shop.description_translations?.[lng] : undefined;
  const description = translated || shop.description;
  const contacts = [
    { name: t("about.phone"), contact: phoneContact(shop.phone) },
    { name: "WhatsApp", contact: whatsappContact(shop.whatsapp) },
    { name: "Instagram", contact: instagramContact(shop.instagram) },
  ].filter((c): c is { name: string; contact: Contact } => c.contact !== null);
  return (
    <div className="flex flex-col gap-5">
      {description ? (
        <p className="leading-relaxed whitespace-pre-line" lang={translated ? lng : (textLang(description) ?? undefined)}>
          {description}
        </p>
      ) : (
        <p className="text-muted">{t("about.noDescription")}</p>
      )}
      {shop.amenities.length > 0 ? (
        <div>
          <h2 className="font-semibold">{t("about.amenities")}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {shop.amenities.map((a) => (
              // One the shop wrote itself stays in its language, and says so.
              <li key={a} className="rounded-full border border-line px-3 py-1 text-sm" lang={isKnownAmenity(a) ? undefined : (textLang(a) ?? undefined)}>
                {amenityName(t, a)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h2 className="font-semibold">{t("about.contact")}</h2>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {contacts.map(({ name, contact }) => (
            <li key={name}>
              {name}:{" "}
              {contact.href ? (
                <a
                  href={contact.href}
                  className="inline-flex min-h-11 items-center text-primary hover:underline"
                  {...(contact.href.startsWith("tel:") ? {} : { rel: "noopener noreferrer", target: "_blank" })}
                >
                  {contact.label}
                </a>
              ) : (
                <span className="break-words">{contact.label}</span>
              )}
            </li>
          ))}
          <li>
            {shop.address} – {shop.neighborhood}, {shop.city} - {shop.state}
          </li>
        </ul>
      </div>
    </div>
  );
}
