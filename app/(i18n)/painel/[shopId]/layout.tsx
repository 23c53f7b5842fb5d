import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ShopConsoleFrame } from "@/components/console/shop-frame";

// One shop's console: its navigation (what the member's permissions open) around the page.
export default async function ShopConsoleLayout({ children, params }: { children: ReactNode; params: Promise<{ shopId: string }> }) {
  const { shopId } = await params;
  if (!/^[1-9]\d{0,9}$/.test(shopId)) notFound();
  return <ShopConsoleFrame shopId={Number(shopId)}>{children}</ShopConsoleFrame>;
}
