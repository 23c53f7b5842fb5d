import { ZAppointmentIdParams, ZManageTokenQuery } from "@/lib/contract/booking";
import { appointmentToIcs } from "@/lib/server/appointments/ics";
import { getAppointment } from "@/lib/server/appointments/read";
import { appointmentAccess } from "@/lib/server/appointments/access";
import { getDb } from "@/lib/server/db/client";
import { inLanguage } from "@/lib/i18n/settings";
import { siteOrigin } from "@/lib/server/env";
import { readParams, readQuery, route } from "@/lib/server/http/handler";
import { translate } from "@/lib/server/http/i18n";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, ZAppointmentIdParams);
  const query = readQuery(ctx, ZManageTokenQuery);
  const access = await appointmentAccess(ctx.req, query);
  const appointment = await getAppointment(await getDb(), id, access);
  const title = translate(ctx.lng, "booking", "ics.title", { shop: appointment.barbershop.name });
  // The event links to the page its owner opens it with: a guest's private link (the calendar is theirs, as the
  // Google Calendar button's link is), in the language they downloaded it in.
  const page = `${siteOrigin()}/agendamento/${appointment.id}${query.manage_token ? `?token=${encodeURIComponent(query.manage_token)}` : ""}`;
  const body = appointmentToIcs(appointment, { title, pageUrl: inLanguage(page, ctx.lng) });
  return new Response(body, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="navalha-${appointment.id}.ics"`,
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
