import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BookingFlow } from "@/components/booking/booking-flow";
import { getT } from "@/lib/i18n/server";
import { loadBookingContext } from "@/lib/server/appointments/booking-context";
import { getDb } from "@/lib/server/db/client";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const positiveInt = (v: string | string[] | undefined) => {
  const n = Number(Array.isArray(v) ? v[0] : v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

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

export default async function BookingPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const { t, lng } = await getT("booking");
  const context = await loadBookingContext(await getDb(), slug);
  if (!context) notFound();
  return (
    <div className="container-page py-6 md:py-10">
      <Link href={`/barbearia/${context.shop.slug}`} className="inline-flex min-h-11 items-center text-sm text-primary underline-offset-2 hover:underline">
        ← {t("flow.backToShop")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold md:text-3xl">{t("flow.title", { shop: context.shop.name })}</h1>
      <p className="mt-1 text-muted">
        {context.shop.address}, {context.shop.neighborhood} · {context.shop.city} - {context.shop.state}
      </p>
      <div className="mt-6">
        <BookingFlow context={context} lng={lng} initialBarberId={positiveInt(query.barber)} initialServiceId={positiveInt(query.service)} />
      </div>
    </div>
  );
}
