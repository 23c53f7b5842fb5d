import { z } from "zod";
import { accountRoutes } from "./account";
import { bookingRoutes } from "./booking";
import { codeDeliveryRoutes } from "./code-delivery";
import { messageRoutes } from "./messages";
import { ZErrorBody } from "./common";
import type { RouteDef } from "./route-def";
import { searchRoutes } from "./search";
import { onboardingRoutes } from "./onboarding";
import { agendaRoutes } from "./agenda";
import { alertsRoutes } from "./alerts";
import { staffRoutes } from "./staff";
import { catalogueRoutes } from "./catalogue";
import { hoursRoutes } from "./hours";
import { teamRoutes } from "./team";
import { systemRoutes } from "./system";
import { waitlistRoutes } from "./waitlist";
import { reviewRoutes } from "./reviews";
import { reportRoutes } from "./reports";

// Every feature's routes. A test checks that this list and app/v3/**/route.ts agree.
export const allRoutes: RouteDef[] = [
  ...systemRoutes,
  ...searchRoutes,
  ...bookingRoutes,
  ...waitlistRoutes,
  ...messageRoutes,
  ...accountRoutes,
  ...codeDeliveryRoutes,
  ...staffRoutes,
  ...onboardingRoutes,
  ...teamRoutes,
  ...catalogueRoutes,
  ...hoursRoutes,
  ...agendaRoutes,
  ...alertsRoutes,
  ...reviewRoutes,
  ...reportRoutes,
];

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function parameters(obj: z.ZodObject | undefined, where: "path" | "query" | "header") {
  if (!obj) return [];
  const schema = toSchema(obj, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || (schema.required ?? []).includes(name),
    schema: s,
  }));
}

/**
 * Who may call an operation, from its route's `auth`: a signed-in client's bearer token ("required"), the token or
 * nothing ("optional": the answer may say more to a signed-in client), or nothing at all (`[]`: public).
 */
function security(auth: RouteDef["auth"]): Record<string, string[]>[] {
  if (auth === "required") return [{ bearer: [] }];
  if (auth === "optional") return [{ bearer: [] }, {}];
  return [];
}

/**
 * The v3 API's OpenAPI document. `siteOrigin` is the deployment's public address (PUBLIC_SITE_URL; the default is
 * the development one), which the contact and licence links name.
 */
export function buildOpenApi(siteOrigin = "http://localhost:3000", serverUrl = "/v3") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of allRoutes) {
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(r.responses)) {
      const types = r.media?.[Number(status)] ?? ["application/json"];
      responses[status] = schema
        ? {
            description: `HTTP ${status}`,
            content: Object.fromEntries(types.map((type) => [type, { schema: type === "application/json" ? toSchema(schema, "output") : { type: "string" } }])),
          }
        : { description: `HTTP ${status}` };
    }
    for (const status of ["400", "500"]) {
      responses[status] ??= { description: `HTTP ${status}`, content: { "application/json": { schema: toSchema(ZErrorBody, "output") } } };
    }
    if (r.auth === "required") {
      responses["401"] ??= { description: "HTTP 401", content: { "application/json": { schema: toSchema(ZErrorBody, "output") } } };
    }
    const op: Record<string, unknown> = {
      operationId: `${r.method}${r.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      tags: [r.tag],
      parameters: [...parameters(r.params, "path"), ...parameters(r.query, "query"), ...parameters(r.headers, "header")],
      responses,
    };
    op.security = security(r.auth);
    if (r.body) {
      const media = r.multipart ? "multipart/form-data" : "application/json";
      op.requestBody = { required: true, content: { [media]: { schema: toSchema(r.body, "input") } } };
    }
    (paths[r.path] ??= {})[r.method] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Navalha v3 API",
      version: "3.0.0",
      description: "Barbershop search and booking API. Errors always answer { error, code, details? }.",
      termsOfService: `${siteOrigin}/termos-de-uso`,
      contact: { name: "Navalha", url: `${siteOrigin}/fale-conosco` },
      // Not open source: the API is offered under the site's terms of use.
      license: { name: "Proprietary (Navalha terms of use)", url: `${siteOrigin}/termos-de-uso` },
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    paths,
  };
}
