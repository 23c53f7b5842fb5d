"use client";
import { useT } from "next-i18next/client";
import { LoadingBlock } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";

/** While a console page loads, or when it cannot (not on the team, no permission, offline). */
export function ConsoleStates({ isLoading, error, retry }: { isLoading: boolean; error: unknown; retry: () => void }) {
  const { t } = useT("team");
  if (error) {
    return (
      <div role="alert" className="card p-6 text-center">
        <p className="text-danger">{errorMessage(error)}</p>
        <button type="button" className="btn-ghost mt-4" onClick={retry}>
          {t("common:actions.retry")}
        </button>
      </div>
    );
  }
  if (isLoading) return <LoadingBlock label={t("loading")} rows={4} />;
  return null;
}
