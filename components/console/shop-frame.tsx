"use client";
import { useT } from "next-i18next/client";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { LoadingBlock } from "@/components/ui/skeleton";
import type { TStaffPermission, TStaffShopAnswer } from "@/lib/contract/staff";
import { errorMessage } from "@/lib/api/errors";
import { useApi } from "@/lib/api/swr";
import { ShopConsoleContext } from "./shop-context";

type Item = { key: string; path: string; needs: TStaffPermission };

/** The console's pages of a shop, each shown to a member whose permissions open it. */
export const CONSOLE_PAGES: Item[] = [
  { key: "home", path: "", needs: "shop.view" },
  { key: "agenda", path: "/agenda", needs: "bookings.view" },
  { key: "clients", path: "/clientes", needs: "bookings.view" },
  { key: "page", path: "/pagina", needs: "shop.profile" },
  { key: "team", path: "/equipe", needs: "team.view" },
  { key: "services", path: "/servicos", needs: "services.manage" },
  { key: "hours", path: "/horarios", needs: "time.manage" },
  { key: "reviews", path: "/avaliacoes", needs: "shop.view" },
  { key: "reports", path: "/relatorios", needs: "reports.view" },
  { key: "history", path: "/historico", needs: "history.view" },
  { key: "alerts", path: "/alertas", needs: "shop.view" },
];

/** The pages a member sees, from his permissions. */
export function pagesFor(permissions: TStaffShopAnswer["me"]["permissions"]): Item[] {
  return CONSOLE_PAGES.filter((p) => permissions[p.needs] !== null);
}

/** Side navigation on a desktop; on a phone a bottom tab bar with the first four and "More" for the rest. */
export function ShopConsoleFrame({ shopId, children }: { shopId: number; children: ReactNode }) {
  const { t } = useT("console");
  const pathname = usePathname();
  const { data, error, mutate } = useApi<TStaffShopAnswer>(`/staff/shops/${shopId}`);
  const [more, setMore] = useState(false);
  if (error) {
    return (
      <div className="container-page py-8">
        <p role="alert" className="card p-6 text-danger">
          {errorMessage(error)}
        </p>
        <p className="mt-4">
          <Link href="/painel" className="btn-ghost">
            {t("nav.allShops")}
          </Link>
        </p>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="container-page py-8">
        <LoadingBlock label={t("loading")} rows={3} />
      </div>
    );
  }
  const base = `/painel/${shopId}`;
  const pages = pagesFor(data.me.permissions);
  const current = (p: Item) => (p.path === "" ? pathname === base : pathname.startsWith(`${base}${p.path}`));
  const link = (p: Item, className: string, onClick?: () => void) => (
    <Link key={p.key} href={`${base}${p.path}`} className={className} aria-current={current(p) ? "page" : undefined} onClick={onClick}>
      {t(`nav.${p.key}`)}
    </Link>
  );
  const tabs = pages.length > 5 ? pages.slice(0, 4) : pages;
  const rest = pages.length > 5 ? pages.slice(4) : [];
  return (
    <ShopConsoleContext.Provider value={{ shop: data, reload: mutate }}>
      <div className="container-page pb-24 md:grid md:grid-cols-[13rem_1fr] md:gap-8 md:pb-12">
        <nav aria-label={t("nav.label", { name: data.shop.name })} className="hidden py-8 md:block">
          <p className="mb-3 truncate font-semibold" title={data.shop.name}>
            {data.shop.name}
          </p>
          <ul className="grid gap-1">
            {pages.map((p) => (
              <li key={p.key}>
                {link(p, "block min-h-11 rounded-md px-3 py-2.5 text-sm hover:bg-surface-2 aria-[current=page]:bg-surface-2 aria-[current=page]:text-primary")}
              </li>
            ))}
            <li className="mt-4 border-t border-line pt-4">
              <Link href="/painel" className="block min-h-11 rounded-md px-3 py-2.5 text-sm text-muted hover:bg-surface-2">
                {t("nav.allShops")}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="min-w-0 py-6 md:py-8">{children}</div>
      </div>
      <nav aria-label={t("nav.label", { name: data.shop.name })} className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-bg md:hidden">
        {more && rest.length > 0 && (
          <ul className="border-b border-line p-2">
            {rest.map((p) => (
              <li key={p.key}>
                {link(p, "block min-h-11 rounded-md px-3 py-3 text-sm hover:bg-surface-2 aria-[current=page]:text-primary", () => setMore(false))}
              </li>
            ))}
          </ul>
        )}
        <ul className="flex">
          {tabs.map((p) => (
            <li key={p.key} className="flex-1">
              {link(
                p,
                "flex min-h-14 items-center justify-center px-1 text-center text-xs hover:text-primary aria-[current=page]:font-semibold aria-[current=page]:text-primary",
              )}
            </li>
          ))}
          {rest.length > 0 && (
            <li className="flex-1">
              <button
                type="button"
                className="flex min-h-14 w-full items-center justify-center px-1 text-xs hover:text-primary"
                aria-expanded={more}
                onClick={() => setMore((v) => !v)}
              >
                {t("nav.more")}
              </button>
            </li>
          )}
        </ul>
      </nav>
    </ShopConsoleContext.Provider>
  );
}
