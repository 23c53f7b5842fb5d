"use client";
import Link from "next/link";
import { useT } from "next-i18next/client";

/** Shown when a page cannot be rendered (e.g. the database is briefly unreachable): a way back, not a stack. */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { t } = useT("common");
  return (
    <div className="container-page py-20 text-center" role="alert">
      <h1 className="text-2xl font-semibold">{t("pageError.title")}</h1>
      <p className="mt-2 text-muted">{t("pageError.body")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => reset()}>
          {t("actions.retry")}
        </button>
        <Link href="/" className="btn-ghost">
          {t("notFound.action")}
        </Link>
      </div>
    </div>
  );
}
