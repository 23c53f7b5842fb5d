import { notFound, permanentRedirect } from "next/navigation";
import { getReadDb } from "@/lib/server/db/client";
import { findShopSlug } from "@/lib/server/shops/detail";

/** /barbearia/id/42 → /barbearia/<slug> (the readable URL is the canonical one). */
export default async function ShopByIdPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) notFound();
  const slug = await findShopSlug(await getReadDb(), Number(id));
  if (!slug) notFound();
  permanentRedirect(`/barbearia/${slug}`);
}
