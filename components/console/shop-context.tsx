"use client";
import { createContext, useContext } from "react";
import type { KeyedMutator } from "swr";
import type { TStaffShopAnswer } from "@/lib/contract/staff";

/** The shop of the console's pages, as its staff see it, with the member's permissions. */
export const ShopConsoleContext = createContext<{ shop: TStaffShopAnswer; reload: KeyedMutator<TStaffShopAnswer> } | null>(null);

export function useConsoleShop() {
  const value = useContext(ShopConsoleContext);
  if (!value) throw new Error("useConsoleShop outside the shop console");
  return value;
}
