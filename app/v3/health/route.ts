import { sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route(async () => {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return json({ status: "ok", database: "ok" });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
