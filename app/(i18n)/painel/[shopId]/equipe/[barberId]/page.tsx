import type { Metadata } from "next";
import { BarberProfile } from "@/components/team/barber-profile";
import { WithWords } from "@/components/team/with-words";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("team");
  return { title: t("barber.pageTitle"), robots: { index: false } };
}

type Props = { params: Promise<{ shopId: string; barberId: string }> };

export default async function BarberPage({ params }: Props) {
  const { shopId, barberId } = await params;
  return (
    <section className="container-page max-w-3xl py-8 md:py-12">
      <WithWords>
        <BarberProfile shopId={shopId} barberId={barberId} />
      </WithWords>
    </section>
  );
}
