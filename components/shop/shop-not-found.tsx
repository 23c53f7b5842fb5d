import { NotFoundContent } from "@/components/ui/not-found-content";
import type { Translate } from "@/lib/i18n/translate";

/** The unknown-shop page: served by app/not-found.tsx (proxy.ts) and by the shop segment's not-found. */
export function ShopNotFoundContent({ t }: { t: Translate }) {
  return <NotFoundContent title={t("notFound.title")} body={t("notFound.body")} action={t("notFound.action")} href="/barbearias" />;
}
