import { ZAppointmentIdParams, ZManageTokenQuery } from "@/lib/contract/booking";
import { appointmentToIcs } from "@/lib/server/appointments/ics";
import { getAppointment } from "@/lib/server/appointments/read";
import { appointmentAccess } from "@/lib/server/appointments/access";
import { getDb } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import { readParams, readQuery, route } from "@/lib/server/http/handler";
import { translate } from "@/lib/server/http/i18n";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, ZAppointmentIdParams);
  const access = await appointmentAccess(ctx.req, readQuery(ctx, ZManageTokenQuery));
  const appointment = await getAppointment(await getDb(), id, access);
  const title = translate(ctx.lng, "booking", "ics.title", { shop: appointment.barbershop.name });
  const body = appointmentToIcs(appointment, { title, siteUrl: env().PUBLIC_SITE_URL });
  return new Response(body, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="navalha-${appointment.id}.ics"`,
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
