import type { Translate } from "@/lib/i18n/translate";

/**
 * The heart's words for one shop, translated by whoever renders it: a server component with its
 * getT, or a client list with its useT. The button itself needs no i18next, so pages whose only
 * interactive parts are hearts (the shop and city pages) ship without it.
 */
export type FavoriteLabels = { add: string; remove: string; added: string; removed: string; failed: string };

export function favoriteLabels(t: Translate, shopName: string): FavoriteLabels {
  return {
    add: t("account:favorites.add", { name: shopName }),
    remove: t("account:favorites.remove", { name: shopName }),
    added: t("common:success.favoriteAdded"),
    removed: t("common:success.favoriteRemoved"),
    failed: t("errors:ACTION_ERROR"),
  };
}
