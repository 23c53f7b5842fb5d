import type { Metadata } from "next";
import { MyAppointments } from "@/components/appointments/my-appointments";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("booking");
  return { title: t("meta.listTitle"), robots: { index: false } };
}

export default async function MyAppointmentsPage() {
  const { t, lng } = await getT("booking");
  return (
    <div className="container-page py-6 md:py-10">
      <h1 className="mb-6 text-2xl font-bold md:text-3xl">{t("list.title")}</h1>
      <MyAppointments lng={lng} />
    </div>
  );
}
