// The booking flow translates in the browser, so this page gets the (i18n) group's layout (i18next and the
// catalogues) while its parent, the shop page, stays without it: one folder per URL, i18next only where it
// is used (docs/decisions/0031-translations-in-the-browser.md).
import I18nLayout from "@/app/(i18n)/layout";

export default I18nLayout;
