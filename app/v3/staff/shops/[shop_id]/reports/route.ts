import { ZReportQuery } from "@/lib/contract/reports";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { translate } from "@/lib/server/http/i18n";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { csvStyleFor, reportCsv, reportFileName } from "@/lib/server/reports/csv";
import { shopReport } from "@/lib/server/reports/report";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const query = readQuery(ctx, ZReportQuery);
  const db = await getDb();
  const report = await shopReport(db, await requireStaff(db, user.id, shop_id, "reports.view"), query);
  if (query.format !== "csv") return json(report, { headers: { "cache-control": "private, no-store" } });
  const t = (key: string) => translate(ctx.lng, "reports", key);
  return new Response(reportCsv(report, t, csvStyleFor(ctx.lng)), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${reportFileName(shop_id, report, t("fileWord"))}"`,
      "cache-control": "private, no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
