import { z } from "zod";
import { ZErrorBody } from "./common";
import { defineRoute } from "./route-def";

export const ZHealth = z.object({ status: z.literal("ok"), database: z.literal("ok") });

export const systemRoutes = [
  defineRoute({
    method: "get",
    path: "/health",
    summary: "Liveness and database check",
    tag: "system",
    responses: { 200: ZHealth, 503: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/openapi.json",
    summary: "This OpenAPI 3.1 document",
    tag: "system",
    responses: { 200: z.record(z.string(), z.unknown()) },
  }),
];
