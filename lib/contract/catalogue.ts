import { z } from "zod";
import { ZErrorBody, ZId, ZMoney } from "./common";
import { defineRoute } from "./route-def";
import { CATEGORIES } from "./search-constants";
import { ZServiceCategory, ZServiceDuration, ZServiceName, ZServicePrice } from "./shop-rules";
import { ZStaffShopParams } from "./staff";
import { ZBookingsInTheWay, ZConfirmQuery } from "./team";

// What a shop offers (docs/decisions/0049-team-invitations.md): services with their duration on the 5-minute grid,
// price, category, order and the barbers who do them, and the add-on products sold with a booking.

/** The site's categories, as search filters them. */
export const SERVICE_CATEGORIES = CATEGORIES;
const ZText = (max: number) => z.string().trim().max(max);

export const ZServiceParams = ZStaffShopParams.extend({ service_id: ZId });
export const ZProductParams = ZStaffShopParams.extend({ product_id: ZId });

export const ZServiceInput = z.object({
  name: ZServiceName,
  description: ZText(500).meta({ description: "in Portuguese" }),
  description_en: ZText(500).nullable().optional(),
  description_es: ZText(500).nullable().optional(),
  duration_minutes: ZServiceDuration,
  price: ZServicePrice,
  category: ZServiceCategory,
  sort_order: z.number().int().min(0).max(10_000),
  is_online: z.boolean().optional().meta({ description: "bookable online (true when left out)" }),
  barber_ids: z.array(ZId).max(100).meta({ description: "the shop's barbers who do it" }),
});
export type TServiceInput = z.infer<typeof ZServiceInput>;

export const ZStaffService = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  description_en: z.string().nullable(),
  description_es: z.string().nullable(),
  duration_minutes: z.number().int(),
  price: ZMoney,
  category: z.string(),
  sort_order: z.number().int(),
  is_online: z.boolean(),
  barber_ids: z.array(z.number().int()),
});
export type TStaffService = z.infer<typeof ZStaffService>;
export const ZStaffServices = z.object({ items: z.array(ZStaffService) });
export const ZStaffServiceAnswer = z.object({ service: ZStaffService });

export const ZProductInput = z.object({ name: ZServiceName, price: ZServicePrice });
export type TProductInput = z.infer<typeof ZProductInput>;
export const ZStaffProduct = z.object({ id: z.number().int(), name: z.string(), price: ZMoney });
export type TStaffProduct = z.infer<typeof ZStaffProduct>;
export const ZStaffProducts = z.object({ items: z.array(ZStaffProduct) });
export const ZStaffProductAnswer = z.object({ product: ZStaffProduct });

const err = ZErrorBody;
const tag = "staff";
const refused =
  "403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team, STAFF_PERMISSION when its roles there do not allow this (services: owner and managers), NOT_OF_SHOP for a service, product or barber of another shop.";
const inTheWay =
  "409 BOOKINGS_IN_THE_WAY lists the future bookings left with a barber who no longer does the service and saves nothing; `?confirm=keep` saves and keeps them.";

export const catalogueRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/services",
    summary: "The shop's services, in its order",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZStaffServices, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/services",
    summary: "Add a service",
    description: `400 for a duration off the 5-minute grid or a price of zero. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    body: ZServiceInput,
    responses: { 201: ZStaffServiceAnswer, 400: err, 401: err, 403: err, 415: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/services/{service_id}",
    summary: "Change a service",
    description: `${inTheWay} ${refused}`,
    tag,
    auth: "required",
    params: ZServiceParams,
    query: ZConfirmQuery,
    body: ZServiceInput,
    responses: { 200: ZStaffServiceAnswer, 400: err, 401: err, 403: err, 409: ZBookingsInTheWay, 415: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/services/{service_id}",
    summary: "Take a service off the menu",
    description: `Its past bookings keep it. 409 BOOKINGS_IN_THE_WAY lists its future bookings; \`?confirm=keep\` takes it off and keeps them. ${refused}`,
    tag,
    auth: "required",
    params: ZServiceParams,
    query: ZConfirmQuery,
    responses: { 200: ZStaffServiceAnswer, 401: err, 403: err, 409: ZBookingsInTheWay },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/products",
    summary: "The shop's add-on products",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZStaffProducts, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/products",
    summary: "Add a product",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    body: ZProductInput,
    responses: { 201: ZStaffProductAnswer, 400: err, 401: err, 403: err, 415: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/products/{product_id}",
    summary: "Change a product",
    description: refused,
    tag,
    auth: "required",
    params: ZProductParams,
    body: ZProductInput,
    responses: { 200: ZStaffProductAnswer, 400: err, 401: err, 403: err, 415: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/products/{product_id}",
    summary: "Take a product off sale",
    description: refused,
    tag,
    auth: "required",
    params: ZProductParams,
    responses: { 200: ZStaffProductAnswer, 401: err, 403: err },
  }),
];
