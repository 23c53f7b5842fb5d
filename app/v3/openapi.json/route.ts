import { buildOpenApi } from "@/lib/contract/openapi";
import { siteOrigin } from "@/lib/server/env";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

// Read when asked: the document's contact and licence links name the running deployment's PUBLIC_SITE_URL,
// never the one of the machine that built it. It is made once per address.
export const dynamic = "force-dynamic";

let built: { origin: string; doc: ReturnType<typeof buildOpenApi> } | undefined;

export const GET = route(async () => {
  const origin = siteOrigin();
  if (built?.origin !== origin) built = { origin, doc: buildOpenApi(origin) };
  return json(built.doc, { headers: { "cache-control": "public, max-age=300" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
