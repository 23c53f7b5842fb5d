import type { Metadata } from "next";
import { appointmentFacts } from "@/components/appointments/appointment-facts";
import { FactList } from "@/components/ui/fact-list";
import { Link } from "@/components/ui/link";
import { ANSWER_FORM_ACTION } from "@/lib/api/messages";
import { formatMoney } from "@/lib/i18n/format";
import { directionsUrl, shopWhatsappUrl } from "@/components/appointments/shop-links";
import { bookAgainPath } from "@/lib/contract/appointments";
import { getT } from "@/lib/i18n/server";
import { appointmentForAnswer } from "@/lib/server/appointments/answer";
import { whenText } from "@/lib/server/appointments/message-content";
import { getDb } from "@/lib/server/db/client";
import type { Lang } from "@/lib/i18n/settings";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("booking");
  // Private: the address carries the answer link's token.
  return { title: t("answer.title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

const DONE = ["confirmed", "cancelled", "alreadyConfirmed", "alreadyCancelled", "notAllowed", "invalid", "expired"] as const;

/**
 * A reminder's one-tap page: the booking and two big buttons. Opening it changes nothing (mail and
 * chat apps open links to scan them); only a tap, a POST, does.
 */
export default async function AnswerPage({ searchParams }: Props) {
  const query = await searchParams;
  const { t, lng } = await getT("booking");
  const token = typeof query.t === "string" ? query.t : "";
  const done = DONE.find((d) => d === query.done);
  const focus = query.do === "cancel" ? "cancel" : "confirm";
  const found = token ? await appointmentForAnswer(await getDb(), token) : ({ ok: false, reason: "invalid" } as const);
  const message = done ?? (found.ok ? null : found.reason);
  const a = found.ok ? found.appointment : null;
  const open = a && !done && a.status !== "cancelled" && (a.can_confirm || a.can_cancel);
  // After the tap, what comes next: coming, the way there and the shop's WhatsApp; not coming, another time
  // with the same services and barber (the booking opens at its day and time step).
  const coming = a && (done === "confirmed" || done === "alreadyConfirmed") && a.status === "confirmed";
  const rebook = a && (done === "cancelled" || done === "alreadyCancelled") && a.status === "cancelled";
  const toShop = a ? shopWhatsappUrl(a, t, lng) : null;
  return (
    <div className="container-page max-w-lg py-8 md:py-12">
      <h1 className="text-2xl font-bold">{t("answer.title")}</h1>
      {message && (
        <p role="status" className={`card mt-4 p-4 ${done === "confirmed" || done === "cancelled" ? "border-primary" : ""}`}>
          {t(`answer.${message}`)}
        </p>
      )}
      {a && <FactList facts={appointmentFacts(a, t, whenText(lng as Lang, a), { total: formatMoney(lng, a.total) })} />}
      {open && (
        <form method="post" action={ANSWER_FORM_ACTION} className="mt-6 grid gap-3">
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="lng" value={lng} />
          {a.can_confirm && (
            <button type="submit" name="answer" value="confirm" className="btn-primary min-h-14 w-full text-lg" autoFocus={focus === "confirm"}>
              {t("answer.confirm")}
            </button>
          )}
          {/* Can't make it then: another time with the same barber, before giving the time up altogether. */}
          {a.can_cancel && (
            <Link className="btn-ghost min-h-14 w-full text-lg" href={`/agendamento/${a.id}/remarcar?t=${encodeURIComponent(token)}`}>
              {t("answer.reschedule")}
            </Link>
          )}
          <button type="submit" name="answer" value="cancel" className="btn-ghost min-h-14 w-full text-lg" autoFocus={focus === "cancel"}>
            {t("answer.cancel")}
          </button>
          <p className="text-center text-xs text-muted">{t("answer.note")}</p>
        </form>
      )}
      {coming && (
        <div className="mt-6 grid gap-3">
          <a className="btn-primary min-h-12 w-full" href={directionsUrl(a.barbershop)} target="_blank" rel="noopener noreferrer">
            {t("detail.directions")}
          </a>
          {toShop && (
            <a className="btn-ghost min-h-12 w-full" href={toShop} target="_blank" rel="noopener noreferrer">
              {t("detail.whatsappShop")}
            </a>
          )}
        </div>
      )}
      {rebook && (
        <div className="mt-6 grid gap-3">
          <Link className="btn-primary min-h-12 w-full" href={bookAgainPath(a)}>
            {t("answer.rebook")}
          </Link>
        </div>
      )}
      {!a && (
        // A link that leads nowhere still leads somewhere: the client's appointments, or a new search.
        <p className="mt-6 flex flex-wrap justify-center gap-3">
          <Link href="/agendamentos" className="btn-ghost">
            {t("detail.myAppointments")}
          </Link>
          <Link href="/barbearias" className="btn-ghost">
            {t("answer.findShops")}
          </Link>
        </p>
      )}
      {a && (
        <p className="mt-6 text-center">
          <Link href={`/barbearia/${a.barbershop.slug}`} className="text-primary underline">
            {a.barbershop.name}
          </Link>
        </p>
      )}
    </div>
  );
}
