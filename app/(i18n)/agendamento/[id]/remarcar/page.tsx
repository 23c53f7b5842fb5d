import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { manageTokenOf } from "@/components/appointments/manage-token";
import { Reschedule } from "@/components/appointments/reschedule";
import { getT } from "@/lib/i18n/server";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("booking");
  // Private: the address may carry a guest's manage token.
  return { title: t("detail.reschedule"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** Another day or time for an appointment (its client, or a guest with the manage link's token). */
export default async function ReschedulePage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const { lng } = await getT("booking");
  const appointmentId = Number(id);
  if (!Number.isInteger(appointmentId) || appointmentId <= 0 || appointmentId > 2_147_483_647) notFound();
  const token = manageTokenOf(query);
  return (
    <div className="container-page py-6 md:py-10">
      <Reschedule id={appointmentId} manageToken={token} lng={lng} />
    </div>
  );
}
