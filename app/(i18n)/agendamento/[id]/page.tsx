import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppointmentDetail } from "@/components/appointments/appointment-detail";
import { getT } from "@/lib/i18n/server";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("booking");
  // Private: the page may carry a manage token in its address.
  return { title: t("meta.detailTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function AppointmentPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const { lng } = await getT("booking");
  const appointmentId = Number(id);
  if (!Number.isInteger(appointmentId) || appointmentId <= 0 || appointmentId > 2_147_483_647) notFound();
  const token = typeof query.token === "string" && query.token.length >= 16 ? query.token : undefined;
  return (
    <div className="container-page py-6 md:py-10">
      <AppointmentDetail id={appointmentId} manageToken={token} isNew={query.new === "1"} lng={lng} />
    </div>
  );
}
