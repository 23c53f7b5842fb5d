"use client";
import { Link } from "@/components/ui/link";
import { part, usePart } from "@/lib/hooks/use-part";
import { useSession } from "@/lib/api/session";

// The labels' type lives with the lazily loaded menu; a type import costs the first load nothing.
import type { AccountMenuLabels } from "./signed-in-menu";

export type { AccountMenuLabels };

const signedInMenu = part(() => import("./signed-in-menu"));

/**
 * "Sign in" for visitors; the client's avatar with their menu once signed in (./signed-in-menu, loaded
 * only then). Its words come translated from the server header (no i18next in the shell's JavaScript).
 */
export function AccountMenu({ labels }: { labels: AccountMenuLabels }) {
  const { user } = useSession();
  const menu = usePart(signedInMenu, Boolean(user));
  if (!user) {
    return (
      <Link href="/entrar" className="btn-primary whitespace-nowrap">
        {labels.signIn}
      </Link>
    );
  }
  // Offline when the menu was first needed: the profile, where every other page is a link away.
  if (menu === "failed") {
    return (
      <Link href="/perfil" className="flex min-h-11 items-center px-2 text-sm hover:text-primary">
        {labels.profile}
      </Link>
    );
  }
  if (!menu) return <span aria-hidden="true" className="block size-9 animate-pulse rounded-full bg-line/60" />;
  return <menu.default user={user} labels={labels} />;
}
