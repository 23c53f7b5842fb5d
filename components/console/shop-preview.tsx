"use client";
import { useT } from "next-i18next/client";
import { formatPhoneBr } from "@/lib/contract/common";
import type { TShopProfile } from "@/lib/contract/onboarding";

export type PreviewService = { name: string; duration_minutes: number; price: string };
export type PreviewHour = { weekday: number; opens: string; closes: string };

/** The public page as a client will see it: cover, name, address, contacts, description, amenities, services, hours. */
export function ShopPreview({ profile, services, hours }: { profile: TShopProfile; services?: PreviewService[]; hours?: PreviewHour[] }) {
  const { t, i18n } = useT("console");
  const money = (p: string) => Number(p).toLocaleString(i18n.language, { style: "currency", currency: "BRL" });
  return (
    <article aria-label={t("preview.label")} className="card overflow-hidden" data-testid="shop-preview">
      <div className="aspect-[16/7] w-full bg-surface-2">
        {profile.cover_url ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={profile.cover_url} alt="" className="h-full w-full object-cover" />
        ) : (
          <p className="flex h-full items-center justify-center text-sm text-muted">{t("preview.noPhotos")}</p>
        )}
      </div>
      <div className="grid gap-3 p-4">
        <h2 className="text-xl font-bold">{profile.name}</h2>
        <p className="text-sm text-muted">
          {profile.address} · {profile.neighborhood} · {profile.city} - {profile.state}
        </p>
        {(profile.whatsapp || profile.phone) && (
          <p className="text-sm">
            {profile.whatsapp && <span>WhatsApp {formatPhoneBr(profile.whatsapp)}</span>}
            {profile.phone && profile.phone !== profile.whatsapp && <span> · {formatPhoneBr(profile.phone)}</span>}
          </p>
        )}
        {profile.description && <p className="whitespace-pre-line">{profile.description}</p>}
        {profile.amenities.length > 0 && (
          <ul className="flex flex-wrap gap-2 text-xs">
            {profile.amenities.map((a) => (
              <li key={a} className="rounded-full border border-line px-2 py-1">
                {t(`amenities.${a}`)}
              </li>
            ))}
          </ul>
        )}
        {services && services.length > 0 && (
          <section>
            <h3 className="font-semibold">{t("preview.services")}</h3>
            <ul className="mt-1 divide-y divide-line">
              {services.map((s) => (
                <li key={s.name} className="flex justify-between gap-3 py-2 text-sm">
                  <span>
                    {s.name} <span className="text-muted">· {s.duration_minutes} min</span>
                  </span>
                  <span className="text-primary">{money(s.price)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {hours && (
          <section>
            <h3 className="font-semibold">{t("preview.hours")}</h3>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
              {[1, 2, 3, 4, 5, 6, 0].map((d) => {
                const day = hours.filter((h) => h.weekday === d);
                return [
                  <dt key={`${d}t`} className="text-muted">
                    {t(`weekdays.${d}`)}
                  </dt>,
                  <dd key={`${d}d`}>{day.length ? day.map((h) => `${h.opens}–${h.closes}`).join(", ") : t("wizard.hours.closed")}</dd>,
                ];
              })}
            </dl>
          </section>
        )}
      </div>
    </article>
  );
}
