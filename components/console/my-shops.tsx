"use client";
import { useT } from "next-i18next/client";
import { Link } from "@/components/ui/link";
import { LoadingBlock } from "@/components/ui/skeleton";
import type { TMyStaffShops } from "@/lib/contract/staff";
import { useApi } from "@/lib/api/swr";

/** Each shop I am staff of, with my roles there, and the way to register one of my own. */
export function MyShops() {
  const { t } = useT("console");
  const { data, error, mutate } = useApi<TMyStaffShops>("/staff/shops");
  return (
    <div className="grid gap-6">
      {error ? (
        <p role="alert" className="text-danger">
          {t("loadError")}{" "}
          <button type="button" className="btn-ghost ml-2" onClick={() => void mutate()}>
            {t("retry")}
          </button>
        </p>
      ) : !data ? (
        <LoadingBlock label={t("loading")} rows={2} />
      ) : data.items.length === 0 ? (
        <p className="card p-6 text-muted">{t("myShops.empty")}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {data.items.map((item) => (
            <li key={item.shop.id} className="card relative p-4">
              <h2 className="font-semibold">
                <Link
                  href={`/painel/${item.shop.id}`}
                  className="after:absolute after:inset-0 hover:text-primary"
                  aria-label={t("myShops.open", { name: item.shop.name })}
                >
                  {item.shop.name}
                </Link>
              </h2>
              <p className="text-sm text-muted">{item.shop.city}</p>
              <p className="mt-2 flex flex-wrap gap-2 text-xs">
                {item.roles.map((r) => (
                  <span key={r} className="rounded-full border border-line px-2 py-1">
                    {t(`roles.${r}`)}
                  </span>
                ))}
                <span className={`rounded-full px-2 py-1 ${item.shop.is_active ? "bg-success/15 text-success" : "bg-surface-2 text-muted"}`}>
                  {item.shop.is_active ? t("myShops.published") : t("myShops.draft")}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href="/painel/nova" className="btn-primary">
          {t("myShops.create")}
        </Link>
      </p>
    </div>
  );
}
