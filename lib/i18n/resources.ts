// Every catalogue, bundled: the server renders and answers in any language without reading files.
import type { Resource } from "i18next";
import enAccount from "@/locales/en/account.json";
import enAgenda from "@/locales/en/agenda.json";
import enBooking from "@/locales/en/booking.json";
import enCommon from "@/locales/en/common.json";
import enErrors from "@/locales/en/errors.json";
import enLegal from "@/locales/en/legal.json";
import enSearch from "@/locales/en/search.json";
import enShare from "@/locales/en/share.json";
import enShop from "@/locales/en/shop.json";
import esAccount from "@/locales/es/account.json";
import esAgenda from "@/locales/es/agenda.json";
import esBooking from "@/locales/es/booking.json";
import esCommon from "@/locales/es/common.json";
import esErrors from "@/locales/es/errors.json";
import esLegal from "@/locales/es/legal.json";
import esSearch from "@/locales/es/search.json";
import esShare from "@/locales/es/share.json";
import esShop from "@/locales/es/shop.json";
import ptAccount from "@/locales/pt-BR/account.json";
import ptAgenda from "@/locales/pt-BR/agenda.json";
import ptBooking from "@/locales/pt-BR/booking.json";
import ptCommon from "@/locales/pt-BR/common.json";
import ptErrors from "@/locales/pt-BR/errors.json";
import ptLegal from "@/locales/pt-BR/legal.json";
import ptSearch from "@/locales/pt-BR/search.json";
import ptShare from "@/locales/pt-BR/share.json";
import ptShop from "@/locales/pt-BR/shop.json";

export const resources = {
  "pt-BR": { common: ptCommon, errors: ptErrors, legal: ptLegal, search: ptSearch, shop: ptShop, share: ptShare, booking: ptBooking, account: ptAccount, agenda: ptAgenda },
  en: { common: enCommon, errors: enErrors, legal: enLegal, search: enSearch, shop: enShop, share: enShare, booking: enBooking, account: enAccount, agenda: enAgenda },
  es: { common: esCommon, errors: esErrors, legal: esLegal, search: esSearch, shop: esShop, share: esShare, booking: esBooking, account: esAccount, agenda: esAgenda },
} satisfies Resource;
