import { ZGuestPhone } from "./booking";
import { isMobileBr } from "./common";

it("takes a guest's mobile, masked or not, and refuses a landline, where WhatsApp reaches nobody", () => {
  for (const phone of ["(11) 91234-5678", "(11) 912345678", "+55 21 98765-4321"]) expect(ZGuestPhone.safeParse(phone).success).toBe(true);
  for (const phone of ["(11) 3333-4444", "(21) 2555-0101", "(11) 1234-5678"]) expect(ZGuestPhone.safeParse(phone).success).toBe(false);
  expect(isMobileBr("+5511912345678")).toBe(true);
  expect(isMobileBr("+551133334444")).toBe(false);
  expect(isMobileBr(null)).toBe(false);
});
