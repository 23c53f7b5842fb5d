import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookingFlow } from "@/components/booking/booking-flow";
import { getT } from "@/lib/i18n/server";
import { loadBookingContext } from "@/lib/server/appointments/booking-context";
import { getDb } from "@/lib/server/db/client";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { t } = await getT("booking");
  const context = await loadBookingContext(await getDb(), slug);
  if (!context) return {};
  return {
    title: t("meta.title", { shop: context.shop.name }),
    description: t("meta.description", { shop: context.shop.name }),
    robots: { index: false },
  };
}

export default async function BookingPage({ params }: Props) {
  const { slug } = await params;
  const { t, lng } = await getT("booking");
  const context = await loadBookingContext(await getDb(), slug);
  if (!context) notFound();
  return (
    <div className="container-page py-3 md:py-10">
      <h1 className="pt-1 text-lg font-bold md:mt-2 md:text-3xl">{t("flow.title", { shop: context.shop.name })}</h1>
      <p className="mt-1 hidden text-muted md:block">
        {context.shop.address}, {context.shop.neighborhood} · {context.shop.city} - {context.shop.state}
      </p>
      <div className="mt-3 md:mt-6">
        <BookingFlow context={context} lng={lng} />
      </div>
    </div>
  );
}
