import type { Translate } from "@/lib/i18n/translate";

/** The shop's photos: a swipeable row on phones, a grid with the cover large from tablets up. */
export function ShopGallerySection({ photos, shopName, t }: { photos: string[]; shopName: string; t: Translate }) {
  if (photos.length === 0) return null;
  return (
    <div className="container-page mt-3">
      <ul
        className={`flex snap-x snap-mandatory gap-2 overflow-x-auto rounded-[var(--radius-card)] md:grid md:overflow-visible ${photos.length >= 3 ? "md:grid-cols-3 md:grid-rows-2" : photos.length === 2 ? "md:grid-cols-2" : "md:grid-cols-1"}`}
        aria-label={t("photos", { name: shopName })}
        // Scrolls sideways on phones: keyboard users reach it too.
        tabIndex={0}
      >
        {photos.slice(0, 6).map((url, i) => (
          <li
            key={url}
            className={`shrink-0 snap-start overflow-hidden rounded-lg bg-surface-2 ${i === 0 ? `w-[88%] md:w-auto ${photos.length >= 3 ? "md:col-span-2 md:row-span-2" : ""}` : `w-[70%] md:w-auto ${i >= 3 ? "md:hidden" : ""}`}`}
          >
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              src={url}
              alt={t("photoAlt", { name: shopName, n: i + 1 })}
              width={i === 0 ? 960 : 480}
              height={i === 0 ? 540 : 270}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
              decoding="async"
              className={`aspect-[16/9] w-full object-cover ${i === 0 ? "md:h-full" : ""}`}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
