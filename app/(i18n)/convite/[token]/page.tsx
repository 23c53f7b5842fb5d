import type { Metadata } from "next";
import { InvitationAccept } from "@/components/team/invitation-accept";
import { WithWords } from "@/components/team/with-words";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("team");
  return { title: t("invitation.pageTitle"), robots: { index: false } };
}

type Props = { params: Promise<{ token: string }> };

export default async function InvitationPage({ params }: Props) {
  const { token } = await params;
  return (
    <section className="container-page max-w-xl py-8 md:py-12">
      <WithWords>
        <InvitationAccept token={token} />
      </WithWords>
    </section>
  );
}
