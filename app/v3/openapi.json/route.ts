import { buildOpenApi } from "@/lib/contract/openapi";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-static";

export const GET = route(async () => json(buildOpenApi(), { headers: { "cache-control": "public, max-age=300" } }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
