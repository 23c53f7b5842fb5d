// What the person types on the booking's last step, and a guest's name and phone for an alert when a
// time frees up, checked with the contract's own rules. Loaded once a date is chosen (use-booking.ts):
// zod, the contract and the phone rules are not in the booking page's first load (decision 0033).
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { ZCreateGuestAppointment, ZGuestEmail, ZGuestName, ZGuestPhone, ZPhoneCode } from "@/lib/contract/booking";

/** A guest's e-mail is optional: left empty, it is not sent. */
export const ZGuestDetails = ZCreateGuestAppointment.pick({ name: true, phone: true, notes: true, whatsapp_opt_in: true }).extend({
  email: z.union([z.literal(""), ZGuestEmail]).optional(),
});
/** A signed-in client's name, phone and e-mail come from the account. */
export const ZClientDetails = ZGuestDetails.extend({ name: z.string(), phone: z.string(), email: z.string().optional() });

export const guestResolver = zodResolver(ZGuestDetails);
export const clientResolver = zodResolver(ZClientDetails);

/**
 * A guest's name and phone for a waitlist entry (the fields of the contract's ZJoinGuestWaitlist) and, once the
 * server asked for it (its 428), the WhatsApp code.
 */
export const ZGuestWaitlistContact = z.object({ name: ZGuestName, phone: ZGuestPhone, phone_code: z.string() });
const ZGuestWaitlistCoded = ZGuestWaitlistContact.extend({ phone_code: ZPhoneCode });

export const guestWaitlistResolver = zodResolver(ZGuestWaitlistContact);
export const guestWaitlistCodedResolver = zodResolver(ZGuestWaitlistCoded);
