"use client";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useT } from "next-i18next/client";
import { useEffect } from "react";
import { useUserData } from "@/lib/api/data";
import { logout } from "@/lib/api/account";
import { updateSessionUser } from "@/lib/api/session";
import { DataRights } from "./data-rights";
import { AvatarUpload, ChangePasswordForm, ProfileDataForm } from "./profile-forms";
import { useRequireSession } from "./use-require-session";
import { LoadingBlock } from "@/components/ui/skeleton";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card p-5 md:p-6" aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function ProfileView() {
  const { t } = useT("account");
  const router = useRouter();
  const session = useRequireSession();
  const { data } = useUserData(session.token);
  // The server's answer refreshes the stored user once it arrives (forms update both afterwards).
  useEffect(() => {
    if (data?.user) updateSessionUser(data.user);
  }, [data]);
  const user = session.user;

  if (!user) {
    return <LoadingBlock label={t("session.loading")} rows={2} className="py-6" />;
  }

  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <div className="space-y-5">
        <Section title={t("profile.photo")}>
          <AvatarUpload user={user} />
        </Section>
        <Section title={t("profile.data")}>
          <ProfileDataForm user={user} />
        </Section>
        <Section title={t("profile.emailLink")}>
          <p className="text-sm">{user.email ?? <span className="text-muted">{t("profile.noEmail")}</span>}</p>
          <Link href="/perfil/email" className="btn-ghost mt-3">
            {t("profile.changeEmail")}
          </Link>
        </Section>
      </div>
      <div className="space-y-5">
        <Section title={t("profile.addressesLink")}>
          <p className="text-sm text-muted">{t("profile.addressesHint")}</p>
          <Link href="/perfil/enderecos" className="btn-ghost mt-3">
            {t("profile.addressesLink")}
          </Link>
        </Section>
        <Section title={t("profile.password")}>
          <ChangePasswordForm />
        </Section>
        <Section title={t("profile.dataRights")}>
          <DataRights />
        </Section>
        <button
          type="button"
          className="btn-ghost w-full"
          onClick={() => {
            void logout();
            router.push("/");
          }}
        >
          {t("profile.signOut")}
        </button>
      </div>
    </div>
  );
}
