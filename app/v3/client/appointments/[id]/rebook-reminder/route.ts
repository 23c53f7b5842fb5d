import { ZAppointmentIdParams, ZManageTokenQuery } from "@/lib/contract/booking";
import { ZRebookReminderBody } from "@/lib/contract/messages";
import { appointmentAccess } from "@/lib/server/appointments/access";
import { cancelRebookReminder, getRebookReminder, setRebookReminder } from "@/lib/server/appointments/rebook-reminder";
import { getDb } from "@/lib/server/db/client";
import { type RouteContext, json, readJson, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

// "Remind me to book again" of a visit, for its client or a guest's private link (docs/decisions/0038-rebook-reminder.md).

/** The visit asked about, and who asks (a session, or a guest's manage_token). */
async function visitAsked(ctx: RouteContext<{ id: string }>) {
  return { id: readParams(ctx, ZAppointmentIdParams).id, access: await appointmentAccess(ctx.req, readQuery(ctx, ZManageTokenQuery)) };
}

export const GET = route<{ id: string }>(async (ctx) => {
  const { id, access } = await visitAsked(ctx);
  return json(await getRebookReminder(await getDb(), id, access));
});

/** The message goes in the language the client asks in. */
export const PUT = route<{ id: string }>(async (ctx) => {
  const { id, access } = await visitAsked(ctx);
  const { weeks } = await readJson(ctx, ZRebookReminderBody);
  return json(await setRebookReminder(await getDb(), id, access, { weeks, lang: ctx.lng }));
});

export const DELETE = route<{ id: string }>(async (ctx) => {
  const { id, access } = await visitAsked(ctx);
  return json(await cancelRebookReminder(await getDb(), id, access));
});

export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
