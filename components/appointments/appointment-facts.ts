import { bookedItems, type TAppointment } from "@/lib/contract/appointments";
import type { Translate } from "@/lib/i18n/translate";
import type { Fact } from "@/components/ui/fact-list";

/** A booking's shop, time, barber and services (and its total, when given), as the pages a message's link opens list them. */
export function appointmentFacts(a: TAppointment, t: Translate, when: string, extra: { total?: string } = {}): Fact[] {
  const facts: Fact[] = [
    { label: t("messages.booking.shop"), value: a.barbershop.name, className: "font-semibold break-words" },
    { label: t("messages.booking.when"), value: when },
    { label: t("messages.booking.barber"), value: a.barber.name },
    { label: t("messages.booking.services"), value: bookedItems(a) },
  ];
  if (extra.total) facts.push({ label: t("messages.booking.total"), value: extra.total });
  return facts;
}
