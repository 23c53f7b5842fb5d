"use client";
import { useT } from "@/lib/i18n/words";
import { formatMoney } from "@/components/shop/format";
import type { Booking } from "./use-booking";

/** Add-ons inside the services step: products to take home, with a quantity each, folded by default. */
export function ProductsStep({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { products, quantities, setQuantity, chosenProducts } = flow;
  if (products.length === 0) return null;
  return (
    <details className="mt-4 rounded-xl border border-line" open={chosenProducts.length > 0}>
      <summary className="flex min-h-12 cursor-pointer items-center px-3 font-medium">
        {t("flow.productStep")}
        {chosenProducts.length > 0 ? ` (${chosenProducts.reduce((n, p) => n + p.quantity, 0)})` : ""}
      </summary>
      <ul className="grid gap-2 px-3 pb-3">
        {products.map((p) => {
          const qty = quantities[p.id] ?? 0;
          return (
            <li key={p.id} className={`flex items-center gap-2 rounded-xl border p-2 ${qty > 0 ? "border-primary bg-primary/10" : "border-line"}`}>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{p.name}</span>
                <span className="block text-sm whitespace-nowrap text-primary">{formatMoney(lng, p.price)}</span>
              </span>
              <button
                type="button"
                className="btn-ghost size-11 shrink-0 px-0"
                aria-label={t("flow.decrease", { product: p.name })}
                disabled={qty === 0}
                onClick={() => setQuantity(p.id, qty - 1)}
              >
                −
              </button>
              <output className="w-6 text-center font-semibold" aria-live="polite" aria-label={t("flow.quantity", { product: p.name })}>
                {qty}
              </output>
              <button
                type="button"
                className="btn-ghost size-11 shrink-0 px-0"
                aria-label={t("flow.increase", { product: p.name })}
                onClick={() => setQuantity(p.id, qty + 1)}
              >
                +
              </button>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
