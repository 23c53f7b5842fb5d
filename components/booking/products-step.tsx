"use client";
import { useT } from "next-i18next/client";
import { formatMoney } from "@/components/shop/format";
import { StepCard } from "./step-card";
import type { Booking } from "./use-booking";

/** Optional step: products to take home, with a quantity each. */
export function ProductsStep({ flow, lng }: { flow: Booking; lng: string }) {
  const { t } = useT("booking");
  const { products, quantities, setQuantity } = flow;
  if (products.length === 0) return null;
  return (
    <StepCard id="step-products" title={t("flow.productStep")}>
      <ul className="mt-4 grid gap-2">
        {products.map((p) => {
          const qty = quantities[p.id] ?? 0;
          return (
            <li key={p.id} className={`flex items-center gap-3 rounded-xl border p-3 ${qty > 0 ? "border-primary bg-primary/10" : "border-line"}`}>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{p.name}</span>
                <span className="block text-sm text-primary">{formatMoney(lng, p.price)}</span>
              </span>
              <button type="button" className="btn-ghost size-11 px-0" aria-label={t("flow.decrease", { product: p.name })} disabled={qty === 0} onClick={() => setQuantity(p.id, qty - 1)}>
                −
              </button>
              <output className="w-6 text-center font-semibold" aria-live="polite" aria-label={t("flow.quantity", { product: p.name })}>
                {qty}
              </output>
              <button type="button" className="btn-ghost size-11 px-0" aria-label={t("flow.increase", { product: p.name })} onClick={() => setQuantity(p.id, qty + 1)}>
                +
              </button>
            </li>
          );
        })}
      </ul>
    </StepCard>
  );
}
