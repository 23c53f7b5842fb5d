"use client";
import { useT } from "next-i18next/client";
import type { ReactNode } from "react";
import { useRequireSession } from "@/components/account/use-require-session";
import { Skeleton } from "@/components/ui/skeleton";

/** The console's pages show only to a signed-in account; a visitor is sent to /entrar?next=… and comes back. */
export function ConsoleGuard({ children }: { children: ReactNode }) {
  const { token } = useRequireSession();
  const { t } = useT("console");
  if (!token) {
    return (
      <div className="container-page py-8" aria-busy="true">
        <span className="sr-only">{t("loading")}</span>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="mt-4 h-24 w-full" />
      </div>
    );
  }
  return <>{children}</>;
}
