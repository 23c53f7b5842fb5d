"use client";
import { useT } from "@/lib/i18n/words";
import { Avatar } from "@/components/ui/avatar";
import { formatRating } from "@/components/shop/format";
import type { Booking } from "./use-booking";

/**
 * Step 2: "Any barber" first, then the barbers; one who does not perform every chosen service cannot be picked
 * and comes last, saying why in a few words ("Não faz este serviço"). Picking moves on. On a phone a team of three
 * or more is a grid of tiles (photo over name and rating), so that a team of six fits one 667 px screen above the
 * bottom bar; a row each was 78 px and a team of four already scrolled. A tile that cannot be picked has no photo
 * there: with it, a two-line name and why took a row taller than the others and pushed a team of five past the bar.
 */
export default function BarberStep({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { barbers, serviceIds, barberChoice, performsAll, chooseBarber } = flow;
  const able = barbers.filter((b) => performsAll(b, serviceIds));
  const tiles = barbers.length >= 3;
  const look = (checked: boolean, enabled: boolean) =>
    `w-full rounded-xl border transition-colors ${checked ? "border-primary bg-primary/10" : "border-line"} ${enabled ? "hover:border-primary/60" : "cursor-not-allowed opacity-50"}`;
  const row = (checked: boolean, enabled: boolean) => `flex min-h-14 items-center gap-3 p-3 text-left ${look(checked, enabled)}`;
  // A tile on a phone, a row from the `sm` width up.
  const tile = (checked: boolean, enabled: boolean) =>
    `flex h-full flex-col items-center gap-1 px-1.5 py-2 text-center sm:min-h-14 sm:flex-row sm:gap-3 sm:p-3 sm:text-left ${look(checked, enabled)}`;
  return (
    <>
      {able.length === 0 ? (
        <p className="mt-3 text-muted">{barbers.length === 0 ? t("flow.noBarbers") : t("flow.noBarberForAll")}</p>
      ) : (
        <ul className={`mt-3 grid gap-2 sm:grid-cols-2 ${tiles ? "grid-cols-2 min-[360px]:grid-cols-3" : ""}`} aria-labelledby="step-barber">
          {able.length > 1 && (
            <li className="col-span-full sm:col-span-2">
              <button type="button" className={row(barberChoice === "any", true)} aria-pressed={barberChoice === "any"} onClick={() => chooseBarber("any")}>
                <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-full bg-primary text-lg font-bold text-primary-ink">
                  ✦
                </span>
                <span className="min-w-0">
                  <span className="block font-medium">{t("flow.anyBarber")}</span>
                  <span className="block text-sm text-muted">{t("flow.anyBarberHint")}</span>
                </span>
              </button>
            </li>
          )}
          {[...able, ...barbers.filter((b) => !able.includes(b))].map((b) => {
            const fits = performsAll(b, serviceIds);
            const checked = b.id === barberChoice;
            return (
              <li key={b.id}>
                <button
                  type="button"
                  className={tiles ? tile(checked, fits) : row(checked, fits)}
                  aria-pressed={checked}
                  disabled={!fits}
                  onClick={() => chooseBarber(b.id)}
                >
                  {!fits && tiles ? (
                    // A tile that cannot be picked shows no photo on a phone: it stays no taller than the others.
                    <span className="hidden sm:flex">
                      <Avatar name={b.name} url={b.avatar_url} size={40} />
                    </span>
                  ) : (
                    <Avatar name={b.name} url={b.avatar_url} size={tiles ? 40 : 44} />
                  )}
                  <span className="min-w-0 max-w-full">
                    <span className={`block font-medium ${tiles ? "text-sm leading-tight [overflow-wrap:anywhere] sm:text-base" : ""}`}>{b.name}</span>
                    <span className={`block text-muted ${tiles ? "mt-0.5 text-xs sm:text-sm" : "text-sm"}`}>
                      {/* A tile that cannot be picked says only why. */}
                      <span className={!fits && tiles ? "max-sm:hidden" : undefined}>
                        {b.rating_count > 0
                          ? `★ ${t("flow.ratingShort", { rating: formatRating(lng, b.rating_avg), count: b.rating_count })}`
                          : t("flow.newBarber")}
                        {!fits && " · "}
                      </span>
                      {!fits && t("flow.performsNone", { count: serviceIds.length })}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
