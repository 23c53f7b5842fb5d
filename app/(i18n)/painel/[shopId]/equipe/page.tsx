import type { Metadata } from "next";
import { TeamManager } from "@/components/team/team-manager";
import { WithWords } from "@/components/team/with-words";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("team");
  return { title: t("members.pageTitle"), robots: { index: false } };
}

type Props = { params: Promise<{ shopId: string }> };

export default async function TeamPage({ params }: Props) {
  const { shopId } = await params;
  const { t } = await getT("team");
  return (
    <section className="container-page py-8 md:py-12">
      <h1 className="mb-6 text-2xl font-bold md:text-3xl">{t("members.pageTitle")}</h1>
      <WithWords>
        <TeamManager shopId={shopId} />
      </WithWords>
    </section>
  );
}
