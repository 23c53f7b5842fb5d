// What the person types on the booking's last step, checked with the contract's own rules. Loaded
// when that step is near (use-booking.ts): zod, the contract and the phone rules are not in the
// booking page's first load (decision 0033).
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { ZCreateGuestAppointment, ZGuestEmail } from "@/lib/contract/booking";

/** A guest's e-mail is optional: left empty, it is not sent. */
export const ZGuestDetails = ZCreateGuestAppointment.pick({ name: true, phone: true, notes: true, whatsapp_opt_in: true }).extend({
  email: z.union([z.literal(""), ZGuestEmail]).optional(),
});
/** A signed-in client's name, phone and e-mail come from the account. */
export const ZClientDetails = ZGuestDetails.extend({ name: z.string(), phone: z.string(), email: z.string().optional() });

export const guestResolver = zodResolver(ZGuestDetails);
export const clientResolver = zodResolver(ZClientDetails);
