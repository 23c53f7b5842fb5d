// Every catalogue, bundled: the server renders and answers in any language without reading files.
import type { Resource } from "i18next";
import enTeam from "@/locales/en/team.json";
import enCatalogue from "@/locales/en/catalogue.json";
import enHours from "@/locales/en/hours.json";
import esTeam from "@/locales/es/team.json";
import esCatalogue from "@/locales/es/catalogue.json";
import esHours from "@/locales/es/hours.json";
import ptTeam from "@/locales/pt-BR/team.json";
import ptCatalogue from "@/locales/pt-BR/catalogue.json";
import ptHours from "@/locales/pt-BR/hours.json";
import enAccount from "@/locales/en/account.json";
import enAgenda from "@/locales/en/agenda.json";
import enAlerts from "@/locales/en/alerts.json";
import enReports from "@/locales/en/reports.json";
import enReviews from "@/locales/en/reviews.json";
import enBooking from "@/locales/en/booking.json";
import enCodeDelivery from "@/locales/en/code-delivery.json";
import enCommon from "@/locales/en/common.json";
import enConsole from "@/locales/en/console.json";
import enErrors from "@/locales/en/errors.json";
import enLegal from "@/locales/en/legal.json";
import enSearch from "@/locales/en/search.json";
import enShare from "@/locales/en/share.json";
import enShop from "@/locales/en/shop.json";
import esAccount from "@/locales/es/account.json";
import esAgenda from "@/locales/es/agenda.json";
import esAlerts from "@/locales/es/alerts.json";
import esReports from "@/locales/es/reports.json";
import esReviews from "@/locales/es/reviews.json";
import esBooking from "@/locales/es/booking.json";
import esCodeDelivery from "@/locales/es/code-delivery.json";
import esCommon from "@/locales/es/common.json";
import esConsole from "@/locales/es/console.json";
import esErrors from "@/locales/es/errors.json";
import esLegal from "@/locales/es/legal.json";
import esSearch from "@/locales/es/search.json";
import esShare from "@/locales/es/share.json";
import esShop from "@/locales/es/shop.json";
import ptAccount from "@/locales/pt-BR/account.json";
import ptAgenda from "@/locales/pt-BR/agenda.json";
import ptAlerts from "@/locales/pt-BR/alerts.json";
import ptReports from "@/locales/pt-BR/reports.json";
import ptReviews from "@/locales/pt-BR/reviews.json";
import ptBooking from "@/locales/pt-BR/booking.json";
import ptCodeDelivery from "@/locales/pt-BR/code-delivery.json";
import ptCommon from "@/locales/pt-BR/common.json";
import ptConsole from "@/locales/pt-BR/console.json";
import ptErrors from "@/locales/pt-BR/errors.json";
import ptLegal from "@/locales/pt-BR/legal.json";
import ptSearch from "@/locales/pt-BR/search.json";
import ptShare from "@/locales/pt-BR/share.json";
import ptShop from "@/locales/pt-BR/shop.json";

export const resources = {
  "pt-BR": {
    common: ptCommon,
    errors: ptErrors,
    legal: ptLegal,
    search: ptSearch,
    shop: ptShop,
    share: ptShare,
    booking: ptBooking,
    account: ptAccount,
    "code-delivery": ptCodeDelivery,
    console: ptConsole,
    team: ptTeam,
    catalogue: ptCatalogue,
    hours: ptHours,
    agenda: ptAgenda,
    alerts: ptAlerts,
    reports: ptReports,
    reviews: ptReviews,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    legal: enLegal,
    search: enSearch,
    shop: enShop,
    share: enShare,
    booking: enBooking,
    account: enAccount,
    "code-delivery": enCodeDelivery,
    console: enConsole,
    team: enTeam,
    catalogue: enCatalogue,
    hours: enHours,
    agenda: enAgenda,
    alerts: enAlerts,
    reports: enReports,
    reviews: enReviews,
  },
  es: {
    common: esCommon,
    errors: esErrors,
    legal: esLegal,
    search: esSearch,
    shop: esShop,
    share: esShare,
    booking: esBooking,
    account: esAccount,
    "code-delivery": esCodeDelivery,
    console: esConsole,
    team: esTeam,
    catalogue: esCatalogue,
    hours: esHours,
    agenda: esAgenda,
    alerts: esAlerts,
    reports: esReports,
    reviews: esReviews,
  },
} satisfies Resource;
