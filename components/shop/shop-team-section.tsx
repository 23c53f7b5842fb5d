import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import type { TBarber } from "@/lib/contract/shops";
import { formatRating } from "./format";
import type { Translate } from "@/lib/i18n/translate";
import { textLang } from "@/lib/i18n/text-lang";

/** The shop's barbers with their rating and bio, each a link to book with them. */
export function ShopTeamSection({ barbers, bookHref, t, lng }: { barbers: TBarber[]; bookHref: string; t: Translate; lng: string }) {
  return (
    <section aria-labelledby="team-title" className="mt-10">
      <h2 id="team-title" className="text-xl font-bold">
        {t("team.title")}
      </h2>
      {barbers.length === 0 ? (
        <p className="mt-3 text-muted">{t("team.none")}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {barbers.map((b) => (
            <li key={b.id} className="card flex gap-3 p-4">
              <Avatar name={b.name} url={b.avatar_url} size={56} />
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold">{b.name}</h3>
                <p className="text-sm text-muted">
                  {b.rating_count > 0 ? (
                    <>
                      <span aria-hidden="true" className="text-primary">
                        ★
                      </span>{" "}
                      {formatRating(lng, b.rating_avg)} ({t("card.reviews", { count: b.rating_count })})
                    </>
                  ) : (
                    t("card.noReviews")
                  )}
                </p>
                {b.bio ? (
                  <p className="mt-1 line-clamp-3 text-sm" lang={textLang(b.bio) ?? undefined}>
                    {b.bio}
                  </p>
                ) : null}
                <Link href={`${bookHref}?barber=${b.id}`} className="btn-ghost mt-2" aria-label={t("team.bookLabel", { name: b.name })}>
                  {t("team.book")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
