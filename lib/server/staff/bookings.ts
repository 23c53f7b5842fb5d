import "server-only";
import { sql } from "drizzle-orm";
import type { TStaffBooking, TStaffBookings } from "@/lib/contract/staff";
import type { Db } from "@/lib/server/db/client";
import { rowsOf } from "@/lib/server/shops/cards";
import { barberOfShop, bookingOfShop, isOwnBarber, requirePermission, type StaffAccess } from "./access";
import { phoneFor, scopeOf } from "./permissions";

type Row = {
  id: number;
  status: TStaffBooking["status"];
  starts_at: string | Date;
  ends_at: string | Date;
  barber_id: number;
  barber_name: string;
  client_id: number | null;
  client_name: string;
  client_phone: string | null;
  services: { name: string; duration_minutes: number }[] | string;
  total: string;
  notes: string | null;
};

const iso = (v: string | Date) => new Date(v).toISOString();

function toBooking(access: StaffAccess, r: Row): TStaffBooking {
  return {
    id: r.id,
    status: r.status,
    starts_at: iso(r.starts_at),
    ends_at: iso(r.ends_at),
    barber: { id: r.barber_id, name: r.barber_name },
    client: {
      name: r.client_name,
      phone: phoneFor(access.roles, "clients.phone", r.client_phone, { isOwn: isOwnBarber(access, r.barber_id) }),
      is_guest: r.client_id === null,
    },
    services: typeof r.services === "string" ? JSON.parse(r.services) : r.services,
    total: r.total,
    notes: r.notes,
  };
}

const select = sql`select a.id, a.status, a.starts_at, a.ends_at, a.barber_id, br.name as barber_name, a.client_id, a.client_name,
    a.client_phone, a.total::text as total, a.notes,
    coalesce((select json_agg(json_build_object('name', s.name, 'duration_minutes', s.duration_minutes) order by s.service_id)
      from appointment_services s where s.appointment_id = a.id), '[]'::json) as services
  from appointments a join barbers br on br.id = a.barber_id`;

/**
 * A shop's local day of bookings: every barber's where the member's bookings permission reaches all, his own where
 * it reaches his own (a barber with no barbers row sees none).
 */
export async function listDayBookings(db: Db, access: StaffAccess, query: { date: string; barber_id?: number }): Promise<TStaffBookings> {
  const own = scopeOf(access.roles, "bookings.view") !== "all";
  if (query.barber_id !== undefined) {
    await barberOfShop(db, access, query.barber_id);
    requirePermission(access, "bookings.view", { isOwn: isOwnBarber(access, query.barber_id) });
  }
  const barber = own ? (access.barberId ?? 0) : query.barber_id;
  const [shop] = rowsOf(await db.execute(sql`select timezone from barbershops where id = ${access.shopId}`)) as { timezone: string }[];
  // The day's bounds in the shop's zone, so that the (barbershop_id, starts_at) index serves it.
  const rows = rowsOf(
    await db.execute(sql`${select}
      where a.barbershop_id = ${access.shopId}
        and a.starts_at >= (${query.date}::date)::timestamp at time zone ${shop.timezone}
        and a.starts_at < (${query.date}::date + 1)::timestamp at time zone ${shop.timezone}
        ${barber === undefined ? sql`` : sql`and a.barber_id = ${barber}`}
      order by a.starts_at, a.barber_id, a.id`),
  ) as Row[];
  return { date: query.date, timezone: shop.timezone, items: rows.map((r) => toBooking(access, r)) };
}

/** One booking of the shop; a barber opens his own only. */
export async function getStaffBooking(db: Db, access: StaffAccess, bookingId: number): Promise<{ booking: TStaffBooking }> {
  const found = await bookingOfShop(db, access, bookingId);
  const [row] = rowsOf(await db.execute(sql`${select} where a.id = ${found.id}`)) as Row[];
  return { booking: toBooking(access, row) };
}
