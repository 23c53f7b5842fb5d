import type { Metadata } from "next";
import { appointmentIdOf, appointmentLinkOf } from "@/components/appointments/page-address";
import { Reschedule } from "@/components/appointments/reschedule";
import { getT } from "@/lib/i18n/server";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("booking");
  // Private: the address may carry a guest's manage token.
  return { title: t("detail.reschedule"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** Another day or time for an appointment (its client, a guest with the private link, or whoever holds its reminder's one-tap link). */
export default async function ReschedulePage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const { lng } = await getT("booking");
  const appointmentId = appointmentIdOf(id);
  return (
    <div className="container-page py-6 md:py-10">
      <Reschedule id={appointmentId} link={appointmentLinkOf(query)} lng={lng} />
    </div>
  );
}
